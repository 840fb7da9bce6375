import { describe, expect, it } from 'vitest';
import type { HooksConfig } from '@cosh/config';
import { hooksConfig } from './__fixtures__/hooks-config.ts';
import { HooksError } from './hooks-error.ts';
import { prepareHooks } from './prepare-hooks.ts';

describe('prepareHooks', () => {
  it('C5: keeps enabled entries in config order with their config index; disabled ones are dropped', () => {
    const config = hooksConfig({
      PreToolUse: [
        { name: 'a', command: 'a', timeout: 0.5, onError: 'deny' },
        { name: 'b', command: 'b', enabled: false },
        { name: 'c', command: 'c', matcher: '^x' },
      ],
    });
    expect(
      prepareHooks(config, 'PreToolUse').map(({ name, index, matcher, timeoutSeconds, onError, problem }) => ({
        name,
        index,
        matcher,
        timeoutSeconds,
        onError,
        problem,
      })),
    ).toEqual([
      { name: 'a', index: 0, matcher: '', timeoutSeconds: 0.5, onError: 'deny', problem: null },
      { name: 'c', index: 2, matcher: '^x', timeoutSeconds: 60, onError: 'ignore', problem: null },
    ]);
  });

  it('L6: malformed entries of a hand-built config are kept with their problem and never deduplicated together', () => {
    const config = {
      hooks: {
        PreToolUse: [
          { command: '', name: 'blank' },
          { command: 42 },
          { command: 'ok', timeout: 0 },
          { command: 'ok', timeout: 86_401, onError: 'block', matcher: 7, name: 3 },
          null,
        ],
      },
    } as unknown as HooksConfig;
    const prepared = prepareHooks(config, 'PreToolUse');
    expect(prepared.map((hook) => [hook.name, hook.problem])).toEqual([
      ['blank', 'invalid hook entry: command must be a non-empty string'],
      ['PreToolUse[1]', 'invalid hook entry: command must be a non-empty string'],
      ['ok', 'invalid hook entry: timeout must be a number of seconds above 0 and at most 86400'],
      [
        'ok',
        'invalid hook entry: matcher must be a string; timeout must be a number of seconds above 0 and at most 86400; onError must be "ignore" or "deny"; name must be a string',
      ],
      ['PreToolUse[4]', 'invalid hook entry: the entry is not an object'],
    ]);
    expect(new Set(prepared.map((hook) => hook.command)).size).toBe(prepared.length);
    // A matcher of the wrong type matches every tool, so the broken hook is reported, not lost.
    expect(prepared[3]?.matcher).toBe('');
  });

  it('an event list that is not an array is a HooksError; a missing one is empty', () => {
    expect(prepareHooks({ hooks: {} } as unknown as HooksConfig, 'PostToolUse')).toEqual([]);
    const bad = { hooks: { PostToolUse: 'x' } } as unknown as HooksConfig;
    expect(() => prepareHooks(bad, 'PostToolUse')).toThrow(HooksError);
  });
});
