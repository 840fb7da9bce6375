import { describe, expect, it } from 'vitest';
import { BoundedOutput } from './bounded-output.ts';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const text = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('BoundedOutput', () => {
  it('R7: keeps chunks in order and decodes them once', () => {
    const output = new BoundedOutput(100);
    output.append(text('{"decision":'));
    output.append(text('"allow"}'));
    expect(output.decode()).toBe('{"decision":"allow"}');
    expect(output.truncated).toBe(false);
  });

  it('R10: a character split across chunks stays whole', () => {
    const output = new BoundedOutput(100);
    // 😀 is F0 9F 98 80, split in three.
    output.append(bytes(0x61, 0xf0));
    output.append(bytes(0x9f, 0x98));
    output.append(bytes(0x80, 0x62));
    expect(output.decode()).toBe('a😀b');
  });

  it('R10: invalid bytes become U+FFFD, decoding never throws', () => {
    const output = new BoundedOutput(100);
    output.append(bytes(0x61, 0xff, 0x62, 0xc0, 0xed, 0xa0, 0x80));
    expect(output.decode()).toBe('a\uFFFDb\uFFFD\uFFFD\uFFFD\uFFFD');
  });

  it('R10: a leading byte-order mark is dropped, as the WHATWG decoder does', () => {
    const output = new BoundedOutput(100);
    output.append(bytes(0xef, 0xbb, 0xbf, 0x7b, 0x7d));
    expect(output.decode()).toBe('{}');
  });

  it('R8: keeps exactly the cap, then drops the rest and marks truncated', () => {
    const output = new BoundedOutput(5);
    output.append(text('abc'));
    expect(output.truncated).toBe(false);
    output.append(text('de'));
    expect(output.truncated).toBe(false);
    output.append(text('f'));
    expect(output.truncated).toBe(true);
    output.append(text('ghi'));
    expect(output.keptBytes).toBe(5);
    expect(output.decode()).toBe('abcde');
  });

  it('R8: a chunk crossing the cap is cut at the cap', () => {
    const output = new BoundedOutput(4);
    output.append(text('ab'));
    output.append(text('cdef'));
    expect(output.decode()).toBe('abcd');
    expect(output.truncated).toBe(true);
  });

  it('R8: the kept part of a cut chunk is a copy, not a view pinning the whole chunk', () => {
    const output = new BoundedOutput(2);
    const chunk = text('abcdefgh');
    output.append(chunk);
    chunk[0] = 0x7a;
    expect(output.decode()).toBe('ab');
  });

  it('R8: a cap of 0 keeps nothing and still knows output was dropped', () => {
    const output = new BoundedOutput(0);
    output.append(text('x'));
    expect(output.decode()).toBe('');
    expect(output.truncated).toBe(true);
  });

  it('empty chunks change nothing', () => {
    const output = new BoundedOutput(0);
    output.append(new Uint8Array(0));
    expect(output.truncated).toBe(false);
    expect(output.decode()).toBe('');
  });
});
