import { describe, expect, it } from 'vitest';
import { compileClaudeIf } from './compile-claude-if.ts';
import type { TouchedPaths } from './touched-paths.ts';

const place = { folder: '/repo', home: '/home/me' };

function shell(...commands: string[][]): TouchedPaths {
  return { paths: [], folders: [], unknown: false, commands };
}
function files(...paths: string[]): TouchedPaths {
  return { paths, folders: [], unknown: false, commands: null };
}

describe('compileClaudeIf', () => {
  it('F5: Bash(prefix:*) matches a simple command starting with the prefix, in any part of a compound command', () => {
    const test = compileClaudeIf('Bash(git push:*)', place);
    expect(test('Bash', shell(['git', 'push', 'origin', 'main']))).toBe(true);
    expect(test('Bash', shell(['ls'], ['git', 'push']))).toBe(true);
    expect(test('Bash', shell(['git', 'status']))).toBe(false);
    expect(test('Read', shell(['git', 'push']))).toBe(false);
  });

  it('F5: Bash(cmd *) matches the command with or without arguments, not a longer name', () => {
    const test = compileClaudeIf('Bash(ls *)', place);
    expect(test('Bash', shell(['ls', '-la']))).toBe(true);
    expect(test('Bash', shell(['ls']))).toBe(true);
    expect(test('Bash', shell(['lsof']))).toBe(false);
    const exact = compileClaudeIf('Bash(npm test)', place);
    expect(exact('Bash', shell(['npm', 'test']))).toBe(true);
    expect(exact('Bash', shell(['npm', 'test', '--watch']))).toBe(false);
  });

  it('F5, F2: a command Cosh cannot split selects the hook (Claude Code would skip it)', () => {
    const test = compileClaudeIf('Bash(git push:*)', place);
    expect(test('Bash', { paths: [], folders: [], unknown: true, commands: [] })).toBe(true);
  });

  it('F5: Edit(*.ts) matches a file anywhere below; Write(src/**) is taken from the project root', () => {
    const edit = compileClaudeIf('Edit(*.ts)', place);
    expect(edit('Edit', files('/repo/a/b.ts'))).toBe(true);
    expect(edit('MultiEdit', files('/repo/b.ts'))).toBe(true);
    expect(edit('Write', files('/repo/b.ts'))).toBe(true);
    expect(edit('Edit', files('/repo/b.js'))).toBe(false);
    expect(edit('Read', files('/repo/b.ts'))).toBe(false);
    const write = compileClaudeIf('Write(src/**)', place);
    expect(write('Write', files('/repo/src/a/b.txt'))).toBe(true);
    expect(write('Write', files('/repo/lib/a.txt'))).toBe(false);
    expect(write('Write', files('/other/src/a.txt'))).toBe(false);
    expect(compileClaudeIf('Read(//etc/**)', place)('Read', files('/etc/passwd'))).toBe(true);
    expect(compileClaudeIf('Read(/docs/*)', place)('Read', files('/repo/docs/a'))).toBe(true);
    expect(compileClaudeIf('Read(~/.ssh/**)', place)('Read', files('/home/me/.ssh/id'))).toBe(true);
  });

  it('F5: a rule without a pattern matches every call of its tool', () => {
    const test = compileClaudeIf('Write', place);
    expect(test('Write', files())).toBe(true);
    expect(test('Edit', files())).toBe(false);
  });
});
