import { describe, expect, it } from 'vitest';
import { monotonicNow } from './monotonic-now.ts';

describe('monotonicNow', () => {
  it('counts milliseconds as performance.now() does, never backwards', async () => {
    const start = monotonicNow();
    const reference = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const elapsed = monotonicNow() - start;
    expect(elapsed).toBeGreaterThanOrEqual(45);
    expect(Math.abs(elapsed - (performance.now() - reference))).toBeLessThan(20);
    let last = monotonicNow();
    for (let index = 0; index < 1000; index += 1) {
      const now = monotonicNow();
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
    }
  });
});
