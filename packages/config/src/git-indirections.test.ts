import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { gitIndirections } from './git-indirections.ts';
import { protectedPaths } from './protected-paths.ts';

const makeFolder = temporaryFolders('cosh-git-indirections-');

let root: string;

beforeEach(() => {
  root = makeFolder();
});

const paths = (cwd: string) => [...gitIndirections(cwd, '/h').paths].sort();
const placeholders = (cwd: string) =>
  gitIndirections(cwd, '/h')
    .placeholders.map((placeholder) => `${placeholder.kind} ${placeholder.path}`)
    .sort();

describe('gitIndirections (B11)', () => {
  it('B11: a plain repository: hooks and config; absent commondir and config.worktree are placeholders (commondir reads ".")', async () => {
    await mkdir(join(root, '.git', 'hooks'), { recursive: true });
    expect(paths(root)).toEqual([join(root, '.git', 'config'), join(root, '.git', 'hooks')]);
    const found = gitIndirections(root, '/h').placeholders;
    expect(found).toEqual(
      expect.arrayContaining([
        { path: join(root, '.git', 'commondir'), kind: 'file', content: '.\n' },
        { path: join(root, '.git', 'config.worktree'), kind: 'file', content: '' },
      ]),
    );
    // The cwd is the repository's own folder: no other `.git` place to hold.
    expect(found.filter((placeholder) => placeholder.kind === 'folder')).toEqual([]);
  });

  it('B11: present commondir and config.worktree are protected, and the core.hooksPath of config.worktree counts', async () => {
    await mkdir(join(root, '.git', 'hooks'), { recursive: true });
    await writeFile(join(root, '.git', 'commondir'), '.\n');
    await writeFile(join(root, '.git', 'config.worktree'), '[core]\n\thooksPath = ci/hooks\n');
    expect(paths(root)).toEqual(
      [
        join(root, '.git', 'commondir'),
        join(root, '.git', 'config'),
        join(root, '.git', 'config.worktree'),
        join(root, '.git', 'hooks'),
        join(root, 'ci', 'hooks'),
      ].sort(),
    );
    // Listed all the same: the sandbox protects a present one as it is.
    expect(placeholders(root)).toEqual([
      `file ${join(root, '.git', 'commondir')}`,
      `file ${join(root, '.git', 'config.worktree')}`,
    ]);
  });

  it("B11: worktrees/*: commondir, gitdir, config.worktree (absent: a placeholder) and the worktree's .git file", async () => {
    const worktree = join(root, '.git', 'worktrees', 'wt');
    await mkdir(worktree, { recursive: true });
    await mkdir(join(root, 'wt'));
    await writeFile(join(root, 'wt', '.git'), `gitdir: ${worktree}\n`);
    await writeFile(join(worktree, 'commondir'), '../..\n');
    await writeFile(join(worktree, 'gitdir'), `${join(root, 'wt', '.git')}\n`);
    expect(paths(root)).toEqual(
      expect.arrayContaining([join(worktree, 'commondir'), join(worktree, 'gitdir'), join(root, 'wt', '.git')]),
    );
    expect(placeholders(root)).toContain(`file ${join(worktree, 'config.worktree')}`);
  });

  it('B11: from inside a worktree: its .git file, its own folder, the shared hooks and config', async () => {
    const common = join(root, 'main', '.git');
    const own = join(common, 'worktrees', 'wt');
    await mkdir(join(common, 'hooks'), { recursive: true });
    await mkdir(own, { recursive: true });
    await writeFile(join(own, 'commondir'), '../..\n');
    await writeFile(join(own, 'gitdir'), `${join(root, 'wt', '.git')}\n`);
    await mkdir(join(root, 'wt'));
    await writeFile(join(root, 'wt', '.git'), `gitdir: ${own}\n`);
    expect(paths(join(root, 'wt'))).toEqual(
      expect.arrayContaining([
        join(root, 'wt', '.git'),
        join(own, 'config'),
        join(own, 'commondir'),
        join(own, 'gitdir'),
        join(common, 'hooks'),
        join(common, 'config'),
      ]),
    );
    expect(placeholders(join(root, 'wt'))).toContain(`file ${join(own, 'config.worktree')}`);
  });

  it('B11: .git/modules/** (nested, and named with a slash): hooks, config, and the submodule .git file', async () => {
    const lib = join(root, '.git', 'modules', 'libs', 'a');
    const nested = join(lib, 'modules', 'deep');
    for (const folder of [lib, nested]) {
      await mkdir(join(folder, 'hooks'), { recursive: true });
      await writeFile(join(folder, 'HEAD'), 'ref: refs/heads/main\n');
      await writeFile(join(folder, 'config'), '[core]\n');
    }
    await writeFile(join(lib, 'config'), '[core]\n\tworktree = ../../../../libs/a\n');
    await mkdir(join(root, 'libs', 'a'), { recursive: true });
    await writeFile(join(root, 'libs', 'a', '.git'), 'gitdir: ../../.git/modules/libs/a\n');
    expect(paths(root)).toEqual(
      expect.arrayContaining([
        join(lib, 'hooks'),
        join(lib, 'config'),
        join(nested, 'hooks'),
        join(nested, 'config'),
        join(root, 'libs', 'a', '.git'),
      ]),
    );
    expect(placeholders(root)).toEqual(expect.arrayContaining([`file ${join(lib, 'commondir')}`]));
  });

  it('B11: a subfolder, or no repository: every .git place from the cwd up is a folder placeholder', async () => {
    await mkdir(join(root, '.git', 'hooks'), { recursive: true });
    await mkdir(join(root, 'a', 'b'), { recursive: true });
    expect(placeholders(join(root, 'a', 'b'))).toEqual(
      expect.arrayContaining([`folder ${join(root, 'a', 'b', '.git')}`, `folder ${join(root, 'a', '.git')}`]),
    );
    expect(placeholders(join(root, 'a', 'b'))).not.toContain(`folder ${join(root, '.git')}`);
    const bare = join(makeFolder(), 'x');
    await mkdir(bare);
    expect(placeholders(bare)).toContain(`folder ${join(bare, '.git')}`);
    expect(placeholders(bare)).toContain('folder /.git');
  });

  it('B11/S6: the one list (protectedPaths) holds the placeholders too, so fs_write refuses to create them', async () => {
    await mkdir(join(root, '.git', 'hooks'), { recursive: true });
    const list = protectedPaths(
      { configFiles: [], trustStore: '/s/trust.json', scripts: [], env: { HOME: '/h' }, installationFolder: null },
      root,
    );
    expect(list).toEqual(
      expect.arrayContaining([join(root, '.git', 'commondir'), join(root, '.git', 'config.worktree')]),
    );
  });
});
