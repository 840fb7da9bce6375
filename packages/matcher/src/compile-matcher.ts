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

/**
 * Compile one Cosh matcher (M1, M2): absent, `""` or `"*"` alone matches every tool (people
 * write `*` by habit, and a guard that silently never runs is the worst outcome); anything else is
 * `new RegExp(matcher)`, without flags, searched anywhere in the tool name. A matcher that does
 * not compile comes back with the engine's message. Never throws.
 */
export function compileMatcher(matcher: string | undefined): MatcherCompilation {
  if (matcher === undefined || matcher === '' || matcher === EVERY_TOOL_STAR) return { ok: true, test: everyTool };
  try {
    // No flags, ever (M1): without `g` or `y` a regex keeps no `lastIndex` state between tests.
    const regex = new RegExp(matcher);
    return { ok: true, test: (toolName) => regex.test(toolName) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
