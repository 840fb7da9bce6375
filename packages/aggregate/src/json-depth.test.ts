import { describe, expect, it } from 'vitest';
import { interpretRun } from './interpret-runs.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';
import { parseHookOutput } from './parse-hook-output.ts';

/** `{"a": [[…1…]]}` with the object as level 1, so `levels` levels in all. */
function nestedObject(levels: number): string {
  return `{"a":${'['.repeat(levels - 1)}1${']'.repeat(levels - 1)}}`;
}

describe('updated_input depth', () => {
  it(`O2: an updated_input nested ${MAX_JSON_DEPTH} levels is valid; one level more is invalid output`, () => {
    const atLimit = parseHookOutput(`{"updated_input":${nestedObject(MAX_JSON_DEPTH)}}`);
    expect(atLimit.kind).toBe('valid');
    expect(parseHookOutput(`{"updated_input":${nestedObject(MAX_JSON_DEPTH + 1)}}`)).toEqual({
      kind: 'invalid',
      problem: `updated_input nests more than ${MAX_JSON_DEPTH} levels deep: the input it makes could not be sent as JSON`,
    });
  });

  it('O2/A7: a 100,000-deep updated_input is no opinion and rewrites nothing, instead of an input no one can serialise', () => {
    const outcome = interpretRun(
      'PreToolUse',
      { name: 'deep', onError: 'ignore' },
      {
        exitCode: 0,
        signal: null,
        stdout: `{"decision":"allow","updated_input":${nestedObject(100_000)}}`,
        stderr: '',
        timedOut: false,
        truncated: false,
        startError: null,
      },
    );
    expect(outcome.kind).toBe('invalid');
    expect(outcome.updatedInput).toBeNull();
  });

  it('counts objects and arrays alike, own __proto__ keys included, and ignores depth in unrelated fields', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [{}] }, 2)).toBe(true);
    expect(nestsDeeperThan({ a: [{}] }, 3)).toBe(false);
    expect(nestsDeeperThan(JSON.parse('{"__proto__":[[1]]}'), 2)).toBe(true);
    expect(parseHookOutput(`{"context":"c","unknown":${nestedObject(2_000)}}`).kind).toBe('valid');
  });
});
