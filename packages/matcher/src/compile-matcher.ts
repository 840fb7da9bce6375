/**
 * One matcher, compiled. Plain literals (the common `bash_run`, `^fs_read$`) skip the regex
 * engine: with no metacharacter, a regex search is exactly a substring test, and `^`/`$` without
 * the `m` flag are exactly the start and end of the name.
 */
export type MatcherTest =
  | { readonly kind: 'all' }
  | { readonly kind: 'none' }
  | { readonly kind: 'equals' | 'startsWith' | 'endsWith' | 'includes'; readonly literal: string }
  /** Claude's list of exact tool names (K2). */
  | { readonly kind: 'oneOf'; readonly names: ReadonlySet<string> }
  | { readonly kind: 'regex'; readonly regex: RegExp };

/** The result of compiling one matcher: its test, or the reason it never matches (M2). */
export type MatcherCompilation =
  | { readonly ok: true; readonly test: MatcherTest }
  | { readonly ok: false; readonly error: string };

// Every character with a meaning in a JavaScript regex without the `u` flag. `]` and `}` are
// literal on their own, but treating them as special only sends such matchers to the engine.
const METACHARACTERS = /[\\^$.|?*+()[\]{}]/;

function literalTest(matcher: string): MatcherTest | null {
  const anchoredStart = matcher.startsWith('^');
  const anchoredEnd = matcher.endsWith('$') && matcher.length > (anchoredStart ? 1 : 0);
  const literal = matcher.slice(anchoredStart ? 1 : 0, anchoredEnd ? -1 : undefined);
  if (METACHARACTERS.test(literal)) return null;
  if (anchoredStart && anchoredEnd) return { kind: 'equals', literal };
  if (anchoredStart) return { kind: 'startsWith', literal };
  if (anchoredEnd) return { kind: 'endsWith', literal };
  return { kind: 'includes', literal };
}

/**
 * Compile one matcher (M1, M2): absent or `""` matches every tool; a string is a regex searched
 * in the tool name, without flags; a matcher that does not compile (or is not a string) never
 * matches. Never throws.
 */
export function compileMatcher(matcher: unknown): MatcherCompilation {
  if (matcher === undefined || matcher === '') return { ok: true, test: { kind: 'all' } };
  // Config validation (C6) rejects non-strings; anything else reaching here must not run a hook
  // on a guess, and `new RegExp` would otherwise coerce it to text.
  if (typeof matcher !== 'string') {
    return { ok: false, error: `matcher must be a string (got ${typeof matcher})` };
  }
  const literal = literalTest(matcher);
  if (literal !== null) return { ok: true, test: literal };
  try {
    // No flags, ever (M1): without `g`/`y` a regex keeps no `lastIndex` state between tests.
    return { ok: true, test: { kind: 'regex', regex: new RegExp(matcher) } };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Whether a compiled matcher selects `toolName`. */
export function matcherMatches(test: MatcherTest, toolName: string): boolean {
  switch (test.kind) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'equals':
      return toolName === test.literal;
    case 'startsWith':
      return toolName.startsWith(test.literal);
    case 'endsWith':
      return toolName.endsWith(test.literal);
    case 'includes':
      return toolName.includes(test.literal);
    case 'oneOf':
      return test.names.has(toolName);
    case 'regex':
      // Without `g`/`y`, `test` neither reads nor writes `lastIndex`; resetting anyway keeps a
      // result independent of any earlier call should that ever change.
      test.regex.lastIndex = 0;
      return test.regex.test(toolName);
  }
}
