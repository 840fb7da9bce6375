import {
  aggregatePostToolUse,
  aggregatePreToolUse,
  type HookOutcome,
  type PostToolUseVerdict,
  type PreToolUseVerdict,
} from '@cosh/aggregate';
import { HOOK_EVENTS, type HookEvent, type HooksConfig } from '@cosh/config';
import { type CompiledHooks, compileHooks, selectHooks } from '@cosh/matcher';
import { createHookRunner, type HookRunner, type RunnerOptions } from '@cosh/runner';
import { failedPostToolUse, failedPreToolUse } from './failed-results.ts';
import { hookPayload } from './hook-payload.ts';
import type { HookReport } from './hook-report.ts';
import { HooksError } from './hooks-error.ts';
import { type PreparedHook, prepareHooks } from './prepare-hooks.ts';
import type { HookEngine, HookEngineOptions, ToolCall } from './hook-engine-types.ts';
import { runEventHooks } from './run-event-hooks.ts';
import { describeError } from './describe-error.ts';
import { isRecord } from './is-record.ts';

// After a timeout the runner answers within its kill grace plus a few milliseconds, 0.9 s at
// worst (the wait for the shell's exit after SIGKILL, the drain, the wait for the killed
// processes to die). The watchdog waits 0.7 s past the grace, counted from the hook's spawn, so
// L6's "largest timeout + 2 s" holds with the default 1 s grace even on a loaded machine; if it
// fires first, the hook is reported as timed out and the runner finishes the kill in the
// background. A hook that waits for a free slot (R11: more hooks running at once than the
// runner's limit) starts its clock when it spawns, so an event's bound grows by that wait.
const watchdogSlackMs = 700;

function checkConfig(config: HooksConfig): Record<HookEvent, boolean> {
  if (!isRecord(config)) throw new HooksError('E_HOOKS_INVALID_CONFIG', 'the hooks config must be an object');
  if (config.hooks !== undefined && !isRecord(config.hooks)) {
    throw new HooksError('E_HOOKS_INVALID_CONFIG', 'config.hooks must be an object of event name → hook entries');
  }
  const toggles: unknown = config.hooksEnabled;
  if (toggles !== undefined && !isRecord(toggles)) {
    throw new HooksError('E_HOOKS_INVALID_CONFIG', 'config.hooksEnabled must be an object of event name → boolean');
  }
  const enabled = { PreToolUse: true, PostToolUse: true };
  for (const event of HOOK_EVENTS) {
    const value = toggles?.[event];
    if (value !== undefined && typeof value !== 'boolean') {
      throw new HooksError('E_HOOKS_INVALID_CONFIG', `config.hooksEnabled.${event} must be a boolean`);
    }
    enabled[event] = value !== false;
  }
  return enabled;
}

/** Checks the options and creates the engine's one runner (R11) from them. */
function checkOptions(options: HookEngineOptions): HookRunner {
  if (!isRecord(options)) throw new HooksError('E_HOOKS_INVALID_OPTIONS', 'engine options must be an object');
  if (options.cwd !== undefined && typeof options.cwd !== 'string') {
    throw new HooksError('E_HOOKS_INVALID_OPTIONS', 'options.cwd must be a string');
  }
  if (options.env !== undefined && !isRecord(options.env)) {
    throw new HooksError('E_HOOKS_INVALID_OPTIONS', 'options.env must be an object of strings');
  }
  try {
    return createHookRunner((options as HookEngineOptions).runner);
  } catch (error) {
    throw new HooksError('E_HOOKS_INVALID_OPTIONS', describeError(error), { cause: error });
  }
}

/** Why the engine cannot describe this call to hooks, or `null` when it can. */
function callProblem(call: unknown, event: HookEvent): string | null {
  if (!isRecord(call)) return 'the call must be an object';
  if (typeof call['toolName'] !== 'string') return 'toolName must be a string';
  // An environment variable cannot hold NUL, so COSH_TOOL_NAME could not carry the name (R4),
  // and a tool host reading the name as a C string would see only what precedes the NUL: a
  // matcher `^bash_run$` misses `bash_run\0x` while such a host runs bash_run. Refused even
  // when no hook matches, for that second reason.
  if (call['toolName'].includes('\u0000')) {
    return 'toolName contains a NUL character (U+0000), which no hook can be given in COSH_TOOL_NAME';
  }
  if (!isRecord(call['toolInput'])) return 'toolInput must be a JSON object';
  if (call['cwd'] !== undefined && typeof call['cwd'] !== 'string') return 'cwd must be a string';
  if (event === 'PostToolUse') {
    if (typeof call['toolOutput'] !== 'string') return 'toolOutput must be a string';
    const context = call['preToolUseContext'];
    if (context !== undefined && typeof context !== 'string') return 'preToolUseContext must be a string';
  }
  return null;
}

/**
 * Creates the engine for one loaded config: matchers are compiled here, once (M5); disabled
 * entries (C5) and disabled events (C7) are as if absent. Throws {@link HooksError} only for a
 * config or options that are not of the right shape at all (before any call); a malformed
 * single entry is reported as a failed hook at each call instead.
 *
 * @example
 * const { config } = await loadConfig();
 * const engine = createHookEngine(config, { cwd: '/work/project' });
 * const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' } });
 */
export function createHookEngine(config: HooksConfig, options: HookEngineOptions = {}): HookEngine {
  const enabled = checkConfig(config);
  const hookRunner = checkOptions(options);
  const compiled: Record<HookEvent, CompiledHooks<PreparedHook>> = {
    PreToolUse: compileHooks(prepareHooks(config, 'PreToolUse')),
    PostToolUse: compileHooks(prepareHooks(config, 'PostToolUse')),
  };
  const killAllowanceMs = hookRunner.options.killGraceMs + watchdogSlackMs;

  interface EventRun {
    readonly hooks: readonly HookReport[];
    readonly outcomes: readonly HookOutcome[];
  }

  async function runHooksOf(event: HookEvent, call: ToolCall, toolOutput?: string): Promise<EventRun> {
    if (!enabled[event]) return { hooks: [], outcomes: [] };
    const selections = selectHooks(compiled[event], call.toolName);
    if (selections.length === 0) return { hooks: [], outcomes: [] };

    let setupProblem: string | null = null;
    let stdin = new Uint8Array(0);
    try {
      // Encoded once: every hook of the call is given this one buffer, never a copy (R11).
      stdin = Buffer.from(hookPayload({ event, toolName: call.toolName, toolInput: call.toolInput, toolOutput }));
    } catch (error) {
      setupProblem = `the tool input cannot be sent as JSON: ${describeError(error)}`;
    }
    let cwd = '';
    try {
      cwd = call.cwd ?? options.cwd ?? process.cwd();
    } catch (error) {
      // process.cwd() throws when the host's directory was removed.
      setupProblem ??= `no working directory: ${describeError(error)}`;
    }
    const run = await runEventHooks(selections, {
      event,
      toolName: call.toolName,
      stdin,
      hostEnvironment: options.env ?? process.env,
      cwd,
      hookRunner,
      killAllowanceMs,
      setupProblem,
    });
    return { hooks: run.reports, outcomes: run.outcomes };
  }

  return {
    config,

    async preToolUse(call) {
      const startedAt = performance.now();
      try {
        const problem = callProblem(call, 'PreToolUse');
        if (problem !== null) return failedPreToolUse(call, `invalid tool call: ${problem}`, startedAt);
        const run = await runHooksOf('PreToolUse', call);
        const verdict = aggregatePreToolUse(call.toolInput, run.outcomes);
        return {
          event: 'PreToolUse',
          toolName: call.toolName,
          ...verdict,
          hooks: run.hooks,
          durationMs: performance.now() - startedAt,
        };
      } catch (error) {
        return failedPreToolUse(call, `hook engine failed: ${describeError(error)}`, startedAt);
      }
    },

    async postToolUse(call) {
      const startedAt = performance.now();
      try {
        const problem = callProblem(call, 'PostToolUse');
        if (problem !== null) return failedPostToolUse(call, `invalid tool call: ${problem}`, startedAt);
        const run = await runHooksOf('PostToolUse', call, call.toolOutput);
        const verdict = aggregatePostToolUse(
          { toolOutput: call.toolOutput, preToolUseContext: call.preToolUseContext },
          run.outcomes,
        );
        return {
          event: 'PostToolUse',
          toolName: call.toolName,
          toolInput: call.toolInput,
          ...verdict,
          hooks: run.hooks,
          durationMs: performance.now() - startedAt,
        };
      } catch (error) {
        return failedPostToolUse(call, `hook engine failed: ${describeError(error)}`, startedAt);
      }
    },
  };
}
