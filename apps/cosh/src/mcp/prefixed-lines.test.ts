import { describe, expect, it } from 'vitest';
import { createPrefixedLines } from './prefixed-lines.ts';

describe('createPrefixedLines', () => {
  it('prefixes every complete line and holds a partial one until it ends', () => {
    const written: string[] = [];
    const lines = createPrefixedLines('[downstream] ', (text) => written.push(text));
    lines.push(Buffer.from('one\ntwo\nthr'));
    expect(written.join('')).toBe('[downstream] one\n[downstream] two\n');
    lines.push(Buffer.from('ee\n'));
    lines.push(Buffer.from('no newline at the end'));
    lines.end();
    expect(written.join('')).toBe(
      '[downstream] one\n[downstream] two\n[downstream] three\n[downstream] no newline at the end\n',
    );
  });

  it('keeps a character split across chunks whole', () => {
    const written: string[] = [];
    const lines = createPrefixedLines('> ', (text) => written.push(text));
    const bytes = Buffer.from('é✓\n');
    for (const byte of bytes) lines.push(Buffer.from([byte]));
    lines.end();
    expect(written.join('')).toBe('> é✓\n');
  });

  it('writes a line that never ends in bounded pieces', () => {
    const written: string[] = [];
    const lines = createPrefixedLines('> ', (text) => written.push(text));
    lines.push('a'.repeat(200 * 1024));
    const pieces = written
      .join('')
      .split('\n')
      .filter((piece) => piece !== '');
    expect(pieces.length).toBe(3);
    expect(pieces.every((piece) => piece.startsWith('> ') && piece.length === 64 * 1024 + 2)).toBe(true);
    lines.end();
    expect(written.join('').replaceAll('> ', '').replaceAll('\n', '')).toBe('a'.repeat(200 * 1024));
  });
});
