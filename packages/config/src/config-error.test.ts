import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { formatJsonPath, formatProblem } from './format-problem.ts';

describe('ConfigError', () => {
  const problem = {
    severity: 'error',
    code: 'syntax',
    message: 'expected a value',
    path: [],
    line: 3,
    column: 7,
  } as const;

  it('has a stable code, the file, its problems and a cause', () => {
    const cause = new Error('underlying');
    const error = new ConfigError('E_CONFIG_SYNTAX', '/a/setup.json', [problem], { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ConfigError');
    expect(error.code).toBe('E_CONFIG_SYNTAX');
    expect(error.file).toBe('/a/setup.json');
    expect(error.problems).toEqual([problem]);
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('/a/setup.json:3:7: error: expected a value');
  });

  it('is recognised across copies of the package by its marker, not its prototype', () => {
    const error = new ConfigError('E_CONFIG_READ', '/f', [problem]);
    const lookalike = Object.assign(Object.create(null) as object, { [Symbol.for('@cosh/config/ConfigError')]: true });
    expect(ConfigError.isInstance(error)).toBe(true);
    expect(ConfigError.isInstance(lookalike)).toBe(true);
    expect(ConfigError.isInstance(new Error('x'))).toBe(false);
    expect(ConfigError.isInstance(null)).toBe(false);
  });
});

describe('formatProblem', () => {
  it('prints file:line:col: severity: message for editors', () => {
    expect(
      formatProblem('setup.json', { severity: 'warning', code: 'x', message: 'hm', path: [], line: 12, column: 5 }),
    ).toBe('setup.json:12:5: warning: hm');
  });
});

describe('formatJsonPath', () => {
  it('reads like JavaScript property access', () => {
    expect(formatJsonPath([])).toBe('(root)');
    expect(formatJsonPath(['hooks', 'PreToolUse', 0, 'timeout'])).toBe('hooks.PreToolUse[0].timeout');
    expect(formatJsonPath(['hooks', 'my event'])).toBe('hooks["my event"]');
    expect(formatJsonPath(['$schema'])).toBe('$schema');
  });
});
