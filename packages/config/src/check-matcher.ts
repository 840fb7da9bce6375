/** Whether a matcher compiles, and if not why and what it most likely meant (SPEC M2). */
export type MatcherCheck =
  | { readonly valid: true }
  | { readonly valid: false; readonly reason: string; readonly fix: string | undefined };

/**
 * Compiles `matcher` as the engine does (`new RegExp(matcher)`, no flags). A matcher that does
 * not compile never runs its hook; tooling reports it with the regex engine's reason and, where
 * one is obvious, a corrected matcher that does compile: glob stars become `.*` (`*` → `.*`,
 * `*_read` → `.*_read`), unbalanced brackets are escaped (`fs_(read` → `fs_\(read`), and a
 * trailing backslash is doubled.
 */
export function checkMatcher(matcher: string): MatcherCheck {
  // `"*"` alone means every tool (M2), as the engine compiles it (@cosh/matcher's compileMatcher).
  if (matcher === '*') return { valid: true };
  const reason = compileError(matcher);
  if (reason === undefined) return { valid: true };
  let candidate = matcher;
  for (const repair of repairs) {
    candidate = repair(candidate);
    if (candidate !== matcher && compileError(candidate) === undefined) {
      return { valid: false, reason, fix: candidate };
    }
  }
  return { valid: false, reason, fix: undefined };
}

function compileError(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // V8 says "Invalid regular expression: /(/: Unterminated group"; the pattern is shown anyway.
    const tail = /: \/.*\/[a-z]*: (.+)$/s.exec(message)?.[1] ?? message;
    return tail.charAt(0).toLowerCase() + tail.slice(1);
  }
}

// Applied one after the other, each on the previous result, until the matcher compiles.
const repairs: readonly ((pattern: string) => string)[] = [
  // A quantifier with nothing before it is a glob star: `*`, `**`, `*foo`, `a|*b`, `(*x)`.
  (pattern) => pattern.replace(/(^|[|(^])\*+/g, '$1.*'),
  escapeUnbalancedBrackets,
  (pattern) => (/(^|[^\\])(\\\\)*\\$/.test(pattern) ? `${pattern}\\` : pattern),
];

/** Escapes `(`, `)` and `[` that have no partner, leaving escaped ones and class contents alone. */
function escapeUnbalancedBrackets(pattern: string): string {
  const unbalanced = new Set<number>();
  const openGroups: number[] = [];
  let classStart = -1;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index];
    if (character === '\\') {
      index += 1;
    } else if (classStart >= 0) {
      if (character === ']') classStart = -1;
    } else if (character === '[') {
      classStart = index;
    } else if (character === '(') {
      openGroups.push(index);
    } else if (character === ')') {
      if (openGroups.pop() === undefined) unbalanced.add(index);
    }
  }
  for (const index of openGroups) unbalanced.add(index);
  if (classStart >= 0) unbalanced.add(classStart);
  let repaired = '';
  for (let index = 0; index < pattern.length; index += 1) {
    repaired += unbalanced.has(index) ? `\\${pattern[index]}` : pattern[index];
  }
  return repaired;
}
