import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';

/** How much of a long-lived process's stderr is kept: its last 64 KiB (as characters). */
const stderrKeptChars = 64 * 1024;

/**
 * The end of what a long-lived process (R12) writes to stderr, decoded as UTF-8 across chunks,
 * with a running count so a call can take what came while it was outstanding.
 *
 * @example
 * const stderr = new StderrTail(child.stderr);
 * const mark = stderr.mark; // at the call's write
 * stderr.since(mark); // at its answer: what the process wrote meanwhile
 */
export class StderrTail {
  #tail = '';
  #total = 0;

  constructor(stream: Readable | null) {
    const decoder = new StringDecoder('utf8');
    stream?.on('data', (chunk: Buffer) => {
      const text = decoder.write(chunk);
      this.#total += text.length;
      this.#tail = (this.#tail + text).slice(-stderrKeptChars);
    });
  }

  /** How much has come so far, to pass to {@link since} later. */
  get mark(): number {
    return this.#total;
  }

  /** What came since `mark` (as much of it as is kept). */
  since(mark: number): string {
    const count = Math.min(this.#total - mark, this.#tail.length);
    return count <= 0 ? '' : this.#tail.slice(-count);
  }
}
