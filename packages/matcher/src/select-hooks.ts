import { getCompiledInternals, type CompiledHooks, type MatchableHook } from './compile-hooks.ts';

/** One selected hook. A non-null `duplicateOf` means it is deduplicated (M4): it does not run. */
export interface HookSelection<H> {
  readonly hook: H;
  /** The first selected hook (config order) with the identical command, or `null` if this one runs. */
  readonly duplicateOf: H | null;
}

/**
 * How many tool names each compiled config remembers. Tool names come from the host and from
 * proxied MCP servers, so the memo must stay bounded whatever they send.
 */
const MEMO_LIMIT = 256;

const memoByCompiled = new WeakMap<object, Map<string, readonly HookSelection<MatchableHook>[]>>();

function computeSelection<H extends MatchableHook>(
  compiled: CompiledHooks<H>,
  toolName: string,
): readonly HookSelection<H>[] {
  const { tests, testOfHook, commandOfHook, distinctCommands, runningSelections } = getCompiledInternals(compiled);
  // Each distinct matcher is tested once per tool name: 0 = not yet tested, 1 = match, 2 = no match.
  const verdicts = new Uint8Array(tests.length);
  // The first selected hook per command; -1 until one is selected (M4 looks at selected hooks only).
  const firstSelected = new Int32Array(distinctCommands).fill(-1);
  const hooks = compiled.hooks;
  const selection: HookSelection<H>[] = [];

  for (let index = 0; index < hooks.length; index += 1) {
    const testIndex = testOfHook[index] as number;
    let verdict = verdicts[testIndex] as number;
    if (verdict === 0) {
      const test = tests[testIndex];
      let matches = false;
      if (test?.kind === 'all') {
        matches = true;
      } else if (test?.kind === 'regex') {
        // Without `g`/`y`, `test` neither reads nor writes `lastIndex`; resetting anyway keeps a
        // result independent of any earlier call should that ever change.
        test.regex.lastIndex = 0;
        matches = test.regex.test(toolName);
      }
      verdict = matches ? 1 : 2;
      verdicts[testIndex] = verdict;
    }
    if (verdict !== 1) continue;

    const hook = hooks[index] as H;
    const commandIndex = commandOfHook[index] as number;
    const first = firstSelected[commandIndex] as number;
    if (first === -1) {
      firstSelected[commandIndex] = index;
      selection.push(runningSelections[index] as HookSelection<H>);
    } else {
      selection.push(Object.freeze({ hook, duplicateOf: hooks[first] as H }));
    }
  }
  return selection;
}

/**
 * The hooks whose matcher finds a match in `toolName` (M1), in config order (M3), with identical
 * commands deduplicated: the first runs, the others name it in `duplicateOf` (M4). Compiles
 * nothing (M5); results are remembered per tool name (bounded), and each call returns a fresh
 * array the caller may change.
 *
 * @example
 * for (const { hook, duplicateOf } of selectHooks(compiled, 'fs_read')) {
 *   if (duplicateOf === null) start(hook);
 * }
 */
export function selectHooks<H extends MatchableHook>(
  compiled: CompiledHooks<H>,
  toolName: string,
): HookSelection<H>[] {
  let memo = memoByCompiled.get(compiled);
  if (memo === undefined) {
    memo = new Map();
    memoByCompiled.set(compiled, memo);
  }
  const remembered = memo.get(toolName) as readonly HookSelection<H>[] | undefined;
  if (remembered !== undefined) return [...remembered];

  const selection = computeSelection(compiled, toolName);
  if (memo.size >= MEMO_LIMIT) {
    // Maps iterate in insertion order: drop the oldest name.
    const oldest = memo.keys().next();
    if (oldest.done !== true) memo.delete(oldest.value);
  }
  memo.set(toolName, selection);
  return [...selection];
}
