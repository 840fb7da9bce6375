import { describe, expect, it } from 'vitest';
import { formatCommandLine } from './format-command-line.ts';

describe('formatCommandLine', () => {
  it('leaves plain words alone and single-quotes the rest so the line can be pasted into a shell', () => {
    expect(
      formatCommandLine('npx', ['-y', '@modelcontextprotocol/server-filesystem', '/home/ada/my files', "it's", '']),
    ).toBe("npx -y @modelcontextprotocol/server-filesystem '/home/ada/my files' 'it'\\''s' ''");
  });
});
