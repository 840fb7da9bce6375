import { describe, expect, it } from 'vitest';
import { escapeControlCharacters, printableText, shortenText } from './printable-text.ts';

describe('escapeControlCharacters', () => {
  it('shows C0, DEL and C1 characters, line breaks included, as escapes and keeps everything else', () => {
    expect(escapeControlCharacters('a\nb\tc\u007f\u0085 ⚠ é')).toBe('a\\u000ab\\u0009c\\u007f\\u0085 ⚠ é');
    expect(escapeControlCharacters('x\u001b[2J')).not.toMatch(/[\u0000-\u001f]/);
  });
});

describe('printableText', () => {
  it('keeps text on one line and shows control characters instead of obeying them', () => {
    expect(printableText('a\n\tb  c')).toBe('a b c');
    expect(printableText('x\u001b[2Jy\u0007\u009bz')).toBe('x\\u001b[2Jy\\u0007\\u009bz');
    expect(printableText('Block dangerous bash ⚠ é')).toBe('Block dangerous bash ⚠ é');
  });
});

describe('shortenText', () => {
  it('cuts at a number of characters, never inside a surrogate pair, and marks the cut with …', () => {
    expect(shortenText('abcdef', 6)).toBe('abcdef');
    expect(shortenText('abcdef', 4)).toBe('abc…');
    expect(shortenText('😀😀😀😀', 3)).toBe('😀😀…');
  });
});
