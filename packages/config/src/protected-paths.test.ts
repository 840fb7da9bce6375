import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  coreHooksPath,
  coshInstallationFolder,
  gitProtectedPaths,
  protectedPathWhat,
  protectedPaths,
} from './protected-paths.ts';

const makeFolder = temporaryFolders('cosh-protected-paths-');

let root: string;

beforeEach(() => {
  root = makeFolder();
});

describe('protectedPaths (B2, S6)', () => {
  it('B2: each setup.json and its folder, the trust store folder, existing scripts and their folders, the cache, the installation', async () => {
    await mkdir(join(root, 'scripts'));
    await writeFile(join(root, 'scripts', 'guard.sh'), 'exit 0\n');
    const paths = protectedPaths(
      {
        configFiles: [join(root, 'config', 'setup.json')],
        trustStore: join(root, 'state', 'cosh', 'trust.json'),
        scripts: [join(root, 'scripts', 'guard.sh'), join(root, 'work', 'post.log')],
        env: { HOME: join(root, 'home'), XDG_CACHE_HOME: join(root, 'cache') },
        installationFolder: join(root, 'install'),
      },
      join(root, 'work'),
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        join(root, 'config', 'setup.json'),
        join(root, 'config'),
        join(root, 'state', 'cosh'),
        join(root, 'scripts', 'guard.sh'),
        join(root, 'scripts'),
        join(root, 'cache', 'cosh'),
        join(root, 'install'),
      ]),
    );
    // A word that names no existing file is no script (S2): its folder, the cwd here, stays writable.
    expect(paths).not.toContain(join(root, 'work'));
  });

  it('B2: a relative XDG_CACHE_HOME is ignored (XDG): ~/.cache/cosh', () => {
    const paths = protectedPaths(
      {
        configFiles: [],
        trustStore: '/s/trust.json',
        scripts: [],
        env: { HOME: '/h', XDG_CACHE_HOME: 'rel' },
        installationFolder: null,
      },
      root,
    );
    expect(paths).toContain('/h/.cache/cosh');
  });

  it('B2: .git/hooks and .git/config of the repository around the cwd, from a subfolder too', async () => {
    await mkdir(join(root, '.git', 'hooks'), { recursive: true });
    await mkdir(join(root, 'sub', 'deeper'), { recursive: true });
    expect(gitProtectedPaths(join(root, 'sub', 'deeper'), '/h')).toEqual([
      join(root, '.git', 'hooks'),
      join(root, '.git', 'config'),
    ]);
  });

  it('B2: a worktree (.git file) protects its own config and the shared hooks and config', async () => {
    const common = join(root, 'main', '.git');
    const own = join(common, 'worktrees', 'wt');
    await mkdir(own, { recursive: true });
    await writeFile(join(own, 'commondir'), '../..\n');
    await mkdir(join(root, 'wt'));
    await writeFile(join(root, 'wt', '.git'), `gitdir: ${own}\n`);
    expect(gitProtectedPaths(join(root, 'wt'), '/h')).toEqual(
      expect.arrayContaining([join(own, 'config'), join(common, 'hooks'), join(common, 'config')]),
    );
  });

  it("B2: the folder the repository's config names as core.hooksPath (husky's .husky), resolved as git does", async () => {
    await mkdir(join(root, '.git', 'hooks'), { recursive: true });
    const withConfig = async (text: string) => {
      await writeFile(join(root, '.git', 'config'), text);
      return gitProtectedPaths(root, '/h');
    };
    const base = [join(root, '.git', 'hooks'), join(root, '.git', 'config')];
    expect(await withConfig('[core]\n\trepositoryformatversion = 0\n\thooksPath = .husky\n')).toEqual([
      ...base,
      join(root, '.husky'),
    ]);
    // Names are case-insensitive, the last value wins, a quoted value may hold a comment sign.
    expect(await withConfig('[Core]\n  HOOKSPATH = first\n  hookspath = "ci/#hooks" ; why\n')).toEqual([
      ...base,
      join(root, 'ci', '#hooks'),
    ]);
    expect(await withConfig('[core]\nhooksPath = /srv/hooks # shared\n')).toEqual([...base, '/srv/hooks']);
    expect(await withConfig('[core]\nhooksPath = ~/hooks\n')).toEqual([...base, '/h/hooks']);
    // Only [core]'s: another section's key of that name is not it.
    expect(await withConfig('[core]\n\tbare = false\n[alias]\n\thooksPath = elsewhere\n')).toEqual(base);
    expect(
      await withConfig('[core "sub"]\nhooksPath = x\n[core.sub]\nhooksPath = y\n[core]\n\tfilemode = true\n'),
    ).toEqual(base);
    expect(await withConfig('[ core ]\nhooksPath = x\n')).toEqual([...base, join(root, 'x')]);
  });

  it('B2: coreHooksPath reads [core] hooksPath and nothing else', () => {
    expect(coreHooksPath('')).toBeNull();
    expect(coreHooksPath('[core]\nhooksPath =\n')).toBeNull();
    expect(coreHooksPath('[user]\nhooksPath = x\n')).toBeNull();
    expect(coreHooksPath('[core]\nhooksPath = "a \\"b\\""\n')).toBe('a "b"');
  });

  it('the installation folder is the nearest folder above the program whose package.json names a package', async () => {
    await mkdir(join(root, 'app', 'bin'), { recursive: true });
    await writeFile(join(root, 'app', 'package.json'), '{"name": "@cosh/app"}');
    await writeFile(join(root, 'app', 'bin', 'package.json'), '{"type": "commonjs"}');
    await writeFile(join(root, 'app', 'bin', 'cosh.js'), '');
    expect(coshInstallationFolder(join(root, 'app', 'bin', 'cosh.js'))).toBe(join(root, 'app'));
  });
});

describe('J2 the journal is protected', () => {
  it('J2/B2: the journal, its lock files and its folder join the list; not the folder the call works in', () => {
    const input = {
      configFiles: [],
      trustStore: '/state/cosh/trust.json',
      scripts: [],
      env: { HOME: '/home/u' },
      installationFolder: null,
      journal: '/audit/journal.jsonl',
    };
    const paths = protectedPaths(input, '/work/project');
    expect(paths).toEqual(
      expect.arrayContaining([
        '/audit/journal.jsonl',
        '/audit/.journal.jsonl.lock',
        '/audit/.journal.jsonl.lock.break',
        '/audit/.journal.jsonl.otlp-dropped',
        '/audit',
      ]),
    );
    const inside = protectedPaths({ ...input, journal: '/work/project/journal.jsonl' }, '/work/project/src');
    expect(inside).toContain('/work/project/journal.jsonl');
    expect(inside).not.toContain('/work/project');
  });

  it('J3/B8: the count of OpenTelemetry records not sent, beside the journal, is named when written', () => {
    const input = {
      configFiles: [],
      trustStore: '/state/cosh/trust.json',
      scripts: [],
      env: { HOME: '/home/u' },
      installationFolder: null,
      journal: '/work/project/journal.jsonl',
    };
    expect(protectedPathWhat('/work/project/.journal.jsonl.otlp-dropped', input, '/work/project')).toBe(
      "the decision journal's count of OpenTelemetry records not sent",
    );
  });
});
