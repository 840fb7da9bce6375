import { describe, expect, it } from 'vitest';
import { compileHooks } from './compile-hooks.ts';
import { selectHooks, type HookSelection } from './select-hooks.ts';

interface TestHook {
  readonly name: string;
  readonly command: string;
  readonly matcher?: string | undefined;
}

function names(selection: readonly HookSelection<TestHook>[]): string[] {
  return selection.map(({ hook, duplicateOf }) => (duplicateOf === null ? hook.name : `${hook.name}=>${duplicateOf.name}`));
}

function select(hooks: readonly TestHook[], toolName: string): string[] {
  return names(selectHooks(compileHooks(hooks), toolName));
}

describe('selectHooks', () => {
  it('M1: a matcher is a regex search anywhere in the tool name', () => {
    const hooks: TestHook[] = [{ name: 'bash', command: 'a', matcher: 'bash_run' }];
    expect(select(hooks, 'bash_run')).toEqual(['bash']);
    expect(select(hooks, 'my_bash_runner')).toEqual(['bash']);
    expect(select(hooks, 'bash')).toEqual([]);
  });

  it('M1: anchors restrict the match to the whole name', () => {
    const hooks: TestHook[] = [{ name: 'read', command: 'a', matcher: '^fs_read$' }];
    expect(select(hooks, 'fs_read')).toEqual(['read']);
    expect(select(hooks, 'fs_read_all')).toEqual([]);
    expect(select(hooks, 'my_fs_read')).toEqual([]);
  });

  it('M1: an absent or empty matcher matches every tool, even an empty name', () => {
    const hooks: TestHook[] = [
      { name: 'absent', command: 'a' },
      { name: 'undefined', command: 'b', matcher: undefined },
      { name: 'empty', command: 'c', matcher: '' },
    ];
    for (const toolName of ['bash_run', 'x', '']) {
      expect(select(hooks, toolName)).toEqual(['absent', 'undefined', 'empty']);
    }
  });

  it('M1: matching is case-sensitive and takes no flags from the matcher text', () => {
    expect(select([{ name: 'upper', command: 'a', matcher: 'Bash' }], 'bash_run')).toEqual([]);
    // Slashes and flags are ordinary characters in a matcher, not regex literal syntax.
    expect(select([{ name: 'literal', command: 'a', matcher: '/bash/i' }], 'bash')).toEqual([]);
    expect(select([{ name: 'literal', command: 'a', matcher: '/bash/i' }], 'x/bash/i')).toEqual(['literal']);
    // Inline flag groups are not JavaScript syntax, so the matcher is invalid and never matches (M2).
    expect(select([{ name: 'inline', command: 'a', matcher: '(?i)bash' }], 'bash')).toEqual([]);
  });

  it('M1: alternation and character classes work as in JavaScript', () => {
    const hooks: TestHook[] = [{ name: 'writers', command: 'a', matcher: '^(fs_write|bash_run)$' }];
    expect(select(hooks, 'fs_write')).toEqual(['writers']);
    expect(select(hooks, 'bash_run')).toEqual(['writers']);
    expect(select(hooks, 'fs_read')).toEqual([]);
    expect(select([{ name: 'digits', command: 'a', matcher: 'tool_\\d+' }], 'tool_42')).toEqual(['digits']);
  });

  it('M2: a hook whose matcher does not compile never runs, and the others still do', () => {
    const hooks: TestHook[] = [
      { name: 'star', command: 'a', matcher: '*' },
      { name: 'paren', command: 'b', matcher: '(' },
      { name: 'all', command: 'c', matcher: '.*' },
    ];
    for (const toolName of ['bash_run', '*', '(', '']) {
      expect(select(hooks, toolName)).toEqual(['all']);
    }
  });

  it('M2: a non-string matcher that slipped past validation never matches', () => {
    const hooks = [{ name: 'number', command: 'a', matcher: 1 as unknown as string }];
    const compiled = compileHooks(hooks);
    expect(selectHooks(compiled, '1')).toEqual([]);
    expect(compiled.invalidMatchers.map((invalid) => invalid.error)).toEqual(['matcher must be a string (got number)']);
  });

  it('M3: selected hooks keep config order', () => {
    const hooks: TestHook[] = [
      { name: 'third-looking', command: 'c', matcher: 'run' },
      { name: 'skipped', command: 'x', matcher: '^fs_' },
      { name: 'first-looking', command: 'a', matcher: 'bash' },
      { name: 'middle', command: 'b' },
    ];
    expect(select(hooks, 'bash_run')).toEqual(['third-looking', 'first-looking', 'middle']);
  });

  it('M4: identical commands run once, first wins, the others name it in config position', () => {
    const hooks: TestHook[] = [
      { name: 'first', command: 'echo hi', matcher: 'bash' },
      { name: 'other', command: 'echo other' },
      { name: 'second', command: 'echo hi' },
      { name: 'third', command: 'echo hi', matcher: 'run' },
    ];
    const selection = selectHooks(compileHooks(hooks), 'bash_run');
    expect(names(selection)).toEqual(['first', 'other', 'second=>first', 'third=>first']);
    expect(selection[2]?.duplicateOf).toBe(hooks[0]);
    expect(selection[0]?.hook).toBe(hooks[0]);
  });

  it('M4: comparison is exact: whitespace and case make commands different', () => {
    const hooks: TestHook[] = [
      { name: 'plain', command: 'echo hi' },
      { name: 'spaced', command: 'echo  hi' },
      { name: 'trailing', command: 'echo hi ' },
      { name: 'upper', command: 'ECHO hi' },
    ];
    expect(select(hooks, 'bash_run')).toEqual(['plain', 'spaced', 'trailing', 'upper']);
  });

  it('M4: only selected hooks count: an unselected first copy does not win', () => {
    const hooks: TestHook[] = [
      { name: 'fs only', command: 'echo hi', matcher: '^fs_' },
      { name: 'invalid', command: 'echo hi', matcher: '*' },
      { name: 'bash', command: 'echo hi', matcher: 'bash' },
      { name: 'any', command: 'echo hi' },
    ];
    expect(select(hooks, 'bash_run')).toEqual(['bash', 'any=>bash']);
    expect(select(hooks, 'fs_read')).toEqual(['fs only', 'any=>fs only']);
  });

  it('M4: the same hook object listed twice is deduplicated against itself', () => {
    const hook: TestHook = { name: 'twice', command: 'echo hi' };
    const selection = selectHooks(compileHooks([hook, hook]), 'bash_run');
    expect(selection.map((entry) => entry.duplicateOf)).toEqual([null, hook]);
  });

  it('M5: repeated and interleaved calls give the same answer (no regex state leaks)', () => {
    const compiled = compileHooks<TestHook>([
      { name: 'bash', command: 'a', matcher: 'ba(sh)' },
      { name: 'read', command: 'b', matcher: '^fs_(read)$' },
      { name: 'dupe', command: 'a' },
    ]);
    // Fresh names every round so the per-name memo cannot hide a regex that kept state.
    for (let round = 0; round < 5; round += 1) {
      expect(names(selectHooks(compiled, `bash_run_${round}`))).toEqual(['bash', 'dupe=>bash']);
      expect(names(selectHooks(compiled, `my_bash_${round}`))).toEqual(['bash', 'dupe=>bash']);
      expect(names(selectHooks(compiled, 'fs_read'))).toEqual(['read', 'dupe']);
      expect(names(selectHooks(compiled, `other_${round}`))).toEqual(['dupe']);
    }
  });

  it('M5: the memo is bounded and evicted names are recomputed correctly', () => {
    const compiled = compileHooks<TestHook>([{ name: 'even', command: 'a', matcher: '[02468]$' }]);
    // Far more names than the memo keeps, then the first ones again after eviction.
    for (let round = 0; round < 2; round += 1) {
      for (let index = 0; index < 1_000; index += 1) {
        expect(names(selectHooks(compiled, `tool_${index}`))).toEqual(index % 2 === 0 ? ['even'] : []);
      }
    }
  });

  it('M5: a caller changing a returned array does not change later answers', () => {
    const compiled = compileHooks<TestHook>([{ name: 'one', command: 'a' }]);
    const first = selectHooks(compiled, 'bash_run');
    first.length = 0;
    first.push({ hook: { name: 'intruder', command: 'x' }, duplicateOf: null });
    expect(names(selectHooks(compiled, 'bash_run'))).toEqual(['one']);
    expect(Object.isFrozen(selectHooks(compiled, 'bash_run')[0])).toBe(true);
  });

  it('M3: no hooks, no selection', () => {
    expect(selectHooks(compileHooks([]), 'bash_run')).toEqual([]);
  });
});
