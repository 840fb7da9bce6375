import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { colorEnabled, createCliContext, createStyle } from './cli-context.ts';

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

describe('standard input (issue 37: the cold start of cosh hooks run)', () => {
  it('is taken only when a command asks for it', () => {
    const stdin = new PassThrough();
    let asked = 0;
    const io = {
      get stdin() {
        asked += 1;
        return stdin;
      },
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      env: {},
      cwd: '/',
    };
    const context = createCliContext(io);
    expect(asked).toBe(0);
    expect(context.stdin).toBe(stdin);
    expect(asked).toBe(1);
  });
});
