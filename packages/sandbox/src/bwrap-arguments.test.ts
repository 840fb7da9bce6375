import { describe, expect, it } from 'vitest';
import { bwrapArguments } from './bwrap-arguments.ts';

const paths = {
  cwd: '/work/project',
  writable: ['/work/project', '/home/me/.npm'],
  pinned: ['/work/project/.git'],
  readOnly: ['/home/me/.config/cosh', '/work/project/.git/hooks'],
};

describe('B2 bubblewrap options', () => {
  it('B2: read-only root, fresh /dev /proc and private /tmp, then writable trees, pins and protected paths last', () => {
    const args = bwrapArguments(paths, { network: true });
    expect(args).toEqual([
      '--ro-bind', '/', '/',
      '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp',
      '--bind', '/work/project', '/work/project',
      '--bind', '/home/me/.npm', '/home/me/.npm',
      '--bind', '/work/project/.git', '/work/project/.git',
      '--ro-bind', '/home/me/.config/cosh', '/home/me/.config/cosh',
      '--ro-bind', '/work/project/.git/hooks', '/work/project/.git/hooks',
      '--setenv', 'TMPDIR', '/tmp',
      '--unshare-pid', '--new-session', '--die-with-parent',
      '--chdir', '/work/project', '--',
    ]); // biome-ignore format: one mount per line
  });

  it('B4: network false adds a network namespace (loopback only); true does not', () => {
    expect(bwrapArguments(paths, { network: false })).toContain('--unshare-net');
    expect(bwrapArguments(paths, { network: true })).not.toContain('--unshare-net');
  });

  it('B2: a writable tree that holds /tmp (a cwd of /) is bound before the private /tmp, which stays on top', () => {
    const args = bwrapArguments({ cwd: '/', writable: ['/'], pinned: [], readOnly: [] }, { network: true });
    expect(args.indexOf('--bind')).toBeLessThan(args.indexOf('--tmpfs'));
  });

  it('B2: a writable tree under /tmp is bound after the private /tmp, so it is the host folder', () => {
    const args = bwrapArguments({ cwd: '/tmp/w', writable: ['/tmp/w'], pinned: [], readOnly: [] }, { network: true });
    expect(args.indexOf('--bind')).toBeGreaterThan(args.indexOf('--tmpfs'));
  });

  it('B2: a protected folder that holds the working folder is mounted before it, the ones inside it after', () => {
    const args = bwrapArguments(
      {
        cwd: '/home/me/.config/cosh/notes',
        writable: ['/home/me/.config/cosh/notes'],
        pinned: [],
        readOnly: ['/home/me/.config/cosh', '/home/me/.config/cosh/notes/guard.sh'],
      },
      { network: true },
    );
    const at = (path: string, option: string) =>
      args.findIndex((arg, index) => arg === path && args[index - 1] === option);
    expect(at('/home/me/.config/cosh', '--ro-bind')).toBeLessThan(at('/home/me/.config/cosh/notes', '--bind'));
    expect(at('/home/me/.config/cosh/notes', '--bind')).toBeLessThan(
      at('/home/me/.config/cosh/notes/guard.sh', '--ro-bind'),
    );
  });

  it('B11/B14: placeholders after the protected paths (an empty read-only folder; a file from its descriptor), then the seccomp descriptor', () => {
    const args = bwrapArguments(
      {
        ...paths,
        placeholders: [
          { path: '/work/project/sub/.git', kind: 'folder' },
          { path: '/work/project/.git/commondir', kind: 'file', content: '.\n' },
        ],
      },
      { network: true, placeholderFds: [3], seccompFd: 4 },
    );
    const tail = args.slice(args.lastIndexOf('/work/project/.git/hooks') + 1, args.indexOf('--setenv'));
    expect(tail).toEqual([
      '--perms', '0555', '--tmpfs', '/work/project/sub/.git', '--remount-ro', '/work/project/sub/.git',
      '--perms', '0444', '--ro-bind-data', '3', '/work/project/.git/commondir',
      '--seccomp', '4',
    ]); // biome-ignore format: one mount per line
  });
});
