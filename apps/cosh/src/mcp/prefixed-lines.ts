import { StringDecoder } from 'node:string_decoder';

/** Characters of one line kept before it is written out anyway, so memory stays bounded. */
const maxLineCharacters = 64 * 1024;

/** A sink for another process's output that writes it line by line, each line prefixed. */
export interface PrefixedLines {
  /** Takes a chunk; writes every line it completes. */
  push(chunk: Buffer | string): void;
  /** Writes what is left of an unterminated last line. */
  end(): void;
}

/**
 * Prefixes each line of a stream (`[downstream] …`), so the downstream server's stderr can be
 * told from ours in a client's log. A character split across two chunks stays whole; a line
 * that never ends is written in pieces of 64 Ki characters.
 *
 * @example
 * const lines = createPrefixedLines('[downstream] ', (text) => process.stderr.write(text));
 * child.stderr.on('data', (chunk) => lines.push(chunk)).on('end', () => lines.end());
 */
export function createPrefixedLines(prefix: string, write: (text: string) => void): PrefixedLines {
  const decoder = new StringDecoder('utf8');
  let partial = '';
  const take = (text: string) => {
    partial += text;
    let newline = partial.indexOf('\n');
    let written = '';
    while (newline !== -1) {
      written += `${prefix}${partial.slice(0, newline + 1)}`;
      partial = partial.slice(newline + 1);
      newline = partial.indexOf('\n');
    }
    while (partial.length >= maxLineCharacters) {
      written += `${prefix}${partial.slice(0, maxLineCharacters)}\n`;
      partial = partial.slice(maxLineCharacters);
    }
    if (written !== '') write(written);
  };
  return {
    push(chunk) {
      take(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    },
    end() {
      take(decoder.end());
      if (partial !== '') write(`${prefix}${partial}\n`);
      partial = '';
    },
  };
}
