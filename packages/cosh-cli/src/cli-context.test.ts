import { describe, expect, it } from 'vitest';
import { colorEnabled, createStyle } from './cli-context.ts';

describe('colour', () => {
  it('is on only for a terminal', () => {
    expect(colorEnabled({ isTTY: true }, {})).toBe(true);
    expect(colorEnabled({ isTTY: false }, {})).toBe(false);
    expect(colorEnabled({}, {})).toBe(false);
  });

  it('is never on with NO_COLOR set (no-color.org: a non-empty value) or TERM=dumb', () => {
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
    expect(colorEnabled({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
  });

  it('styles wrap text in ANSI codes only when enabled', () => {
    expect(createStyle(true).red('x')).toBe('\u001b[31mx\u001b[39m');
    expect(createStyle(false).red('x')).toBe('x');
    expect(createStyle(true).bold('')).toBe('');
  });
});
