import { describe, expect, it } from 'vitest';
import { maxCallTimeoutSeconds, parseCallTimeout } from './register-mcp-commands.ts';

describe('parseCallTimeout', () => {
  it('accepts seconds greater than 0, fractions included, up to a day', () => {
    expect(parseCallTimeout('120')).toBe(120);
    expect(parseCallTimeout('0.5')).toBe(0.5);
    expect(parseCallTimeout(String(maxCallTimeoutSeconds))).toBe(maxCallTimeoutSeconds);
  });

  it.each(['0', '-1', '', ' ', 'abc', '1e9', 'Infinity', 'NaN', String(maxCallTimeoutSeconds + 1)])(
    'rejects %j',
    (value) => {
      expect(parseCallTimeout(value)).toBeUndefined();
    },
  );
});
