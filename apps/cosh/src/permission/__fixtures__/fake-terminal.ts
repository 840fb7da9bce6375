import { PassThrough, Writable } from 'node:stream';

/** Streams standing in for a terminal: type answers into `input`, read what was shown in `shown()`. */
export function fakeTerminal(): { input: PassThrough; output: Writable; shown: () => string } {
  const input = new PassThrough();
  let text = '';
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return { input, output, shown: () => text };
}
