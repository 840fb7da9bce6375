import { compileMatcher, EVERY_TOOL_STAR, everyTool, type MatcherCompilation } from './compile-matcher.ts';

// Claude Code reads a matcher made only of these characters as a list of tool names, not as a
// regex: `Edit|Write` selects exactly those two tools, and `Bash` does not select `BashOutput`.
const NAME_LIST = /^[A-Za-z0-9_\- ,|]*$/;

/**
 * Compile one matcher of a `protocol: "claude"` hook by Claude Code's rules (K2), to be tested
 * against the Claude tool name (`Bash`, `Read`, `mcp__server__tool`, K3):
 *
 * - absent, `""` or `"*"` matches every tool;
 * - a matcher of only letters, digits, `_`, `-`, spaces, `,` and `|` is a list of exact names,
 *   split on `|` or `,` and trimmed (empty pieces name no tool);
 * - anything else is a regex searched anywhere in the name, as a Cosh matcher (M1); one that does
 *   not compile never matches (M2).
 *
 * Never throws.
 *
 * @example
 * compileClaudeMatcher('Edit|Write');      // selects exactly `Edit` and `Write`
 * compileClaudeMatcher('mcp__github__.*'); // a regex: every tool of that server
 */
export function compileClaudeMatcher(matcher: string | undefined): MatcherCompilation {
  if (matcher === undefined || matcher === '' || matcher === EVERY_TOOL_STAR) return { ok: true, test: everyTool };
  if (NAME_LIST.test(matcher)) {
    const names = new Set(
      matcher
        .split(/[|,]/)
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    );
    return { ok: true, test: (toolName) => names.has(toolName) };
  }
  // The regex rule is exactly M1's.
  return compileMatcher(matcher);
}
