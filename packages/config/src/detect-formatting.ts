import type { FormattingOptions } from 'jsonc-parser';

/** The file's own indentation (spaces or tabs, and how many) and line ending. */
export function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let smallest: number | undefined;
  for (const line of text.split(/\r?\n/)) {
    // Lines that start a key or close a container show the indentation; comment lines may not.
    const indentation = /^([ \t]+)["}\]]/.exec(line)?.[1];
    if (indentation === undefined) continue;
    if (indentation.startsWith('\t')) return { insertSpaces: false, tabSize: 4, eol };
    smallest = Math.min(smallest ?? indentation.length, indentation.length);
  }
  return { insertSpaces: true, tabSize: smallest ?? 2, eol };
}
