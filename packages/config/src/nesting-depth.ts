import { createScanner } from 'jsonc-parser';

/**
 * How deeply objects and arrays may nest in setup.json. jsonc-parser (and the validation after
 * it) recurse once per level and overflow the stack somewhere past 3,000 levels, with the exact
 * point depending on the caller's own stack; a real setup.json nests a handful of levels.
 */
export const MAX_NESTING_DEPTH = 512;

// jsonc-parser's SyntaxKind is a `declare const enum`, which isolated modules cannot inline.
const openBrace = 1;
const closeBrace = 2;
const openBracket = 3;
const closeBracket = 4;
const endOfFile = 17;

/**
 * The offset of the first `{` or `[` that opens a level deeper than `limit`, or `undefined`.
 * Iterative (jsonc-parser's scanner skips strings and comments), so any text is safe to check.
 */
export function findExcessiveNesting(text: string, limit: number = MAX_NESTING_DEPTH): number | undefined {
  // The usual file has far fewer brackets than the limit: then no level can be deeper.
  let brackets = 0;
  for (let offset = 0; offset < text.length && brackets <= limit; offset += 1) {
    const character = text.charCodeAt(offset);
    if (character === 0x7b || character === 0x5b) brackets += 1;
  }
  if (brackets <= limit) return undefined;

  const scanner = createScanner(text, true);
  let depth = 0;
  for (let token: number = scanner.scan(); token !== endOfFile; token = scanner.scan()) {
    if (token === openBrace || token === openBracket) {
      depth += 1;
      if (depth > limit) return scanner.getTokenOffset();
    } else if ((token === closeBrace || token === closeBracket) && depth > 0) {
      depth -= 1;
    }
  }
  return undefined;
}
