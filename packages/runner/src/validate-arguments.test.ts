import { describe, expect, it } from 'vitest';
import { defaultRunnerOptions, type HookProcessRequest } from './hook-process.ts';
import { RunnerError } from './runner-error.ts';
import { assertValidRequest, resolveRunnerOptions } from './validate-arguments.ts';

const valid: HookProcessRequest = { command: 'true', stdin: '', env: {}, cwd: '/', timeoutMs: 1_000 };

const thrown = (action: () => unknown): RunnerError => {
  try {
    action();
  } catch (error) {
    if (RunnerError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a RunnerError');
};

describe('resolveRunnerOptions', () => {
  it('R6 R7 R8 R11: defaults are /bin/sh, 1 MiB per stream, 1000 ms grace, 100 ms drain, 64 processes', () => {
    expect(resolveRunnerOptions(undefined)).toEqual({
      shell: '/bin/sh',
      maxOutputBytes: 1_048_576,
      killGraceMs: 1_000,
      drainMs: 100,
      maxConcurrentProcesses: 64,
    });
    expect(resolveRunnerOptions({})).toEqual(defaultRunnerOptions);
  });

  it('keeps given values, including zeros', () => {
    expect(
      resolveRunnerOptions({
        shell: '/bin/bash',
        maxOutputBytes: 0,
        killGraceMs: 0,
        drainMs: 0,
        maxConcurrentProcesses: 1,
      }),
    ).toEqual({
      shell: '/bin/bash',
      maxOutputBytes: 0,
      killGraceMs: 0,
      drainMs: 0,
      maxConcurrentProcesses: 1,
    });
  });

  it('lists every bad option in one RunnerError', () => {
    const error = thrown(() =>
      resolveRunnerOptions({
        shell: '',
        maxOutputBytes: 1.5,
        killGraceMs: -1,
        drainMs: Number.NaN,
        maxConcurrentProcesses: 0,
      }),
    );
    expect(error.code).toBe('E_RUNNER_INVALID_OPTIONS');
    expect(error.message).toContain('maxConcurrentProcesses must be an integer >= 1');
    expect(error.message).toContain('shell must be a non-empty string');
    expect(error.message).toContain('maxOutputBytes must be an integer >= 0');
    expect(error.message).toContain('killGraceMs');
    expect(error.message).toContain('drainMs');
  });
});

describe('assertValidRequest', () => {
  it('accepts a well-formed request', () => {
    expect(() => assertValidRequest(valid)).not.toThrow();
    expect(() =>
      assertValidRequest({ ...valid, stdin: new Uint8Array([123, 125, 10]), onSpawn: () => {} }),
    ).not.toThrow();
  });

  it('R6: refuses a timeout that is not a positive, finite, timer-sized number', () => {
    for (const timeoutMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31]) {
      expect(() => assertValidRequest({ ...valid, timeoutMs })).toThrow(/timeoutMs/);
    }
    expect(() => assertValidRequest({ ...valid, timeoutMs: 0.5 })).not.toThrow();
  });

  it('names the request of a batch', () => {
    const error = thrown(() => assertValidRequest({ ...valid, timeoutMs: 0 }, 3));
    expect(error.code).toBe('E_RUNNER_INVALID_REQUEST');
    expect(error.message).toBe('invalid hook request #3: timeoutMs must be a number above 0 and at most 2147483647');
  });
});

describe('RunnerError', () => {
  it('is recognised by its marker even across copies of the package', () => {
    const error = new RunnerError('E_RUNNER_INVALID_REQUEST', 'bad', { cause: 'why' });
    expect(RunnerError.isInstance(error)).toBe(true);
    expect(RunnerError.isInstance(new Error('bad'))).toBe(false);
    expect(RunnerError.isInstance({ [Symbol.for('@cosh/runner/RunnerError')]: true })).toBe(true);
    expect(error.cause).toBe('why');
    expect(error.name).toBe('RunnerError');
  });
});
