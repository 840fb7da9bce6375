/**
 * `text` on one printable line: whitespace runs become one space and control characters
 * (C0, DEL, C1) visible `\u001b`-style escapes, so a hook name or matcher cannot break the
 * screen's layout or drive the terminal with escape sequences of its own.
 */
export function printableText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * At most `limit` characters (code points), an ellipsis marking a cut. Used where the width is
 * ours to choose (a confirmation naming a hook); the screen's columns are truncated by the
 * layout engine, which knows the display width of wide characters.
 */
export function shortenText(text: string, limit: number): string {
  const characters = [...text];
  if (characters.length <= limit) return text;
  return `${characters.slice(0, Math.max(0, limit - 1)).join('')}…`;
}
