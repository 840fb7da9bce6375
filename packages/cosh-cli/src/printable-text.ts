/**
 * `text` with every control character (C0, DEL, C1) shown as a visible `\u001b`-style escape:
 * a hook's name, a tool name or a matcher printed to a terminal cannot drive it with escape
 * sequences of its own.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `text` on one printable line: whitespace runs become one space and control characters
 * visible escapes ({@link escapeControlCharacters}), so it cannot break a line-based layout
 * either.
 */
export function printableText(text: string): string {
  return escapeControlCharacters(text.replace(/\s+/g, ' '));
}

/**
 * At most `limit` characters (code points), an ellipsis marking a cut. Used where the width is
 * ours to choose (a confirmation naming a hook, a column of `hooks list`); the settings
 * screen's columns are truncated by the layout engine, which knows the display width of wide
 * characters.
 */
export function shortenText(text: string, limit: number): string {
  const characters = [...text];
  if (characters.length <= limit) return text;
  return `${characters.slice(0, Math.max(0, limit - 1)).join('')}…`;
}
