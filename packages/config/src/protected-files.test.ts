import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { protectedFiles } from './protected-files.ts';

const makeFolder = temporaryFolders('cosh-protected-files-');

let root: string;

beforeEach(() => {
  root = makeFolder();
});

describe('protectedFiles (S6)', () => {
  it('S6: finds a protected file by its path, with . and .. segments resolved', async () => {
    const setup = join(root, 'config', 'setup.json');
    await mkdir(join(root, 'config'));
    await writeFile(setup, '{}');
    const files = protectedFiles([setup]);
    expect(await files.find(setup)).toBe(setup);
    expect(await files.find(join(root, 'config', '..', 'config', '.', 'setup.json'))).toBe(setup);
    expect(await files.find(join(root, 'config', 'other.json'))).toBeUndefined();
  });

  it('S6: a symbolic link to the file, or a linked folder above it, is the same file', async () => {
    const setup = join(root, 'config', 'setup.json');
    await mkdir(join(root, 'config'));
    await writeFile(setup, '{}');
    await symlink(setup, join(root, 'link.json'));
    await symlink(join(root, 'config'), join(root, 'folder-link'));
    const files = protectedFiles([setup]);
    expect(await files.find(join(root, 'link.json'))).toBe(setup);
    expect(await files.find(join(root, 'folder-link', 'setup.json'))).toBe(setup);
  });

  it('S6: a protected file that does not exist yet (the trust store before the first trust) is found through a linked folder', async () => {
    const state = join(root, 'state', 'cosh');
    await mkdir(state, { recursive: true });
    const store = join(state, 'trust.json');
    await symlink(join(root, 'state'), join(root, 'state-link'));
    const files = protectedFiles([store]);
    expect(await files.find(join(root, 'state-link', 'cosh', 'trust.json'))).toBe(store);
    expect(await files.find(join(root, 'state-link', 'cosh', 'other.json'))).toBeUndefined();
  });

  it('S6: a protected path given through a link is matched by its real path too', async () => {
    await mkdir(join(root, 'real'));
    await writeFile(join(root, 'real', 'guard.sh'), 'exit 0\n');
    await symlink(join(root, 'real'), join(root, 'scripts'));
    const files = protectedFiles([join(root, 'scripts', 'guard.sh')]);
    expect(await files.find(join(root, 'real', 'guard.sh'))).toBe(join(root, 'scripts', 'guard.sh'));
  });

  it('protects nothing when given nothing', async () => {
    expect(await protectedFiles([]).find(join(root, 'setup.json'))).toBeUndefined();
  });

  it('S6: the tools refuse a path inside a protected folder, not only the protected file', async () => {
    await mkdir(join(root, 'config'));
    const files = protectedFiles([join(root, 'config')]);
    expect(await files.find(join(root, 'config', 'lib.sh'))).toBe(join(root, 'config'));
    expect(await files.find(join(root, 'config-other', 'x'))).toBeUndefined();
  });
});
