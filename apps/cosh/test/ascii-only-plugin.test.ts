import { decode, encode } from '@jridgewell/sourcemap-codec';
import { describe, expect, it } from 'vitest';
import { escapeNonAscii, shiftMappings } from '../ascii-only-plugin.ts';

/** What the escaped text means once evaluated as code. */
const evaluate = (code: string): unknown => new Function(`return ${code};`)();

describe('the ASCII-only build step (issue 16: a one-byte script starts faster)', () => {
  it('escapes every character past ASCII, so that the code means what it meant', () => {
    const samples = [
      '`${1} … 2`',
      "'a → b'",
      '"\ufeff"',
      '/^\ufeff?…$/u.test("…")',
      '`emoji 😀 and ü`',
      '/^[😀]$/u.test("😀")',
    ];
    for (const sample of samples) {
      const escaped = escapeNonAscii(sample);
      expect(escaped).not.toMatch(/[\u0080-\uffff]/);
      expect(evaluate(escaped)).toEqual(evaluate(sample));
    }
    expect(escapeNonAscii('plain ASCII')).toBe('plain ASCII');
  });

  it('moves the source map with the code: each generated column by the escapes before it on its line', () => {
    const code = "a='…→';b()\nc='x';d()";
    // Segments: [generated column, source, original line, original column].
    const mappings = encode([
      [
        [0, 0, 0, 0],
        [3, 0, 0, 4],
        [7, 0, 1, 0],
      ],
      [
        [0, 0, 2, 0],
        [6, 0, 3, 0],
      ],
    ]);
    expect(decode(shiftMappings(code, mappings))).toEqual([
      [
        [0, 0, 0, 0],
        [3, 0, 0, 4],
        [17, 0, 1, 0],
      ],
      [
        [0, 0, 2, 0],
        [6, 0, 3, 0],
      ],
    ]);
    const escaped = escapeNonAscii(code);
    expect(escaped.indexOf('b()')).toBe(17);
  });
});
