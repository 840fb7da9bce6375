import { compileClaudeMatcher } from './compile-claude-matcher.ts';
import { compileMatcher, type MatcherTest } from './compile-matcher.ts';
import { dedupeKey, type HookProtocol, protocolOf } from './dedupe-key.ts';

/** The fields of a hook entry that matching needs (M1, M4, K2); any richer hook type fits. */
export interface MatchableHook {
  /** The shell command; identical commands of one protocol among the selected hooks run once (M4). */
  readonly command?: string | null | undefined;
  /** An HTTP hook's address (H1), compared with its headers and protocol instead of a command. */
  readonly url?: string | null | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * Cosh's matcher: a regular expression searched in the tool name; absent or `""` matches every
   * tool (M1). A `protocol: 'claude'` hook's matcher follows Claude Code's rules instead (K2).
   */
  readonly matcher?: string | undefined;
  /** `'claude'`: the matcher is tested on the Claude tool name by Claude's rules (K1, K2). Default `'cosh'`. */
  readonly protocol?: HookProtocol | undefined;
}

/**
 * A hook whose matcher does not compile: it never runs (M2). Tooling that reports it with a fix
 * uses `checkMatcher` of `@cosh/config`, which validates setup.json.
 */
export interface InvalidMatcher<H extends MatchableHook> {
  readonly hook: H;
  /** Position of the hook in the list given to {@link compileHooks}. */
  readonly index: number;
  readonly matcher: string;
  /** The engine's own message, e.g. `Invalid regular expression: … Nothing to repeat`. */
  readonly error: string;
}

/**
 * Hooks with their matchers compiled, built once per loaded config (M5) by
 * {@link compileHooks} and passed to `selectHooks` for every tool call.
 */
export interface CompiledHooks<H extends MatchableHook> {
  /** The hooks, in config order, as given. */
  readonly hooks: readonly H[];
  /** The hooks that can never run because their matcher does not compile (M2), in config order. */
  readonly invalidMatchers: readonly InvalidMatcher<H>[];
}

/** What `selectHooks` needs, kept out of reach of callers so nobody can swap a regex. */
export interface CompiledInternals {
  /** One entry per distinct matcher string. */
  readonly tests: readonly MatcherTest[];
  /** For each test, 1 when it reads the Claude tool name (a `protocol: 'claude'` matcher, K2). */
  readonly testReadsClaudeName: Uint8Array;
  /** For each hook (config order), the index of its matcher in `tests`. */
  readonly testOfHook: Int32Array;
  /** For each hook, a small integer naming its {@link dedupeKey}: equal keys share one (M4). */
  readonly commandOfHook: Int32Array;
  readonly distinctCommands: number;
  /**
   * For each hook, its selection when it runs (`duplicateOf: null`), made once: selecting then
   * allocates nothing per selected hook, which keeps a 1,000-hook selection well under 0.1 ms.
   */
  readonly runningSelections: readonly { readonly hook: unknown; readonly duplicateOf: null }[];
  /** The frozen selection of hook `index` deduplicated against hook `first`, made once per pair. */
  readonly duplicateSelection: (
    index: number,
    first: number,
  ) => { readonly hook: unknown; readonly duplicateOf: unknown };
}

const internalsByCompiled = new WeakMap<object, CompiledInternals>();

/** @internal Used by `selectHooks`; throws for an object that `compileHooks` did not make. */
export function getCompiledInternals(compiled: CompiledHooks<MatchableHook>): CompiledInternals {
  const internals = internalsByCompiled.get(compiled);
  if (internals === undefined) {
    throw new TypeError('selectHooks expects the value returned by compileHooks');
  }
  return internals;
}

const DUPLICATE_SELECTION_LIMIT = 10_000;

/**
 * Duplicate selections are made on first use and kept: a hook is only ever deduplicated against
 * a hook earlier in the list with the same command, so the pairs are few in any real config.
 */
function makeDuplicateSelections(
  hooks: readonly MatchableHook[],
): (index: number, first: number) => { readonly hook: unknown; readonly duplicateOf: unknown } {
  const made = new Map<number, { readonly hook: unknown; readonly duplicateOf: unknown }>();
  return (index, first) => {
    const key = index * hooks.length + first;
    let selection = made.get(key);
    if (selection === undefined) {
      selection = Object.freeze({ hook: hooks[index], duplicateOf: hooks[first] });
      // A pathological config (one command under hundreds of matchers) must not grow this forever.
      if (made.size < DUPLICATE_SELECTION_LIMIT) made.set(key, selection);
    }
    return selection;
  };
}

/**
 * Compile every hook's matcher once (M5), by its protocol's rules: Cosh's regex (M1) or Claude's
 * (K2). Identical matcher strings of one protocol share one compiled test; a matcher that does
 * not compile makes its hook never match (M2) and is listed in `invalidMatchers` for tooling.
 * Never throws.
 *
 * @example
 * const compiled = compileHooks(config.hooks.PreToolUse);
 * const selected = selectHooks(compiled, 'bash_run');
 */
export function compileHooks<H extends MatchableHook>(hooks: readonly H[]): CompiledHooks<H> {
  const ownHooks = Object.freeze([...hooks]);
  const tests: MatcherTest[] = [];
  const testReadsClaudeName: number[] = [];
  // One map per protocol: the same text means different things under each (K2).
  const testIndexByMatcher = { cosh: new Map<unknown, number>(), claude: new Map<unknown, number>() };
  const errorByTest = new Map<number, string>();
  const commandIndexByKey = new Map<string, number>();
  let distinctCommands = 0;
  const testOfHook = new Int32Array(ownHooks.length);
  const commandOfHook = new Int32Array(ownHooks.length);
  const invalidMatchers: InvalidMatcher<H>[] = [];

  ownHooks.forEach((hook, index) => {
    const matcher: unknown = hook.matcher;
    const protocol = protocolOf(hook);
    let testIndex = testIndexByMatcher[protocol].get(matcher);
    if (testIndex === undefined) {
      const compilation = protocol === 'claude' ? compileClaudeMatcher(matcher) : compileMatcher(matcher);
      testIndex = tests.length;
      tests.push(compilation.ok ? compilation.test : { kind: 'none' });
      testReadsClaudeName.push(protocol === 'claude' ? 1 : 0);
      testIndexByMatcher[protocol].set(matcher, testIndex);
      if (!compilation.ok) errorByTest.set(testIndex, compilation.error);
    }
    // Every hook with a broken matcher is listed, not only the first to use that matcher.
    const error = errorByTest.get(testIndex);
    if (error !== undefined) {
      invalidMatchers.push({
        hook,
        index,
        matcher: String(matcher),
        error,
      });
    }
    testOfHook[index] = testIndex;

    const key = dedupeKey(hook);
    let commandIndex = key === null ? undefined : commandIndexByKey.get(key);
    if (commandIndex === undefined) {
      // A hook without a key gets a number of its own: it is never merged with another.
      commandIndex = distinctCommands;
      distinctCommands += 1;
      if (key !== null) commandIndexByKey.set(key, commandIndex);
    }
    commandOfHook[index] = commandIndex;
  });

  const compiled: CompiledHooks<H> = Object.freeze({
    hooks: ownHooks,
    invalidMatchers: Object.freeze(invalidMatchers),
  });
  internalsByCompiled.set(compiled, {
    tests,
    testReadsClaudeName: Uint8Array.from(testReadsClaudeName),
    testOfHook,
    commandOfHook,
    distinctCommands,
    runningSelections: ownHooks.map((hook) => Object.freeze({ hook, duplicateOf: null })),
    duplicateSelection: makeDuplicateSelections(ownHooks),
  });
  return compiled;
}
