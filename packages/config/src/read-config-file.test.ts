import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES, readBoundedConfigFile } from './read-config-file.ts';

describe('readBoundedConfigFile', () => {
  it('C1: reads to the end whatever size fstat reported (a /proc file says 0 bytes)', () => {
    const read = readBoundedConfigFile('/proc/self/status');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.stats.size).toBe(0);
    expect(read.text).toMatch(/^Name:/);
    expect(read.text).toMatch(/\nPid:\s+\d+\n/);
  });

  it('C1: a missing file throws the system error for the caller to word', () => {
    expect(() => readBoundedConfigFile('/nonexistent/setup.json')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  it('C1: the cap is 4 MiB', () => {
    expect(MAX_CONFIG_BYTES).toBe(4 * 1024 * 1024);
    expect(readBoundedConfigFile('/dev/null')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^this is a character device/),
    });
  });
});
