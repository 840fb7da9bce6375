import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSessionLines, type SessionLine } from './session-lines.ts';

async function collect(chunks: readonly (string | Buffer)[], maxLineBytes?: number): Promise<SessionLine[]> {
  const lines: SessionLine[] = [];
  for await (const line of readSessionLines(Readable.from(chunks, { objectMode: true }), maxLineBytes))
    lines.push(line);
  return lines;
}

const texts = (lines: readonly SessionLine[]) => lines.map((line) => line.text);

describe('readSessionLines', () => {
  it('splits on LF and CRLF, numbers lines from 1, and keeps a last line without an end', async () => {
    const lines = await collect(['{"a":1}\r\n{"b"', ':2}\n\n', 'last']);
    expect(lines.map((line) => line.number)).toEqual([1, 2, 3, 4]);
    expect(texts(lines)).toEqual(['{"a":1}', '{"b":2}', '', 'last']);
  });

  it('keeps a multibyte character split across chunks whole, and turns invalid bytes into U+FFFD', async () => {
    const snowman = Buffer.from('"☃"\n');
    const lines = await collect([snowman.subarray(0, 2), snowman.subarray(2), Buffer.from([0x22, 0xff, 0x22, 0x0a])]);
    expect(texts(lines)).toEqual(['"☃"', '"\uFFFD"']);
  });

  it('drops a byte order mark at the start of the input only', async () => {
    expect(texts(await collect(['\uFEFF{}\n\uFEFF{}\n']))).toEqual(['{}', '\uFEFF{}']);
  });

  it('reports a line over the limit as too long without keeping it, and reads the next one', async () => {
    const lines = await collect(['x'.repeat(10), 'x'.repeat(10), '\n{}\n'], 15);
    expect(lines).toEqual([
      { number: 1, text: null, tooLong: true, bytes: 20 },
      { number: 2, text: '{}', tooLong: false },
    ]);
  });

  it('pulls the next chunk only when the caller asks for the next line', async () => {
    let pulled = 0;
    async function* source() {
      for (let index = 0; index < 3; index += 1) {
        pulled += 1;
        yield Buffer.from(`{"n":${index}}\n`);
      }
    }
    const lines = readSessionLines(source());
    await lines.next();
    expect(pulled).toBe(1);
    await lines.next();
    expect(pulled).toBe(2);
  });
});
