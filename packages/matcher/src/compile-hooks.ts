import { type ClaudeIfTest, compileClaudeIf } from './compile-claude-if.ts';
import { compileClaudeMatcher } from './compile-claude-matcher.ts';
import { compileMatcher, type ToolNameTest } from './compile-matcher.ts';
import { compilePathGlobs, type PathGlobTest } from './compile-path-globs.ts';
import { buildPathIndex, type PathIndex } from './path-index.ts';
import { dedupeKey, type HookProtocol, protocolOf } from './dedupe-key.ts';

/** The fields of a hook entry that matching needs (M1, M4, K2); any richer hook type fits. */
export interface MatchableHook {
  /** The shell command; identical commands of one protocol among the selected hooks run once (M4). */
  readonly command?: string | null | undefined;
  /** An HTTP hook's address (H1), compared with its headers and protocol instead of a command. */
  readonly url?: string | null | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** A rule hook's rule (D1): identical rule texts among the selected hooks run once (M4). */
  readonly rule?: { readonly text: string } | null | undefined;
  /**
   * Cosh's matcher: a regular expression searched in the tool name; absent or `""` matches every
   * tool (M1). A `protocol: 'claude'` hook's matcher follows Claude Code's rules instead (K2).
   */
  readonly matcher?: string | undefined;
  /** `'claude'`: the matcher is tested on the Claude tool name by Claude's rules (K1, K2). Default `'cosh'`. */
  readonly protocol?: HookProtocol | undefined;
  /** The setup.json it comes from: identical commands dedupe only within one folder (M4). */
  readonly file?: string | null | undefined;
  /** F1: globs of which a touched path must match one; absent or `null`: any call (the matcher alone decides). */
  readonly paths?: readonly string[] | null | undefined;
  /** F1: the folder relative `paths` are taken from (the setup.json's, the project root for `.cosh/setup.json`). */
  readonly pathsFolder?: string | null | undefined;
  /** F5: Claude Code's `"if": "Tool(pattern)"` (a `protocol: 'claude'` hook); absent or `null`: none. */
  readonly if?: string | null | undefined;
}

/** Where `paths` and `if` are taken from when a hook does not say (F1, F5). */
export interface CompileHooksOptions {
  /** `~/` in a glob. */
  readonly home: string;
  /** Relative `paths` of a hook with no `pathsFolder`, and relative `if` patterns (the project root, F5). */
  readonly projectRoot: string;
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

/** One distinct matcher of one protocol, compiled once (M5). */
export interface CompiledMatcher {
  readonly test: ToolNameTest;
  /** A Claude matcher is tested on the Claude tool name (K2), a Cosh one on the tool name. */
  readonly readsClaudeName: boolean;
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
  /** @internal Each distinct matcher of each protocol, compiled once. */
  readonly matchers: readonly CompiledMatcher[];
  /** @internal For each hook, the position of its matcher in `matchers`. */
  readonly matcherOfHook: readonly number[];
  /** @internal For each hook, a number naming its dedupe key (equal keys, equal numbers: M4); -1 for none. */
  readonly commandOfHook: readonly number[];
  /** @internal For each hook, its compiled `paths` (F1), or `null` when it has none. */
  readonly pathsOfHook: readonly (PathGlobTest | null)[];
  /** @internal For each hook, its compiled `if` (F5), or `null` when it has none. */
  readonly ifOfHook: readonly (ClaudeIfTest | null)[];
  /** Whether some hook has `paths` or `if`: only then does a call's selection depend on what it touches. */
  readonly readsPaths: boolean;
  /** @internal Which hooks with `paths` a touched path could select (F4). */
  readonly pathIndex: PathIndex;
}

const neverMatches: ToolNameTest = () => false;

/**
 * Compile every hook's matcher once (M5), by its protocol's rules: Cosh's regex (M1) or Claude's
 * (K2). Identical matchers of one protocol share one compiled test; a matcher that does not
 * compile makes its hook never match (M2) and is listed in `invalidMatchers` for tooling. Dedupe
 * keys (M4) are numbered here, so selecting compares numbers. Never throws.
 *
 * @example
 * const compiled = compileHooks(config.hooks.PreToolUse);
 * const selected = selectHooks(compiled, 'bash_run');
 */
export function compileHooks<H extends MatchableHook>(
  hooks: readonly H[],
  options: CompileHooksOptions = { home: '/', projectRoot: '/' },
): CompiledHooks<H> {
  const ownHooks = Object.freeze([...hooks]);
  const matchers: CompiledMatcher[] = [];
  const invalidMatchers: InvalidMatcher<H>[] = [];
  const matcherOfHook: number[] = [];
  const commandOfHook: number[] = [];
  // Keyed by protocol and text: the same text means different things under each protocol (K2).
  const compiledByMatcher = new Map<string, { readonly position: number; readonly error: string | null }>();
  const commandNumbers = new Map<string, number>();
  const pathsOfHook: (PathGlobTest | null)[] = [];
  const ifOfHook: (ClaudeIfTest | null)[] = [];
  let readsPaths = false;

  ownHooks.forEach((hook, index) => {
    const protocol = protocolOf(hook);
    const readsClaudeName = protocol === 'claude';
    const matcherKey = `${protocol}:${hook.matcher ?? ''}`;
    let compiled = compiledByMatcher.get(matcherKey);
    if (compiled === undefined) {
      const compilation = readsClaudeName ? compileClaudeMatcher(hook.matcher) : compileMatcher(hook.matcher);
      compiled = { position: matchers.length, error: compilation.ok ? null : compilation.error };
      matchers.push({ test: compilation.ok ? compilation.test : neverMatches, readsClaudeName });
      compiledByMatcher.set(matcherKey, compiled);
    }
    matcherOfHook.push(compiled.position);
    // Every hook with a broken matcher is listed, not only the first to use that matcher.
    if (compiled.error !== null) {
      invalidMatchers.push({ hook, index, matcher: hook.matcher ?? '', error: compiled.error });
    }

    const key = dedupeKey(hook);
    let command = key === null ? -1 : commandNumbers.get(key);
    if (command === undefined) {
      command = commandNumbers.size;
      commandNumbers.set(key as string, command);
    }
    commandOfHook.push(command);

    // F1, F5, M5: globs and `if` rules compiled here, once per loaded config.
    const paths = hook.paths ?? null;
    pathsOfHook.push(
      paths === null
        ? null
        : compilePathGlobs(paths, { folder: hook.pathsFolder ?? options.projectRoot, home: options.home }),
    );
    const rule = protocol === 'claude' ? (hook.if ?? null) : null;
    ifOfHook.push(rule === null ? null : compileClaudeIf(rule, { folder: options.projectRoot, home: options.home }));
    if (paths !== null || rule !== null) readsPaths = true;
  });

  return Object.freeze({
    hooks: ownHooks,
    invalidMatchers: Object.freeze(invalidMatchers),
    matchers: Object.freeze(matchers),
    matcherOfHook: Object.freeze(matcherOfHook),
    commandOfHook: Object.freeze(commandOfHook),
    pathsOfHook: Object.freeze(pathsOfHook),
    pathIndex: buildPathIndex(pathsOfHook.map((test) => (test === null ? null : test.globs))),
    ifOfHook: Object.freeze(ifOfHook),
    readsPaths,
  });
}
