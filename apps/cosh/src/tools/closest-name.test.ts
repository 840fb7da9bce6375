import { describe, expect, it } from 'vitest';
import { closestName } from './closest-name.ts';

const tools = ['bash_run', 'find_grep', 'fs_read', 'fs_write'];

describe('closestName', () => {
  it('T: a prefix or part of a tool name suggests it', () => {
    expect(closestName('bash', tools)).toBe('bash_run');
    expect(closestName('grep', tools)).toBe('find_grep');
    expect(closestName('write', tools)).toBe('fs_write');
    expect(closestName('BASH_RUN', tools)).toBe('bash_run');
  });

  it('T: a typo suggests the nearest name', () => {
    expect(closestName('fs_raed', tools)).toBe('fs_read');
    expect(closestName('fs_wirte', tools)).toBe('fs_write');
    expect(closestName('cmd', ['command', 'timeout'])).toBe('command');
    expect(closestName('timout', ['command', 'timeout'])).toBe('timeout');
  });

  it('T: nothing close gives no suggestion', () => {
    expect(closestName('ls', tools)).toBeUndefined();
    expect(closestName('python', tools)).toBeUndefined();
    expect(closestName('', tools)).toBeUndefined();
    expect(closestName('x', ['command', 'timeout'])).toBeUndefined();
  });
});
