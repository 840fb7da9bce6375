// Everything that reaches a terminal from setup.json, a hook or a tool goes through
// escapeForTerminal: names, matchers, reasons, diagnostics, tool names and inputs in the
// permission prompt, log lines. One function, the strictest rules, so none of that text can drive
// the terminal (clear it, set its title) or reorder what a person reads (`safe\u202egnp.exe`
// showing as `safeexe.png`).

// C0 and C1 controls and DEL; the Arabic letter mark and Mongolian vowel separator; zero-width
// and direction marks (U+200B–200F); line and paragraph separators and the bidi embeddings and
// overrides (U+2028–202E); word joiner, invisible operators and bidi isolates (U+2060–2069); BOM.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it escapes.
const unsafeForTerminal = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

const shortEscapes: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Options of {@link escapeForTerminal}. */
export interface TerminalEscapeOptions {
  /**
   * Keep line feeds, tabs and the carriage return of a CRLF line end as they are: for a block of
   * text a person reads as lines (a tool's output, a hook's multi-line reason). A lone carriage
   * return is still escaped: it would move the cursor back over what the line already showed.
   */
  readonly keepLineBreaks?: boolean | undefined;
}

/**
 * `text` with every character that could drive a terminal or hide and reorder text written as a
 * visible escape in JSON's spelling (`\n`, `\t`, `\u001b`, `\u202e`): what a person reads is
 * exactly what the text holds, and a JSON document stays the same document. With
 * `keepLineBreaks`, the text keeps its lines and tabs.
 *
 * @example
 * escapeForTerminal('safe\u202egnp.exe'); // 'safe\\u202egnp.exe'
 * escapeForTerminal('ok\n\u001b]0;title\u0007', { keepLineBreaks: true }); // 'ok\n\\u001b]0;title\\u0007'
 */
export function escapeForTerminal(text: string, options: TerminalEscapeOptions = {}): string {
  const keepLineBreaks = options.keepLineBreaks === true;
  return text.replace(unsafeForTerminal, (character, offset: number) => {
    if (keepLineBreaks && (character === '\n' || character === '\t')) return character;
    if (keepLineBreaks && character === '\r' && text.charCodeAt(offset + 1) === 0x0a) return character;
    return shortEscapes[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * `text` on one printable line: whitespace runs become one space, then {@link escapeForTerminal},
 * so it cannot break a line-based layout either.
 */
export function printableText(text: string): string {
  return escapeForTerminal(text.replace(/\s+/g, ' '));
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
