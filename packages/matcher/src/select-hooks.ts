import type { CompiledHooks, MatchableHook } from './compile-hooks.ts';
import type { PathGlobTest } from './compile-path-globs.ts';
import { markCandidates } from './path-index.ts';
import type { TouchedPaths } from './touched-paths.ts';

/** One selected hook. A non-null `duplicateOf` means it is deduplicated (M4): it does not run. */
export interface HookSelection<H> {
  readonly hook: H;
  /** The first selected hook (config order) with the identical command, or `null` if this one runs. */
  readonly duplicateOf: H | null;
  /**
   * F3: for a hook with `paths`, the touched paths that matched one of its globs (absolute, in the
   * call's order); absent for a hook without `paths`.
   */
  readonly paths?: readonly string[];
  /** F3: `true` when the call could touch any path (F2) and the hook was selected for that. */
  readonly pathsUnknown?: boolean;
}

/** The touched paths one hook's globs match (F1, F2: a folder counts when a glob could match below it). */
function matchedPaths(test: PathGlobTest, touched: TouchedPaths): string[] {
  const matched: string[] = [];
  for (const path of touched.paths) {
    const folder = touched.folders.length > 0 && touched.folders.includes(path);
    if (folder ? test.matchesFolderOrBelow(path) : test.matches(path)) matched.push(path);
  }
  return matched;
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
 * With `touched` (F2), a hook with `paths` is selected only when one touched path matches one of
 * its globs, or when the call could touch any path (`touched.unknown`: fail closed), and its
 * selection carries the paths that matched (F3); a Claude hook's `if` is tested too (F5). Without
 * `touched`, `paths` and `if` are not looked at: the caller asks again with them when
 * `compiled.readsPaths` and a selected hook has either.
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
  touched?: TouchedPaths,
): HookSelection<H>[] {
  const { hooks, matchers, matcherOfHook, commandOfHook, pathsOfHook, ifOfHook, pathIndex } = compiled;
  // F4: the hooks with `paths` a touched path could select, from the index; the others are not
  // tested. A folder (F2) may hold anything: every such hook is tested then.
  let candidates: Uint8Array | null = null;
  if (touched !== undefined && !touched.unknown && touched.folders.length === 0) {
    candidates = new Uint8Array(hooks.length);
    for (const path of touched.paths) markCandidates(pathIndex, path, candidates);
  }
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
    let paths: readonly string[] | undefined;
    if (touched !== undefined) {
      const ifTest = ifOfHook[index];
      if (ifTest != null && !ifTest(claudeToolName, touched)) continue;
      const pathsTest = pathsOfHook[index];
      if (pathsTest != null) {
        if (candidates !== null && candidates[index] === 0) continue;
        paths = matchedPaths(pathsTest, touched);
        if (paths.length === 0 && !touched.unknown) continue;
      }
    }
    const hook = hooks[index] as H;
    const command = commandOfHook[index] as number;
    const first = command === -1 ? undefined : firstOfCommand[command];
    if (first === undefined && command !== -1) firstOfCommand[command] = hook;
    selection.push(
      paths === undefined
        ? { hook, duplicateOf: first ?? null }
        : touched?.unknown === true
          ? { hook, duplicateOf: first ?? null, paths, pathsUnknown: true }
          : { hook, duplicateOf: first ?? null, paths },
    );
  }
  return selection;
}

/** Whether a selection made without touched paths holds a hook whose `paths` or `if` must still be tested (F1, F5). */
export function selectionReadsPaths<H extends MatchableHook>(
  compiled: CompiledHooks<H>,
  selection: readonly HookSelection<H>[],
): boolean {
  if (!compiled.readsPaths) return false;
  for (const { hook } of selection) {
    if (hook.paths != null || (hook.protocol === 'claude' && hook.if != null)) return true;
  }
  return false;
}
