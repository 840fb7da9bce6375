import { describe, expect, it } from 'vitest';
import { findExcessiveNesting, MAX_NESTING_DEPTH } from './nesting-depth.ts';
import { parseConfig } from './parse-config.ts';

const file = '/home/user/.config/cosh/setup.json';

/** `{"theme": [[…1…]], "hooks": …}` with the root object as level 1, so `levels` in all. */
function nestedTheme(levels: number): string {
  const arrays = levels - 1;
  return `{\n  "theme": ${'['.repeat(arrays)}1${']'.repeat(arrays)},\n  "hooks": {"PreToolUse": [{"command": "true"}]}\n}`;
}

describe('nesting depth', () => {
  it(`C2: ${MAX_NESTING_DEPTH} levels load; one more is a syntax error at the bracket that goes too deep`, () => {
    const atLimit = parseConfig(nestedTheme(MAX_NESTING_DEPTH), file);
    expect(atLimit.ok).toBe(true);

    const overLimit = parseConfig(nestedTheme(MAX_NESTING_DEPTH + 1), file);
    expect(overLimit.ok).toBe(false);
    if (overLimit.ok) return;
    expect(overLimit.error.code).toBe('E_CONFIG_SYNTAX');
    expect(overLimit.error.problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'syntax',
        message: `nested more than ${MAX_NESTING_DEPTH} levels deep: a setup.json needs only a few levels`,
        // Line 2, after `  "theme": ` and the 511 brackets of the levels allowed.
        line: 2,
        column: '  "theme": '.length + MAX_NESTING_DEPTH,
      }),
    ]);
  });

  it('C2: 100,000 levels, closed or not, are a syntax error, not a stack overflow', () => {
    for (const text of ['['.repeat(100_000), `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`]) {
      const result = parseConfig(text, file);
      expect(result.ok ? 'loaded' : result.error.code).toBe('E_CONFIG_SYNTAX');
    }
  });

  it('brackets in strings and comments are not levels; closing brackets bring the depth back', () => {
    const many = MAX_NESTING_DEPTH + 10;
    expect(
      findExcessiveNesting(`{"command": "${'['.repeat(many)}"} // ${'{'.repeat(many)}\n/* ${'['.repeat(many)} */`),
    ).toBeUndefined();
    expect(findExcessiveNesting('[]'.repeat(many))).toBeUndefined();
    expect(findExcessiveNesting('[[[', 2)).toBe(2);
    expect(findExcessiveNesting('[[]][[]]', 2)).toBeUndefined();
  });
});
