/** One line of input, or the fact that a line was too long to keep. */
export type SessionLine =
  | { readonly number: number; readonly text: string; readonly tooLong: false }
  | { readonly number: number; readonly text: null; readonly tooLong: true; readonly bytes: number };

/** Longest line kept (a call line carries `fs_write`'s whole content): 32 MiB. */
export const maxSessionLineBytes = 32 * 1024 * 1024;

const newline = 0x0a;
// ignoreBOM: keep a BOM for this code to judge (dropped only at the start of the input).
const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * The lines of `input` (LF or CRLF ends; a last line without an end counts), numbered from 1,
 * each decoded as UTF-8 once it is whole (a character split across chunks stays whole; an
 * invalid byte becomes U+FFFD). A byte order mark at the very start is dropped.
 *
 * Reads only as fast as the caller takes lines: the next chunk is pulled after the caller is
 * done with the lines of the one before, so a producer that writes faster than calls run is
 * held back by the pipe, and memory stays flat. A line longer than `maxLineBytes` is read
 * through and dropped, and reported as `tooLong` (never kept whole in memory).
 *
 * @param maxLineBytes @internal Tests pass a small limit; the session leaves the default.
 */
export async function* readSessionLines(
  input: AsyncIterable<Buffer | string>,
  maxLineBytes: number = maxSessionLineBytes,
): AsyncGenerator<SessionLine, void, undefined> {
  let pieces: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  let number = 0;

  const take = (): SessionLine => {
    number += 1;
    let line: SessionLine;
    if (tooLong) {
      line = { number, text: null, tooLong: true, bytes: size };
    } else {
      let text = decoder.decode(pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, size));
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (number === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
      line = { number, text, tooLong: false };
    }
    pieces = [];
    size = 0;
    tooLong = false;
    return line;
  };

  for await (const chunk of input) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    while (start <= buffer.length) {
      const end = buffer.indexOf(newline, start);
      const stop = end === -1 ? buffer.length : end;
      const length = stop - start;
      size += length;
      if (!tooLong) {
        if (size > maxLineBytes) {
          tooLong = true;
          pieces = [];
        } else if (length > 0) {
          // A copy: a slice would keep the whole chunk alive for as long as the line is.
          pieces.push(Buffer.from(buffer.subarray(start, stop)));
        }
      }
      if (end === -1) break;
      yield take();
      start = end + 1;
    }
  }
  if (size > 0 || tooLong) yield take();
}
