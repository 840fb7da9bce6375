import { describe, expect, it } from 'vitest';
import { mergeUpdatedInputs } from './merge-updated-inputs.ts';

describe('mergeUpdatedInputs', () => {
  it('A7: shallow merge in the given order: top-level keys replaced, later wins', () => {
    const original = { command: 'grep x', options: { color: true, case: 'i' }, cwd: '/' };
    const merged = mergeUpdatedInputs(original, [
      { hook: 'first', updatedInput: { command: 'grep --color=never x', options: { color: false } } },
      { hook: 'second', updatedInput: { timeout: 5 } },
      { hook: 'third', updatedInput: { command: 'rg x' } },
    ]);
    expect(merged.toolInput).toEqual({ command: 'rg x', options: { color: false }, cwd: '/', timeout: 5 });
    // Replaced keys keep their place; new keys come after, as with object spread.
    expect(Object.keys(merged.toolInput)).toEqual(['command', 'options', 'cwd', 'timeout']);
  });

  it('A7: neither the input nor the updates are modified', () => {
    const original = { command: 'ls' };
    const update = { command: 'ls -la' };
    const merged = mergeUpdatedInputs(original, [{ hook: 'h', updatedInput: update }]);
    expect(original).toEqual({ command: 'ls' });
    expect(update).toEqual({ command: 'ls -la' });
    expect(merged.toolInput).not.toBe(original);
  });

  it('A7: with no update the input itself comes back', () => {
    const original = { command: 'ls' };
    expect(mergeUpdatedInputs(original, [])).toEqual({ toolInput: original, conflicts: [] });
    expect(mergeUpdatedInputs(original, []).toolInput).toBe(original);
  });

  it('A7: two hooks setting one key to different values are a conflict naming both', () => {
    const merged = mergeUpdatedInputs({ command: 'ls' }, [
      { hook: 'A', updatedInput: { command: 'ls -a' } },
      { hook: 'B', updatedInput: { command: 'ls -b' } },
      { hook: 'C', updatedInput: { command: 'ls -b' } },
      { hook: 'D', updatedInput: { command: 'ls -a' } },
    ]);
    expect(merged.toolInput).toEqual({ command: 'ls -a' });
    expect(merged.conflicts).toEqual([
      { key: 'command', earlierHook: 'A', laterHook: 'B' },
      { key: 'command', earlierHook: 'C', laterHook: 'D' },
    ]);
  });

  it('A7: equal values (deep comparison) are no conflict; differing from the original is none either', () => {
    const merged = mergeUpdatedInputs({ env: { A: '0' } }, [
      { hook: 'A', updatedInput: { env: { A: '1', B: ['x', { y: null }] } } },
      { hook: 'B', updatedInput: { env: { B: ['x', { y: null }], A: '1' } } },
    ]);
    expect(merged.conflicts).toEqual([]);
  });

  it('A7: __proto__, constructor and prototype are copied as plain own keys, no prototype changes', () => {
    const original = JSON.parse('{"__proto__":{"fromInput":1},"command":"ls"}') as Record<string, unknown>;
    const update = JSON.parse(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}',
    ) as Record<string, unknown>;
    const merged = mergeUpdatedInputs(original, [{ hook: 'evil', updatedInput: update }]).toolInput;

    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.keys(merged)).toEqual(['__proto__', 'command', 'constructor', 'prototype']);
    expect(Object.getOwnPropertyDescriptor(merged, '__proto__')).toEqual({
      value: { polluted: true },
      writable: true,
      enumerable: true,
      configurable: true,
    });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(JSON.stringify(merged)).toBe(
      '{"__proto__":{"polluted":true},"command":"ls","constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}',
    );
  });
});
