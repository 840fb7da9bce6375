import type { CompiledHooks, MatchableHook } from './compile-hooks.ts';

/** One selected hook. A non-null `duplicateOf` means it is deduplicated (M4): it does not run. */
export interface HookSelection<H> {
  readonly hook: H;
  /** The first selected hook (config order) with the identical command, or `null` if this one runs. */
  readonly duplicateOf: H | null;
}

/**
 * The hooks whose matcher finds a match in `toolName` (M1), in config order (M3), with identical
 * commands deduplicated: the first runs, the others name it in `duplicateOf` (M4). Compiles
 * nothing (M5), and tests each distinct matcher once per call.
 *
 * A `protocol: 'claude'` hook is matched against `claudeToolName` instead (K2): the caller gives
 * the tool's Claude name (K3: `Bash` for `bash_run`, `mcp__server__tool` for a proxied tool). It
 * defaults to `toolName`, for a tool whose name is the same in both.
 *
 * @example
 * for (const { hook, duplicateOf } of selectHooks(compiled, 'fs_read', 'Read')) {
 *   if (duplicateOf === null) start(hook);
 * }
 */
export function selectHooks<H extends MatchableHook>(
  compiled: CompiledHooks<H>,
  toolName: string,
  claudeToolName: string = toolName,
): HookSelection<H>[] {
  const { hooks, matchers, matcherOfHook, commandOfHook } = compiled;
  const matches: (boolean | undefined)[] = new Array(matchers.length);
  // The first selected hook of each command: M4 looks at selected hooks only.
  const firstOfCommand: (H | undefined)[] = [];
  const selection: HookSelection<H>[] = [];
  for (let index = 0; index < hooks.length; index += 1) {
    const position = matcherOfHook[index] as number;
    let matched = matches[position];
    if (matched === undefined) {
      const { test, readsClaudeName } = matchers[position] as (typeof matchers)[number];
      matched = test(readsClaudeName ? claudeToolName : toolName);
      matches[position] = matched;
    }
    if (!matched) continue;
    const hook = hooks[index] as H;
    const command = commandOfHook[index] as number;
    const first = command === -1 ? undefined : firstOfCommand[command];
    if (first === undefined && command !== -1) firstOfCommand[command] = hook;
    selection.push({ hook, duplicateOf: first ?? null });
  }
  return selection;
}
