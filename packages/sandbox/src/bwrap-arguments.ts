import { isStrictlyInside, type ResolvedPolicyPaths, splitReadOnly } from './resolve-policy-paths.ts';

/** The folders bubblewrap mounts fresh: a writable tree above one of them is bound first. */
const freshMounts = ['/dev', '/proc', '/tmp'] as const;

/**
 * bubblewrap's options for a resolved policy, ending with `--`: the shell and its arguments
 * follow. Order matters, as each mount lands on top of the ones before it:
 *
 * 1. the host root, read-only;
 * 2. a writable tree that holds `/dev`, `/proc` or `/tmp` (a cwd of `/`), so that 3 stays on top;
 * 3. a fresh `/dev`, `/proc`, and a private `/tmp` (TMPDIR points there), then the protected
 *    paths that hold a writable tree (a working folder inside a protected folder), so that the
 *    tree lands on top of them;
 * 4. the writable trees, the cwd first;
 * 5. the folders pinned between a writable root and a protected path (see
 *    {@link ResolvedPolicyPaths.pinned});
 * 6. the protected paths, read-only, after every writable mount so that they win;
 * 7. the placeholders (SPEC B11): an empty read-only folder (a tmpfs remounted read-only) or a
 *    read-only file holding the placeholder's content (`--ro-bind-data` from the descriptor
 *    `options.placeholderFds` gives, in order) over each absent path the command must not create.
 *
 * With `options.seccompFd`, bubblewrap loads the seccomp program on that descriptor (SPEC B14)
 * for the command and everything it starts.
 *
 * Then its own PID namespace (the command cannot see or signal anything outside, and when the
 * shell ends the namespace's init ends every process left in it), its own session (no
 * controlling terminal to push keystrokes into), death with the parent (a killed launcher takes
 * the sandbox down), and no network but loopback when `network` is false.
 */
export function bwrapArguments(
  paths: ResolvedPolicyPaths,
  options: {
    readonly network: boolean;
    readonly seccompFd?: number | undefined;
    readonly placeholderFds?: readonly number[] | undefined;
  },
): string[] {
  const args = ['--ro-bind', '/', '/'];
  const { around, inside } = splitReadOnly(paths);
  const holdsFreshMount = (path: string): boolean =>
    freshMounts.some((mount) => mount === path || isStrictlyInside(mount, path));
  for (const path of paths.writable.filter(holdsFreshMount)) args.push('--bind', path, path);
  args.push('--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp');
  for (const path of around) args.push('--ro-bind', path, path);
  for (const path of paths.writable.filter((path) => !holdsFreshMount(path))) args.push('--bind', path, path);
  for (const path of paths.pinned) args.push('--bind', path, path);
  for (const path of inside) args.push('--ro-bind', path, path);
  let fileIndex = 0;
  for (const placeholder of paths.placeholders ?? []) {
    if (placeholder.kind === 'folder') {
      args.push('--perms', '0555', '--tmpfs', placeholder.path, '--remount-ro', placeholder.path);
      continue;
    }
    const fd = options.placeholderFds?.[fileIndex];
    fileIndex += 1;
    if (fd === undefined) throw new Error(`bwrapArguments: no descriptor for the placeholder ${placeholder.path}`);
    args.push('--perms', '0444', '--ro-bind-data', String(fd), placeholder.path);
  }
  if (options.seccompFd !== undefined) args.push('--seccomp', String(options.seccompFd));
  args.push('--setenv', 'TMPDIR', '/tmp');
  args.push('--unshare-pid', '--new-session', '--die-with-parent');
  if (!options.network) args.push('--unshare-net');
  args.push('--chdir', paths.cwd, '--');
  return args;
}
