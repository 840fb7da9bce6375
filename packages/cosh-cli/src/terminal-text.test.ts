import { describe, expect, it } from 'vitest';
import { escapeForTerminal, printableText, shortenText } from './terminal-text.ts';

describe('escapeForTerminal', () => {
  it('writes C0, DEL and C1 controls as visible escapes, line breaks and tabs included', () => {
    expect(escapeForTerminal('a\nb\tc\r\u0000\u0007\u001b[2J\u007f\u0085\u009b')).toBe(
      'a\\nb\\tc\\r\\u0000\\u0007\\u001b[2J\\u007f\\u0085\\u009b',
    );
  });

  it('writes bidi overrides and isolates, zero-width characters and the BOM as escapes', () => {
    expect(escapeForTerminal('\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069')).toBe(
      '\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069',
    );
    expect(escapeForTerminal('\u200b\u200c\u200d\u200e\u200f\u2060\ufeff')).toBe(
      '\\u200b\\u200c\\u200d\\u200e\\u200f\\u2060\\ufeff',
    );
    expect(escapeForTerminal('safe\u202egnp.exe')).toBe('safe\\u202egnp.exe');
  });

  it('keeps every other character, and a JSON document stays the same document', () => {
    expect(escapeForTerminal('héllo wörld 日本 🌍 ⚠ é')).toBe('héllo wörld 日本 🌍 ⚠ é');
    const json = JSON.stringify({ name: 'safe\u202egnp.exe', del: '\u007f', csi: '\u009b' });
    expect(JSON.parse(escapeForTerminal(json))).toEqual(JSON.parse(json));
  });
  it('with keepLineBreaks keeps lines, tabs and CRLF ends, and still escapes a lone CR and every other control', () => {
    expect(
      escapeForTerminal('line 1\r\n\tline 2\n\u001b[2J\u001b]0;owned\u0007cleared\rfake\u009b\u202e', {
        keepLineBreaks: true,
      }),
    ).toBe('line 1\r\n\tline 2\n\\u001b[2J\\u001b]0;owned\\u0007cleared\\rfake\\u009b\\u202e');
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
