import { describe, expect, it } from 'vitest';
import { composeToolOutput } from './compose-tool-output.ts';

describe('composeToolOutput', () => {
  it('P2: with nothing to append the output is unchanged, byte for byte', () => {
    for (const output of ['', 'ok', 'ok\n', 'no newline', 'a\r\n', '\n\n']) {
      expect(composeToolOutput(output, [])).toBe(output);
      expect(composeToolOutput(output, ['', ''])).toBe(output);
    }
  });

  it('P2: appended text starts on a new line; pieces are joined with \\n', () => {
    expect(composeToolOutput('ok', ['one', 'two'])).toBe('ok\none\ntwo');
  });

  it('P2: no extra newline when the output is empty or already ends with one', () => {
    expect(composeToolOutput('', ['one'])).toBe('one');
    expect(composeToolOutput('ok\n', ['one', 'two'])).toBe('ok\none\ntwo');
    expect(composeToolOutput('ok\r\n', ['one'])).toBe('ok\r\none');
  });

  it('P2: empty pieces are skipped, multi-line pieces kept as they are', () => {
    expect(composeToolOutput('ok', ['', 'a\nb', ''])).toBe('ok\na\nb');
  });
});
