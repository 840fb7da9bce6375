import { PassThrough } from 'node:stream';
import type { OpenTerminal } from '../open-terminal.ts';

/** A fake person at a controlling terminal (for `runInProcess`'s `openTerminal`), and what they saw. */
export interface FakePerson {
  readonly openTerminal: () => OpenTerminal;
  /** Everything written to the terminal (the questions), in order. */
  readonly screen: () => string;
}

/** A person at a terminal who answers each question with the next of `answers`. */
export function person(answers: readonly string[] = []): FakePerson {
  let screen = '';
  return {
    openTerminal: () => {
      const input = new PassThrough();
      const output = new PassThrough();
      output.on('data', (chunk: Buffer) => (screen += chunk.toString()));
      input.end(answers.map((answer) => `${answer}\n`).join(''));
      return { input, output, close: () => undefined };
    },
    screen: () => screen,
  };
}
