import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { TerminalStreams } from './open-terminal.ts';

/**
 * The next line of `input` without its line end, or `undefined` at its end (or on an error).
 * Only that line is consumed: anything typed after it is put back for the next question. Text
 * typed before the end without a newline still counts as the answer.
 */
export function readTerminalLine(input: Readable): Promise<string | undefined> {
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

/** Whether an answer to a y/N question is yes: `y` or `yes`, any case, spaces ignored. */
export function isYes(answer: string | undefined): boolean {
  return answer !== undefined && /^\s*y(es)?\s*$/i.test(answer);
}

/**
 * Asks a y/N question on a terminal: writes `question` (which shows the `[y/N]`), reads one line,
 * and is true only for yes ({@link isYes}); an empty answer or the input's end is no.
 */
export async function askYesNo(terminal: TerminalStreams, question: string): Promise<boolean> {
  terminal.output.write(question);
  const answer = await readTerminalLine(terminal.input);
  // At the input's end (Ctrl-D) the cursor is still after the question.
  if (answer === undefined) terminal.output.write('\n');
  return isYes(answer);
}
