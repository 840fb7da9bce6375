import { describe, expect, it } from 'vitest';
import { hookTargetOf } from './hook-kinds.ts';
import { residentKey } from './kinds/resident/resident-client.ts';

describe('hookTargetOf (C5, H1, R12)', () => {
  it('the kind and target of an entry, made once per entry', () => {
    const resident = { command: './guard.py', url: null, resident: true };
    expect(hookTargetOf(resident)).toEqual({ kind: 'resident', command: './guard.py' });
    expect(hookTargetOf(resident)).toBe(hookTargetOf(resident));
    expect(hookTargetOf({ command: './guard.py', url: null })).toEqual({ kind: 'command', command: './guard.py' });
    expect(hookTargetOf({ command: null, url: 'https://h.example/' })).toEqual({
      kind: 'http',
      url: 'https://h.example/',
    });
  });
});

describe('residentKey (R12)', () => {
  const entry = {
    event: 'PreToolUse',
    layer: 'user',
    file: '/home/ada/.config/cosh/setup.json',
    index: 0,
    protocol: 'cosh',
    command: './guard.py',
  } as const;

  it('one key per entry: equal entries share it, another place or command has its own', () => {
    expect(residentKey(entry)).toBe(residentKey({ ...entry }));
    expect(residentKey(entry)).not.toBe(residentKey({ ...entry, index: 1 }));
    expect(residentKey(entry)).not.toBe(residentKey({ ...entry, command: './other.py' }));
    expect(residentKey(entry)).not.toBe(residentKey({ ...entry, protocol: 'claude' }));
  });
});
