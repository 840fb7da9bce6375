import type { Readable } from 'node:stream';

/** What is done with a resident process's stdout, line by line (R12: one answer per line). */
export interface AnswerLineHandlers {
  /** One whole line, without its newline. */
  line(text: string): void;
  /** A line grew past the longest kept (R8's cap): the process is done. */
  overlong(): void;
  /** Whether the process is done serving: its lines are no longer read. */
  done(): boolean;
}

/**
 * Cuts a resident process's stdout into lines as they come. A line that came whole in one chunk
 * (the usual case) is decoded in place, uncopied: this runs on every answer of a guard that
 * answers in microseconds.
 */
export function readAnswerLines(stdout: Readable, maxLineBytes: number, handlers: AnswerLineHandlers): void {
  const chunks: Buffer[] = [];
  let buffered = 0;
  stdout.on('data', (chunk: Buffer) => {
    if (handlers.done()) return;
    let from = 0;
    for (let newline = chunk.indexOf(0x0a, from); newline !== -1; newline = chunk.indexOf(0x0a, from)) {
      let line: string;
      if (chunks.length === 0) line = chunk.toString('utf8', from, newline);
      else {
        chunks.push(chunk.subarray(from, newline));
        line = Buffer.concat(chunks).toString('utf8');
      }
      chunks.length = 0;
      buffered = 0;
      from = newline + 1;
      handlers.line(line);
      if (handlers.done()) return;
    }
    if (from < chunk.length) {
      chunks.push(chunk.subarray(from));
      buffered += chunk.length - from;
      if (buffered > maxLineBytes) handlers.overlong();
    }
  });
}
