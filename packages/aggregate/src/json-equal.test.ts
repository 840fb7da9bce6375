import { describe, expect, it } from 'vitest';
import { jsonEqual } from './json-equal.ts';

describe('jsonEqual', () => {
  it('A7: compares JSON values deeply, object keys in any order', () => {
    expect(jsonEqual({ a: [1, { b: 'x' }], c: null }, { c: null, a: [1, { b: 'x' }] })).toBe(true);
    expect(jsonEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual('1', 1)).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });

  it('A7: own __proto__ keys are compared as data', () => {
    const left = JSON.parse('{"__proto__":{"x":1}}') as unknown;
    expect(jsonEqual(left, JSON.parse('{"__proto__":{"x":1}}'))).toBe(true);
    expect(jsonEqual(left, JSON.parse('{"__proto__":{"x":2}}'))).toBe(false);
    expect(jsonEqual(left, {})).toBe(false);
  });

  it('A7: a 100,000-deep value does not overflow the stack', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(jsonEqual(JSON.parse(deep), JSON.parse(deep))).toBe(true);
    expect(jsonEqual(JSON.parse(deep), JSON.parse(`${'['.repeat(100_000)}1${']'.repeat(100_000)}`))).toBe(false);
  });

  it('A7: a cyclic value handed in by a caller terminates', () => {
    const left: Record<string, unknown> = {};
    left['self'] = left;
    const right: Record<string, unknown> = {};
    right['self'] = right;
    expect(jsonEqual(left, right)).toBe(true);
  });
});
