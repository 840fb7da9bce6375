import { describe, expect, it } from 'vitest';
import { unlikelyHex } from './unlikely-hex.ts';

describe('unlikelyHex', () => {
  it('C8: gives exactly the hex digits asked for, and two calls differ', () => {
    expect(unlikelyHex(12)).toMatch(/^[0-9a-f]{12}$/);
    expect(unlikelyHex(16)).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(Array.from({ length: 100 }, () => unlikelyHex(16))).size).toBe(100);
  });
});
