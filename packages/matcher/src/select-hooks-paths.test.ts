import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileHooks } from './compile-hooks.ts';
import { compilePathGlobs } from './compile-path-globs.ts';
import { selectHooks, selectionReadsPaths } from './select-hooks.ts';
import type { TouchedPaths } from './touched-paths.ts';

interface TestHook {
  readonly name: string;
  readonly command: string;
  readonly matcher?: string;
  readonly paths?: readonly string[];
  readonly pathsFolder?: string;
  readonly protocol?: 'cosh' | 'claude';
  readonly if?: string;
}

const options = { home: '/home/me', projectRoot: '/repo' };
const touching = (paths: string[], extra: Partial<TouchedPaths> = {}): TouchedPaths => ({
  paths,
  folders: [],
  unknown: false,
  commands: null,
  ...extra,
});

describe('selectHooks with touched paths', () => {
  const hooks: TestHook[] = [
    { name: 'env', command: 'guard-env', paths: ['.env'] },
    { name: 'ssh', command: 'guard-ssh', matcher: '^fs_', paths: ['~/.ssh/**'] },
    { name: 'all', command: 'log' },
  ];
  const compiled = compileHooks(hooks, options);

  it('F1: a hook with paths is selected only when a touched path matches one glob, and gets those paths (F3)', () => {
    const selection = selectHooks(compiled, 'fs_write', 'Write', touching(['/repo/a.txt', '/repo/app/.env']));
    expect(selection.map(({ hook, paths }) => [hook.name, paths])).toEqual([
      ['env', ['/repo/app/.env']],
      ['all', undefined],
    ]);
    expect(
      selectHooks(compiled, 'fs_read', 'Read', touching(['/home/me/.ssh/id'])).map(({ hook }) => hook.name),
    ).toEqual(['ssh', 'all']);
  });

  it('F1: the matcher still decides first: paths never widen it', () => {
    expect(
      selectHooks(compiled, 'bash_run', 'Bash', touching(['/home/me/.ssh/id'])).map(({ hook }) => hook.name),
    ).toEqual(['all']);
  });

  it('F2: a call that could touch any path selects every hook with paths, marked paths_unknown', () => {
    const selection = selectHooks(compiled, 'fs_write', 'Write', touching([], { unknown: true }));
    expect(selection.map(({ hook, paths, pathsUnknown }) => [hook.name, paths, pathsUnknown])).toEqual([
      ['env', [], true],
      ['ssh', [], true],
      ['all', undefined, undefined],
    ]);
  });

  it('F2: a folder touched as a whole selects a hook whose glob could match below it', () => {
    const selection = selectHooks(compiled, 'find_grep', 'Grep', touching(['/repo'], { folders: ['/repo'] }));
    expect(selection.map(({ hook, paths }) => [hook.name, paths])).toEqual([
      ['env', ['/repo']],
      ['all', undefined],
    ]);
  });

  it('M4: a deduplicated twin runs when the first copy is not selected for its paths', () => {
    const twins = compileHooks(
      [
        { name: 'first', command: 'same', paths: ['.env'] },
        { name: 'second', command: 'same' },
      ],
      options,
    );
    const selection = selectHooks(twins, 'fs_write', 'Write', touching(['/repo/a']));
    expect(selection.map(({ hook, duplicateOf }) => [hook.name, duplicateOf])).toEqual([['second', null]]);
  });

  it("F5: a Claude hook's if is tested on the Claude tool name; a Cosh hook's if is not read", () => {
    const withIf = compileHooks(
      [
        { name: 'push', command: 'a', protocol: 'claude', matcher: 'Bash', if: 'Bash(git push:*)' },
        { name: 'cosh', command: 'b', if: 'Bash(git push:*)' },
      ],
      options,
    );
    const push = touching([], { commands: [['git', 'push']] });
    const status = touching([], { commands: [['git', 'status']] });
    expect(selectHooks(withIf, 'bash_run', 'Bash', push).map(({ hook }) => hook.name)).toEqual(['push', 'cosh']);
    expect(selectHooks(withIf, 'bash_run', 'Bash', status).map(({ hook }) => hook.name)).toEqual(['cosh']);
  });

  it('F4: selectionReadsPaths says when a selection must be made again with the touched paths', () => {
    expect(selectionReadsPaths(compiled, selectHooks(compiled, 'fs_write'))).toBe(true);
    expect(selectionReadsPaths(compiled, selectHooks(compiled, 'bash_run'))).toBe(true);
    const plain = compileHooks([{ name: 'all', command: 'log' }], options);
    expect(plain.readsPaths).toBe(false);
    expect(selectionReadsPaths(plain, selectHooks(plain, 'fs_write'))).toBe(false);
  });

  it('F4: the path index never rules out a hook whose globs match (property, against the globs alone)', () => {
    const globArbitrary = fc.constantFrom(
      '.env',
      '*.ts',
      'src/**',
      'src/*.ts',
      '/etc/{a,b}.conf',
      '~/.ssh/',
      '**/x',
      'a/[bc]/d',
      '/abs/file',
      '?.ts',
      '*',
      'src/',
      '.e*',
    );
    const name = fc.constantFrom(
      'src',
      '.env',
      'a.ts',
      'b',
      'c',
      'd',
      'x',
      'a.conf',
      '.ssh',
      'file',
      'etc',
      'abs',
      'home',
      'me',
      'repo',
    );
    const pathArbitrary = fc.array(name, { minLength: 1, maxLength: 5 }).map((names) => `/${names.join('/')}`);
    fc.assert(
      fc.property(
        fc.array(fc.array(globArbitrary, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        pathArbitrary,
        (globLists, path) => {
          const hooks = globLists.map((paths, index) => ({ name: `h${index}`, command: `c${index}`, paths }));
          const compiledHooks = compileHooks(hooks, options);
          const selected = selectHooks(compiledHooks, 'fs_write', 'Write', touching([path])).map(
            ({ hook }) => hook.name,
          );
          const expected = hooks
            .filter((hook) => compilePathGlobs(hook.paths, { folder: '/repo', home: '/home/me' }).matches(path))
            .map((hook) => hook.name);
          expect(selected).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
