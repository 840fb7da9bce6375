import { describe, expect, it } from 'vitest';
import { compileHooks } from './compile-hooks.ts';
import { explainSelection } from './explain-selection.ts';
import { selectHooks } from './select-hooks.ts';

const hooks = [
  { name: 'a', command: 'guard.sh', matcher: '^bash_run$' },
  { name: 'b', command: 'other.sh', matcher: '^fs_' },
  { name: 'c', command: 'guard.sh', matcher: 'bash' },
  { name: 'd', command: 'x', matcher: '(' },
  { name: 'e', command: 'y', matcher: 'Bash', protocol: 'claude' as const },
  { name: 'f', command: 'z', matcher: 'Read', protocol: 'claude' as const },
];

describe('explainSelection (hooks explain)', () => {
  it('M1/M2/M4/K2: each hook with why it does not run: matcher, invalid matcher, deduplicated against which hook', () => {
    const explained = explainSelection(compileHooks(hooks), 'bash_run', 'Bash');
    expect(explained.map(({ hook, runs, skip }) => [hook.name, runs, skip])).toEqual([
      ['a', true, null],
      ['b', false, { step: 'matcher', matcher: '^fs_', testedName: 'bash_run' }],
      ['c', false, { step: 'deduplicated', duplicateOf: hooks[0] }],
      ['d', false, { step: 'invalid-matcher', matcher: '(', error: expect.stringMatching(/Unterminated group/) }],
      ['e', true, null],
      ['f', false, { step: 'matcher', matcher: 'Read', testedName: 'Bash' }],
    ]);
  });

  it('M3/M4: what it says runs is exactly what selectHooks selects to run, for any tool name', () => {
    const compiled = compileHooks(hooks);
    for (const [name, claudeName] of [
      ['bash_run', 'Bash'],
      ['fs_read', 'Read'],
      ['my_bash', 'my_bash'],
      ['', ''],
    ] as const) {
      const runs = explainSelection(compiled, name, claudeName)
        .filter((entry) => entry.runs)
        .map((entry) => entry.hook);
      const selected = selectHooks(compiled, name, claudeName)
        .filter((selection) => selection.duplicateOf === null)
        .map((selection) => selection.hook);
      expect(runs).toEqual(selected);
    }
  });
});
