import { describe, expect, it } from 'vitest';
import { stderrTail } from './describe-failure.ts';

describe('stderrTail', () => {
  it('O5: keeps a short stderr whole, trimmed', () => {
    expect(stderrTail('\n  one\ntwo  \n')).toBe('one\ntwo');
    expect(stderrTail(' \n\t')).toBe('');
  });

  it('O5: keeps the last 10 lines, marked as cut', () => {
    const lines = Array.from({ length: 25 }, (_, index) => `line ${index + 1}`);
    expect(stderrTail(`${lines.join('\n')}\n`)).toBe(`…${lines.slice(15).join('\n')}`);
    expect(stderrTail(lines.slice(0, 10).join('\n'))).toBe(lines.slice(0, 10).join('\n'));
  });

  it('O5: keeps at most 1 KiB of the end, never half a surrogate pair', () => {
    const tail = stderrTail(`start${'x'.repeat(5_000)}end`);
    expect(tail).toBe(`…${'x'.repeat(1_021)}end`);
    const emoji = stderrTail('😀'.repeat(2_000));
    expect(emoji.startsWith('…😀')).toBe(true);
    expect(emoji.length).toBeLessThanOrEqual(1_025);
  });
});
