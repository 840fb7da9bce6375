import { describe, expect, it } from 'vitest';
import { compileHooks } from './compile-hooks.ts';
import { selectHooks, type HookSelection } from './select-hooks.ts';

interface TestHook {
  readonly name: string;
  readonly command: string;
  readonly matcher?: string | undefined;
}

function names(selection: readonly HookSelection<TestHook>[]): string[] {
  return selection.map(({ hook, duplicateOf }) =>
    duplicateOf === null ? hook.name : `${hook.name}=>${duplicateOf.name}`,
  );
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
      { name: 'star', command: 'a', matcher: '*_run' },
      { name: 'paren', command: 'b', matcher: '(' },
      { name: 'all', command: 'c', matcher: '.*' },
    ];
    for (const toolName of ['bash_run', '*', '(', '']) {
      expect(select(hooks, toolName)).toEqual(['all']);
    }
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
      { name: 'invalid', command: 'echo hi', matcher: '(' },
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
    // Fresh names every round, so no answer can come from an earlier one.
    for (let round = 0; round < 5; round += 1) {
      expect(names(selectHooks(compiled, `bash_run_${round}`))).toEqual(['bash', 'dupe=>bash']);
      expect(names(selectHooks(compiled, `my_bash_${round}`))).toEqual(['bash', 'dupe=>bash']);
      expect(names(selectHooks(compiled, 'fs_read'))).toEqual(['read', 'dupe']);
      expect(names(selectHooks(compiled, `other_${round}`))).toEqual(['dupe']);
    }
  });

  it('M5: a caller changing a returned array does not change later answers', () => {
    const compiled = compileHooks<TestHook>([{ name: 'one', command: 'a' }]);
    const first = selectHooks(compiled, 'bash_run');
    first.length = 0;
    first.push({ hook: { name: 'intruder', command: 'x' }, duplicateOf: null });
    expect(names(selectHooks(compiled, 'bash_run'))).toEqual(['one']);
  });

  it('M3: no hooks, no selection', () => {
    expect(selectHooks(compileHooks([]), 'bash_run')).toEqual([]);
  });
});

describe('selectHooks with Claude hooks (K1, K2)', () => {
  interface ProtocolHook extends TestHook {
    readonly protocol?: 'cosh' | 'claude' | undefined;
  }

  function selectBoth(hooks: readonly ProtocolHook[], toolName: string, claudeToolName: string): string[] {
    return selectHooks(compileHooks(hooks), toolName, claudeToolName).map(({ hook, duplicateOf }) =>
      duplicateOf === null ? hook.name : `${hook.name}=>${duplicateOf.name}`,
    );
  }

  it('K2: a Claude hook is matched on the Claude name, a Cosh hook on the Cosh name, in config order', () => {
    const hooks: ProtocolHook[] = [
      { name: 'claude Bash', command: 'a', matcher: 'Bash', protocol: 'claude' },
      { name: 'cosh bash', command: 'b', matcher: 'bash' },
      { name: 'claude bash_run', command: 'c', matcher: 'bash_run', protocol: 'claude' },
      { name: 'cosh Bash', command: 'd', matcher: 'Bash', protocol: 'cosh' },
      { name: 'claude all', command: 'e', matcher: '*', protocol: 'claude' },
    ];
    expect(selectBoth(hooks, 'bash_run', 'Bash')).toEqual(['claude Bash', 'cosh bash', 'claude all']);
    expect(selectBoth(hooks, 'fs_read', 'Read')).toEqual(['claude all']);
  });

  it('K2: the same matcher text means different things under each protocol', () => {
    const hooks: ProtocolHook[] = [
      { name: 'cosh Read', command: 'c', matcher: 'Read' },
      { name: 'claude Read', command: 'd', matcher: 'Read', protocol: 'claude' },
    ];
    // A Cosh regex searches anywhere; a Claude name is exact.
    expect(selectBoth(hooks, 'ReadMe', 'ReadMe')).toEqual(['cosh Read']);
    expect(selectBoth(hooks, 'fs_read', 'Read')).toEqual(['claude Read']);
  });

  it('M2/K2: "*" alone means every tool for every protocol, and is no invalid matcher', () => {
    const hooks: ProtocolHook[] = [
      { name: 'cosh star', command: 'a', matcher: '*' },
      { name: 'claude star', command: 'b', matcher: '*', protocol: 'claude' },
    ];
    expect(compileHooks(hooks).invalidMatchers).toEqual([]);
    for (const [toolName, claudeName] of [
      ['bash_run', 'Bash'],
      ['fs_read', 'Read'],
      ['mcp_tool', 'mcp_tool'],
    ] as const) {
      expect(selectBoth(hooks, toolName, claudeName)).toEqual(['cosh star', 'claude star']);
    }
  });

  it('K2: an invalid Claude regex is listed and never runs', () => {
    const compiled = compileHooks<ProtocolHook>([
      { name: 'broken', command: 'a', matcher: 'Bash(', protocol: 'claude' },
    ]);
    expect(compiled.invalidMatchers.map((invalid) => [invalid.hook.name, invalid.matcher])).toEqual([
      ['broken', 'Bash('],
    ]);
    expect(selectHooks(compiled, 'Bash(', 'Bash(')).toEqual([]);
  });

  it('K2: without a Claude name, a Claude hook is matched on the tool name as given', () => {
    const hooks: ProtocolHook[] = [{ name: 'claude Edit', command: 'a', matcher: 'Edit', protocol: 'claude' }];
    expect(names(selectHooks(compileHooks(hooks), 'Edit'))).toEqual(['claude Edit']);
  });

  it('K2, M4: dedupe compares protocol and command: the same script under both protocols runs twice', () => {
    const hooks: ProtocolHook[] = [
      { name: 'cosh guard', command: './guard.sh' },
      { name: 'claude guard', command: './guard.sh', protocol: 'claude' },
      { name: 'cosh guard again', command: './guard.sh', protocol: 'cosh' },
      { name: 'claude guard again', command: './guard.sh', matcher: 'Bash', protocol: 'claude' },
    ];
    expect(selectBoth(hooks, 'bash_run', 'Bash')).toEqual([
      'cosh guard',
      'claude guard',
      'cosh guard again=>cosh guard',
      'claude guard again=>claude guard',
    ]);
  });

  it('K2: each call reads the pair of names it is given, never an earlier pair', () => {
    const compiled = compileHooks<ProtocolHook>([
      { name: 'claude Bash', command: 'a', matcher: 'Bash', protocol: 'claude' },
      { name: 'cosh x', command: 'b', matcher: '^x$' },
    ]);
    for (let round = 0; round < 3; round += 1) {
      expect(names(selectHooks(compiled, 'x', 'Bash'))).toEqual(['claude Bash', 'cosh x']);
      expect(names(selectHooks(compiled, 'x', 'Read'))).toEqual(['cosh x']);
      expect(names(selectHooks(compiled, 'x'))).toEqual(['cosh x']);
      // Pairs whose concatenations are equal stay apart.
      expect(names(selectHooks(compiled, 'xB', 'ash'))).toEqual([]);
      expect(names(selectHooks(compiled, 'x', 'Bash'))).toEqual(['claude Bash', 'cosh x']);
    }
  });
});

describe('selectHooks with HTTP hooks (H, M4)', () => {
  it('H: url hooks are deduplicated on url, headers and protocol', () => {
    const hooks = [
      { name: 'policy', url: 'http://127.0.0.1:1/hook', headers: { a: '1' } },
      { name: 'policy again', url: 'http://127.0.0.1:1/hook', headers: { a: '1' } },
      { name: 'other header', url: 'http://127.0.0.1:1/hook', headers: { a: '2' } },
      { name: 'claude policy', url: 'http://127.0.0.1:1/hook', headers: { a: '1' }, protocol: 'claude' as const },
    ];
    const selection = selectHooks(compileHooks(hooks), 'bash_run', 'Bash');
    expect(selection.map(({ hook, duplicateOf }) => [hook.name, duplicateOf?.name ?? null])).toEqual([
      ['policy', null],
      ['policy again', 'policy'],
      ['other header', null],
      ['claude policy', null],
    ]);
  });
});
