import { describe, expect, it } from 'vitest';
import { escapedByteLength, limitContentText, limitText, maxResultTextBytes } from './limit-result-text.ts';

const image = { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' };
const note =
  /\n\[cut by cosh: the text was (\d+) bytes as sent, more than one answer may carry; the first (\d+) bytes are shown\]$/;

describe('escapedByteLength', () => {
  it('counts the bytes inside the JSON string: escapes and UTF-8 included, quotes not', () => {
    expect(escapedByteLength('abc')).toBe(3);
    expect(escapedByteLength('"\n')).toBe(4);
    expect(escapedByteLength('\u0001')).toBe(6);
    expect(escapedByteLength('é')).toBe(2);
  });
});

describe('limitText', () => {
  it('X: leaves a text that fits as it is', () => {
    expect(limitText('x'.repeat(100), 100)).toBe('x'.repeat(100));
  });

  it('X: cuts a text over the limit, counted escaped, and says how much there was', () => {
    // Quotes take two bytes each once escaped: 60 characters are 120 bytes as sent.
    const cut = limitText('"'.repeat(60), 100);
    const [, total, shown] = note.exec(cut) ?? [];
    expect([total, shown]).toEqual(['120', '100']);
    const kept = cut.replace(note, '');
    expect(kept).toBe('"'.repeat(50));
  });

  it('never cuts inside a surrogate pair', () => {
    const cut = limitText('😀'.repeat(10), 10).replace(note, '');
    expect(cut).toBe('😀'.repeat(2));
    // A lone high surrogate would come out of the encoder as U+FFFD.
    expect(Buffer.from(cut).toString()).toBe(cut);
  });

  it('X: the default limit is 4 MiB', () => {
    expect(maxResultTextBytes).toBe(4 * 1024 * 1024);
    const huge = 'y'.repeat(maxResultTextBytes + 10);
    expect(escapedByteLength(limitText(huge).replace(note, ''))).toBe(maxResultTextBytes);
  });
});

describe('limitContentText', () => {
  it('X: returns the same content when its text fits', () => {
    const content = [{ type: 'text' as const, text: 'a' }, image];
    expect(limitContentText(content, 10)).toBe(content);
  });

  it('X: keeps items while they fit, cuts the one that crosses with a note, leaves later text out; images pass', () => {
    const content = [
      { type: 'text' as const, text: 'a'.repeat(40) },
      image,
      { type: 'text' as const, text: 'b'.repeat(40) },
      { type: 'text' as const, text: 'c'.repeat(40) },
      image,
    ];
    const limited = limitContentText(content, 60);
    expect(limited.map((item) => item.type)).toEqual(['text', 'image', 'text', 'image']);
    expect(limited[0]).toEqual(content[0]);
    const crossing = limited[2];
    expect(crossing?.type === 'text' && crossing.text.replace(note, '')).toBe('b'.repeat(20));
    expect(crossing?.type === 'text' && note.exec(crossing.text)?.slice(1)).toEqual(['120', '60']);
  });
});
