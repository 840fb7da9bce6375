import type { HooksConfig } from '@cosh/config';
import { EVENTS, type HookEvent, type SessionEvent } from '@cosh/spec';
import { callTouchedPaths, journalPaths } from './call-touched-paths.ts';
import type { EngineContext } from './engine-context.ts';
import { createEngineResources } from './engine-resources.ts';
import { compileEngineHooks } from './engine-selections.ts';
import { EVENT_VERDICT_RUNS, type EventVerdictRun, runEventCall } from './event-verdict-runs.ts';
import type {
  EventCall,
  EventResult,
  HookEngine,
  HookEngineOptions,
  PostToolUseCall,
  PreToolUseResult,
  SessionEventCall,
  ToolCall,
} from './hook-engine-types.ts';

/**
 * Creates the engine for one validated config (`loadHooks`, `parseConfig` or
 * `validateHooksConfig` of `@cosh/config` made it): matchers are compiled here, once (M5);
 * disabled entries (C5) and disabled events (C7) are as if absent. Command hooks run through
 * one runner (R11), HTTP hooks through one HTTP client whose connections stay open between calls
 * (H2); the engine owns both, and its host calls `close()` when done. Throws {@link HooksError}
 * only for runner or HTTP options that cannot work, before any call.
 *
 * @example
 * const { config } = await loadHooks({ cwd: '/work/project' });
 * const engine = createHookEngine(config, { cwd: '/work/project' });
 * const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' } });
 * await engine.close(); // closes the HTTP connections, waits for async hooks, ends the processes it kept
 */
export function createHookEngine(config: HooksConfig, options: HookEngineOptions = {}): HookEngine {
  const resources = createEngineResources(options);
  // Web Crypto's global: node:crypto stays off the cold path of `cosh hooks run`.
  let sessionId = options.sessionId;
  const selections = compileEngineHooks(config, options);
  const engine: EngineContext = {
    config,
    options,
    selections,
    resources,
    touchedPathsOf: callTouchedPaths(selections.home),
    sessionId() {
      sessionId ??= globalThis.crypto.randomUUID();
      return sessionId;
    },
    closed: false,
  };

  const { journal } = options;
  /** One verdict rule's runs; J1: each goes to the journal after its verdict is made, and a journal's failure is not the call's (J4). */
  function runsOf<Call, Result extends PreToolUseResult | EventResult<HookEvent>>(
    rule: EventVerdictRun<Call, Result>,
    pathsOf: (call: Call) => Promise<readonly string[]>,
  ): (event: HookEvent, call: Call) => Promise<Result> {
    if (journal === undefined) return (event, call) => runEventCall(engine, rule, event, call);
    return async (event, call) => {
      // J1's `paths` (F3): found while the hooks run, not after.
      const paths = pathsOf(call);
      const result = await runEventCall(engine, rule, event, call);
      try {
        const journaled = rule.journaled(event, call, result);
        if (journaled !== null)
          journal.record({ call: journaled, result, sessionId: engine.sessionId(), paths: await paths });
      } catch {
        // The verdict stands (J4).
      }
      return result;
    };
  }
  const toolCallPaths = (call: ToolCall | PostToolUseCall): Promise<readonly string[]> =>
    journalPaths(engine.touchedPathsOf, call, options.cwd);
  const toolCallRuns = runsOf(EVENT_VERDICT_RUNS['tool-call'], toolCallPaths);
  const toolOutputRuns = runsOf(EVENT_VERDICT_RUNS['tool-output'], toolCallPaths);
  // A session event touches no path.
  const sessionRuns = runsOf(EVENT_VERDICT_RUNS.session, async () => []);

  /** E6: any event, by the verdict rule its entry of the events table names. */
  function run<Event extends HookEvent>(event: Event, call: EventCall<Event>): Promise<EventResult<Event>> {
    const aggregator = EVENTS[event as HookEvent].aggregator;
    switch (aggregator) {
      case 'tool-call':
        return toolCallRuns(event, call as ToolCall) as Promise<EventResult<Event>>;
      case 'tool-output':
        return toolOutputRuns(event, call as PostToolUseCall) as Promise<EventResult<Event>>;
      case 'session':
        return sessionRuns(event, call as SessionEventCall<SessionEvent>) as Promise<EventResult<Event>>;
      default: {
        const never: never = aggregator;
        throw new Error(`unknown aggregator: ${JSON.stringify(never)}`);
      }
    }
  }

  return {
    config,
    run,
    // E6's wrappers: run() of these two events, without looking the event up.
    preToolUse: (call) => toolCallRuns('PreToolUse', call),
    postToolUse: (call) => toolOutputRuns('PostToolUse', call),

    async close() {
      engine.closed = true;
      await resources.close();
      await journal?.close();
    },

    async endResidentHook(hook) {
      await resources.endHook(hook);
    },
  };
}
