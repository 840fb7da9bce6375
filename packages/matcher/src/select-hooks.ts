import { matcherMatches, type MatcherTest } from './compile-matcher.ts';
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

/**
 * A remembered selection: pairs of (hook index, index of the hook it duplicates or -1). A typed
 * array holds no pointers, so keeping 256 of them costs the garbage collector almost nothing.
 */
type PackedSelection = Int32Array;

const memoByCompiled = new WeakMap<object, Map<string, PackedSelection>>();

function computeSelection(
  compiled: CompiledHooks<MatchableHook>,
  toolName: string,
  claudeToolName: string,
): PackedSelection {
  const { tests, testReadsClaudeName, testOfHook, commandOfHook, distinctCommands } = getCompiledInternals(compiled);
  const hookCount = testOfHook.length;
  // Each distinct matcher is tested once per tool name: 0 = not yet tested, 1 = match, 2 = no match.
  const verdicts = new Uint8Array(tests.length);
  // The first selected hook per command; -1 until one is selected (M4 looks at selected hooks only).
  const firstSelected = new Int32Array(distinctCommands).fill(-1);
  const packed = new Int32Array(hookCount * 2);
  let length = 0;

  for (let index = 0; index < hookCount; index += 1) {
    const testIndex = testOfHook[index] as number;
    let verdict = verdicts[testIndex] as number;
    if (verdict === 0) {
      const name = testReadsClaudeName[testIndex] === 1 ? claudeToolName : toolName;
      verdict = matcherMatches(tests[testIndex] as MatcherTest, name) ? 1 : 2;
      verdicts[testIndex] = verdict;
    }
    if (verdict !== 1) continue;

    const commandIndex = commandOfHook[index] as number;
    const first = firstSelected[commandIndex] as number;
    if (first === -1) firstSelected[commandIndex] = index;
    packed[length] = index;
    packed[length + 1] = first;
    length += 2;
  }
  return packed.slice(0, length);
}

function unpack<H extends MatchableHook>(compiled: CompiledHooks<H>, packed: PackedSelection): HookSelection<H>[] {
  const { runningSelections, duplicateSelection } = getCompiledInternals(compiled);
  const selection = new Array<HookSelection<H>>(packed.length / 2);
  for (let position = 0; position < selection.length; position += 1) {
    const index = packed[position * 2] as number;
    const first = packed[position * 2 + 1] as number;
    selection[position] = (
      first === -1 ? runningSelections[index] : duplicateSelection(index, first)
    ) as HookSelection<H>;
  }
  return selection;
}

/**
 * The hooks whose matcher finds a match in `toolName` (M1), in config order (M3), with identical
 * commands deduplicated: the first runs, the others name it in `duplicateOf` (M4). Compiles
 * nothing (M5); results are remembered per tool name (bounded). Each call returns a fresh array
 * the caller may change; the selection objects in it are frozen and shared.
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
  let memo = memoByCompiled.get(compiled);
  if (memo === undefined) {
    // Validates `compiled` before anything is remembered for it.
    getCompiledInternals(compiled);
    memo = new Map();
    memoByCompiled.set(compiled, memo);
  }
  // The length prefix keeps the two names apart whatever characters they hold.
  const memoKey = `${toolName.length}:${toolName}${claudeToolName}`;
  let packed = memo.get(memoKey);
  if (packed === undefined) {
    packed = computeSelection(compiled, toolName, claudeToolName);
    if (memo.size >= MEMO_LIMIT) {
      // Maps iterate in insertion order: drop the oldest name.
      const oldest = memo.keys().next();
      if (oldest.done !== true) memo.delete(oldest.value);
    }
    memo.set(memoKey, packed);
  }
  return unpack(compiled, packed);
}
