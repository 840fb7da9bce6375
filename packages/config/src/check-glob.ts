import picomatch from 'picomatch';

/** Whether a glob compiles, and if not why and where (SPEC D1, F1). */
export type GlobCheck =
  | { readonly valid: true }
  | { readonly valid: false; readonly reason: string; readonly offset: number };

/**
 * The options every Cosh glob is compiled with (here to check it, in `@cosh/matcher` to use it):
 * `strictBrackets` makes an unclosed `[` or `{` an error instead of literal text, `dot` lets `*`
 * match dotfiles (`.env` is what guards are about).
 */
export const GLOB_OPTIONS = Object.freeze({ strictBrackets: true, dot: true });

/**
 * Compiles `glob` as the engine does (picomatch). An unclosed `[` or `{`, or a `]` or `}` with
 * no opening, is an error with the 0-based offset of the bracket at fault.
 */
export function checkGlob(glob: string): GlobCheck {
  if (glob === '') return { valid: false, reason: 'a glob cannot be empty', offset: 0 };
  try {
    picomatch.makeRe(glob, GLOB_OPTIONS);
    return { valid: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { valid: false, reason: message.replace(/ - use .*$/, ''), offset: unbalancedBracketOffset(glob) };
  }
}

/** The offset of the first bracket without a partner (escaped ones skipped), or 0. */
function unbalancedBracketOffset(glob: string): number {
  const open: { readonly character: string; readonly offset: number }[] = [];
  const partners: Record<string, string> = { ']': '[', '}': '{', ')': '(' };
  for (let offset = 0; offset < glob.length; offset += 1) {
    const character = glob[offset] as string;
    if (character === '\\') {
      offset += 1;
    } else if (character === '[' || character === '{' || character === '(') {
      open.push({ character, offset });
    } else if (character in partners) {
      const last = open.at(-1);
      if (last?.character === partners[character]) open.pop();
      else if (!open.some((entry) => entry.character === '[')) return offset;
    }
  }
  return open[0]?.offset ?? 0;
}
