/** Whether a compiled matcher selects a tool name. */
export type ToolNameTest = (toolName: string) => boolean;

/** The result of compiling one matcher: its test, or the reason it never matches (M2). */
export type MatcherCompilation =
  | { readonly ok: true; readonly test: ToolNameTest }
  | { readonly ok: false; readonly error: string };

/** `"*"` alone: not an invalid regex but a synonym of "every tool", for every protocol (M2, K2). */
export const EVERY_TOOL_STAR = '*';

/** Selects every tool: an absent or empty matcher (M1), or `"*"` alone (M2). */
export const everyTool: ToolNameTest = () => true;

/** Letters, digits, `_` and `-`, with `^` and `$` at most at the ends: a regex that means its text. */
const ANCHORED_LITERAL = /^(\^?)([A-Za-z0-9_-]+)(\$?)$/;

/**
 * The test of a matcher that is a plain name, optionally anchored (`bash_run`, `^fs_write$`, the
 * common case), made of string comparisons: the same answers as the regex (none of those
 * characters is special, and without flags `$` matches only at the very end), in a fraction of a
 * regex call, which selecting from many hooks makes for each of them (the 0.1 ms budget for
 * 1,000 hooks, scripts/bench.mjs). `null` for any other matcher.
 */
function literalTest(matcher: string): ToolNameTest | null {
  const parts = ANCHORED_LITERAL.exec(matcher);
  if (parts === null) return null;
  const [, start, text = '', end] = parts;
  if (start === '^' && end === '$') return (toolName) => toolName === text;
  if (start === '^') return (toolName) => toolName.startsWith(text);
  if (end === '$') return (toolName) => toolName.endsWith(text);
  return (toolName) => toolName.includes(text);
}

/**
 * Compile one Cosh matcher (M1, M2): absent, `""` or `"*"` alone matches every tool (people
 * write `*` by habit, and a guard that silently never runs is the worst outcome); anything else is
 * `new RegExp(matcher)`, without flags, searched anywhere in the tool name (a plain name is
 * compared as a string, with the same answers). A matcher that does not compile comes back with
 * the engine's message. Never throws.
 */
export function compileMatcher(matcher: string | undefined): MatcherCompilation {
  if (matcher === undefined || matcher === '' || matcher === EVERY_TOOL_STAR) return { ok: true, test: everyTool };
  const literal = literalTest(matcher);
  if (literal !== null) return { ok: true, test: literal };
  try {
    // No flags, ever (M1): without `g` or `y` a regex keeps no `lastIndex` state between tests.
    const regex = new RegExp(matcher);
    return { ok: true, test: (toolName) => regex.test(toolName) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
