import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { agentWritableFolders, hookPathFor, hookPathOf } from './hook-path.ts';

const makeFolder = temporaryFolders('cosh-hook-path-');

describe('hookPathOf (B12)', () => {
  it('B12: PATH entries inside the working tree, sandbox.writable or TMPDIR are removed, the rest kept in order', () => {
    const { env, removed } = hookPathFor(
      { writable: ['/home/u/.npm'] },
      { PATH: '/p/.venv/bin:/usr/bin:/home/u/.npm/bin:/t/x:/tmp/y:/bin', TMPDIR: '/t' },
      ['/p'],
    );
    expect(env['PATH']).toBe('/usr/bin:/tmp/y:/bin');
    expect(removed).toEqual(['/p/.venv/bin', '/home/u/.npm/bin', '/t/x']);
    expect(agentWritableFolders({ writable: [] }, { TMPDIR: '/t' }, ['/p', '/q'])).toEqual(['/p', '/q', '/t']);
  });

  it('B12: relative and empty entries (looked up from the cwd) are removed; a folder that only shares a prefix is kept', () => {
    const { env, removed } = hookPathOf({ PATH: ':.:bin:/pp/bin:/usr/bin' }, ['/p']);
    expect(env['PATH']).toBe('/pp/bin:/usr/bin');
    expect(removed).toEqual(['""', '.', 'bin']);
  });

  it('B12: an entry that is a link into the working tree is removed; nothing removed keeps the same env', async () => {
    const root = makeFolder();
    await mkdir(join(root, 'work', 'bin'), { recursive: true });
    await symlink(join(root, 'work', 'bin'), join(root, 'linked'));
    expect(hookPathOf({ PATH: `${join(root, 'linked')}:/bin` }, [join(root, 'work')]).removed).toEqual([
      join(root, 'linked'),
    ]);
    const env = { PATH: '/usr/bin' };
    expect(hookPathOf(env, [join(root, 'work')]).env).toBe(env);
  });
});
