// `cosh hooks explain` (SPEC X): for every hook of the config, would it run for this call, and if
// not why. Made from the engine's own steps (compileEventHooks, then @cosh/matcher's
// explainSelection over selectHooks), so what it says is what a call runs. Nothing runs.
import {
  claudeProjectDirOnDisk,
  formatJsonPath,
  type HookEntry,
  type HookEvent,
  type HooksConfig,
  homeFolder,
} from '@cosh/config';
import {
  type CompiledHooks,
  type CompileHooksOptions,
  compileHooks,
  explainSelection,
  type SelectionSkip,
} from '@cosh/matcher';
import { EVENTS, toClaudeToolName } from '@cosh/spec';
import { hookTargetOf } from './hook-kinds.ts';
import { type TouchedPathsResult, touchedPaths } from './touched-paths.ts';

/**
 * The hooks of one event an engine selects from (C5, C7, C10, S5: those that are not off), with
 * their matchers compiled (M5) and each rule's test too (D1). The engine and `explainToolCall`
 * both start here.
 */
export function compileEventHooks(
  config: HooksConfig,
  event: HookEvent,
  options?: CompileHooksOptions,
): CompiledHooks<HookEntry> {
  const hooks = config.hooks[event].filter((hook) => hook.off === null);
  // M5, D1: a rule's regexes and globs are compiled with the config, not at its first call.
  for (const hook of hooks) if (hook.rule !== null) hookTargetOf(hook);
  // An event with no matcher subject (E1, E3) runs its hooks for every call: their matchers,
  // warned about at load, select nothing away.
  const selectable = EVENTS[event].matcherSubject === 'none' ? hooks.map((hook) => ({ ...hook, matcher: '' })) : hooks;
  return compileHooks(selectable, options);
}

/** One hook of the config, and whether a call would run it (`hooks explain`). */
export interface HookExplanation {
  readonly hook: HookEntry;
  /** It runs for this call. */
  readonly selected: boolean;
  /** Why it does not run, in words; `null` when it runs. */
  readonly reason: string | null;
}

/** A tool call as `explainToolCall` reads it: what selecting hooks depends on. */
export interface ExplainedCall {
  readonly toolName: string;
  readonly toolInput: Readonly<Record<string, unknown>>;
  /** A proxied MCP tool's server (K3: its Claude name is `mcp__<server>__<tool>`). */
  readonly mcpServer?: string | undefined;
}

/** Where the call runs, as an engine is told (F1, F2: relative globs, `~/`, relative words). */
export interface ExplainPlace {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** The project layer's folder, when one was found (C10). */
  readonly projectFolder?: string | null | undefined;
}

/** `explainToolCall`'s answer: each hook, and the paths the call touches (F3). */
export interface ToolCallExplanation {
  readonly hooks: HookExplanation[];
  readonly touched: TouchedPathsResult;
}

/**
 * Every hook of `event` in config order (layers in order, C10), with whether this call would run
 * it and, if not, exactly why: its event is off, it is off, its file is not trusted, its matcher
 * does not match (or does not compile), its `paths` match none of the touched paths, its `if`
 * does not hold, it is deduplicated against an earlier hook, or a script it names changed since it
 * was trusted. A config refused as a whole (S5) is the caller's to say.
 */
export async function explainToolCall(
  config: HooksConfig,
  event: HookEvent,
  call: ExplainedCall,
  place: ExplainPlace,
): Promise<ToolCallExplanation> {
  const claudeToolName = toClaudeToolName(call.toolName, call.mcpServer, call.toolInput);
  const home = homeFolder(place.env);
  const projectRoot = claudeProjectDirOnDisk({
    projectFolder: place.projectFolder ?? null,
    cwd: place.cwd,
    env: place.env,
  });
  // The engine's own first step, with the same globs' home and root (engine-selections.ts).
  const compiled = compileEventHooks(config, event, { home, projectRoot });
  const touched = await touchedPaths(call, { cwd: place.cwd, home });
  const byHook = new Map(
    explainSelection(compiled, call.toolName, claudeToolName, touched).map((entry) => [entry.hook, entry] as const),
  );
  const hooks = config.hooks[event].map((hook): HookExplanation => {
    const off = offReason(hook, event);
    if (off !== null) return { hook, selected: false, reason: off };
    const explained = byHook.get(hook);
    if (explained === undefined) return { hook, selected: false, reason: 'not loaded' };
    if (explained.skip !== null) return { hook, selected: false, reason: skipReason(explained.skip, call.toolName) };
    // S5: it is selected, but never runs: it counts as a deny.
    if (hook.trustProblem !== null) {
      return { hook, selected: false, reason: `${hook.trustProblem}; it does not run and counts as a deny` };
    }
    return { hook, selected: true, reason: null };
  });
  return { hooks, touched };
}

function offReason(hook: HookEntry, event: HookEvent): string | null {
  switch (hook.off) {
    case null:
      return null;
    case 'disabled':
      return 'hook off: "enabled": false';
    case 'event-disabled':
      return `event off: hooksEnabled.${event} is false`;
    case 'managed-event-disabled':
      return `event off: hooksEnabled.${event} is false in the managed file`;
    case 'managed-only':
      return 'off: the managed file sets "allowManagedHooksOnly": true';
    case 'untrusted':
      return `file not trusted: ${hook.file ?? '(no file)'} is not loaded (run cosh hooks trust)`;
    default: {
      const never: never = hook.off;
      return String(never);
    }
  }
}

function skipReason(skip: SelectionSkip<HookEntry>, toolName: string): string {
  switch (skip.step) {
    case 'matcher':
      return skip.testedName === toolName
        ? `matcher ${JSON.stringify(skip.matcher)} does not match ${JSON.stringify(toolName)}`
        : `matcher ${JSON.stringify(skip.matcher)} (Claude's rules) does not match ${JSON.stringify(skip.testedName)}, the Claude name of ${JSON.stringify(toolName)}`;
    case 'invalid-matcher':
      return `invalid matcher ${JSON.stringify(skip.matcher)} (${skip.error}): this hook never runs`;
    case 'deduplicated': {
      const first = skip.duplicateOf;
      const where = first.file === null ? first.layer : `${first.layer} file ${first.file}`;
      return `deduplicated: the same hook as ${JSON.stringify(first.name)} (${where}, ${formatJsonPath(['hooks', first.event, first.index])}), which runs instead`;
    }
    case 'paths':
      return skip.touched.length === 0
        ? `paths ${JSON.stringify(skip.globs)}: the call touches no path`
        : `paths ${JSON.stringify(skip.globs)} match none of the touched paths: ${skip.touched.join(', ')}`;
    case 'if':
      return `if ${JSON.stringify(skip.rule)} does not hold for this call`;
    default: {
      const never: never = skip;
      return String(never);
    }
  }
}
