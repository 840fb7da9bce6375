import { describe, expect, it } from 'vitest';
import { checkMatcher } from './check-matcher.ts';

describe('checkMatcher', () => {
  it('M2: accepts what new RegExp accepts', () => {
    for (const matcher of ['', 'bash_run', '^fs_read$', '.*', 'fs_(read|write)', '[a-z]+', 'a{']) {
      expect(checkMatcher(matcher)).toEqual({ valid: true });
    }
  });

  it('M2: "*" alone is valid: it means every tool', () => {
    expect(checkMatcher('*')).toEqual({ valid: true });
  });

  it.each([
    ['**', '.*'],
    ['*_read', '.*_read'],
    ['bash_run|*grep', 'bash_run|.*grep'],
    ['^*fs', '^.*fs'],
    ['(', '\\('],
    ['fs_(read', 'fs_\\(read'],
    ['fs_read)', 'fs_read\\)'],
    ['[abc', '\\[abc'],
    ['bash\\', 'bash\\\\'],
  ])('M2: %j does not compile and the fix is %j', (matcher, fix) => {
    const check = checkMatcher(matcher);
    expect(check.valid).toBe(false);
    if (check.valid) return;
    expect(check.fix).toBe(fix);
    expect(() => new RegExp(fix)).not.toThrow();
  });

  it("M2: reports the regex engine's reason without the pattern", () => {
    const check = checkMatcher('*x');
    expect(check).toMatchObject({ valid: false, reason: 'nothing to repeat' });
    expect(checkMatcher('(')).toMatchObject({ valid: false, reason: 'unterminated group' });
  });

  it('M2: offers no fix when none is obvious', () => {
    expect(checkMatcher('+x')).toMatchObject({ valid: false, fix: undefined });
  });
});
