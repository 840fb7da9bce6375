import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { PermissionPrompt, PermissionRequest } from './permission-check.ts';
import { renderCall } from './render-call.ts';

/** Where the prompt talks to a person: a terminal (see `openTerminal`) or any pair of streams. */
export interface TerminalStreams {
  /** Answers are read from here, a line at a time. */
  readonly input: Readable;
  /** The call and the question are written here (never the program's stdout: that is for results). */
  readonly output: Writable;
}

/**
 * A y/N prompt: shows the call as it will run (see `renderCall`), asks `Allow this call? [y/N] `
 * and reads one line. `y` or `yes` (any case, spaces ignored) allows; anything else, an empty
 * line, the end of the input or a read error refuses: the default is no.
 *
 * Prompts are taken one at a time: a second call waits until the first is answered, so two
 * questions never interleave on one terminal. Only the answer's line is consumed from `input`;
 * anything typed after it is put back for the next prompt.
 *
 * @example
 * const terminal = await openTerminal();
 * const prompt = terminal === undefined ? undefined : createTerminalPrompt(terminal);
 */
export function createTerminalPrompt(streams: TerminalStreams): PermissionPrompt {
  // A terminal can fail between prompts too (hang-up, EIO): without a listener that would
  // crash the host. A failed input then refuses every prompt (it is destroyed).
  streams.input.on('error', ignore);
  streams.output.on('error', ignore);
  let queue: Promise<unknown> = Promise.resolve();
  return (request: PermissionRequest) => {
    const asked = queue.then(() => ask(streams, request));
    queue = asked.catch(() => undefined);
    return asked;
  };
}

const ignore = (): void => undefined;

async function ask(streams: TerminalStreams, request: PermissionRequest): Promise<boolean> {
  if (!streams.output.writable) return false;
  streams.output.write(`\n${renderCall(request)}\nAllow this call? [y/N] `);
  const line = await readLine(streams.input);
  if (line === undefined) {
    // End of input: the person cannot answer. The cursor is left after the question: end it.
    streams.output.write('\n');
    return false;
  }
  return /^\s*y(es)?\s*$/i.test(line);
}

/** The next line of `input` without its line end, or `undefined` at its end (or on an error). */
function readLine(input: Readable): Promise<string | undefined> {
  return new Promise((resolve) => {
    const decoder = new StringDecoder('utf8');
    let text = '';
    const finish = (line: string | undefined, rest?: string): void => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('close', onEnd);
      input.off('error', onError);
      input.pause();
      if (rest !== undefined && rest !== '') input.unshift(Buffer.from(rest));
      resolve(line);
    };
    const onData = (chunk: Buffer | string): void => {
      text += typeof chunk === 'string' ? chunk : decoder.write(chunk);
      const newline = text.indexOf('\n');
      if (newline !== -1) finish(text.slice(0, newline).replace(/\r$/, ''), text.slice(newline + 1));
    };
    // Text typed before the end without a newline still counts as the answer.
    const onEnd = (): void => {
      const rest = text + decoder.end();
      finish(rest === '' ? undefined : rest);
    };
    const onError = (): void => finish(undefined);
    if (input.readableEnded || input.destroyed) {
      resolve(undefined);
      return;
    }
    input.on('data', onData);
    input.once('end', onEnd);
    input.once('close', onEnd);
    input.once('error', onError);
    input.resume();
  });
}
