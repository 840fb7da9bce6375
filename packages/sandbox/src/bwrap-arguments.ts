import { isStrictlyInside, type ResolvedPolicyPaths } from './resolve-policy-paths.ts';

/** The folders bubblewrap mounts fresh: a writable tree above one of them is bound first. */
const freshMounts = ['/dev', '/proc', '/tmp'] as const;

/**
 * bubblewrap's options for a resolved policy, ending with `--`: the shell and its arguments
 * follow. Order matters, as each mount lands on top of the ones before it:
 *
 * 1. the host root, read-only;
 * 2. a writable tree that holds `/dev`, `/proc` or `/tmp` (a cwd of `/`), so that 3 stays on top;
 * 3. a fresh `/dev`, `/proc`, and a private `/tmp` (TMPDIR points there);
 * 4. the writable trees, the cwd first;
 * 5. the folders pinned between a writable root and a protected path (see
 *    {@link ResolvedPolicyPaths.pinned});
 * 6. the protected paths, read-only, after every writable mount so that they win.
 *
 * Then its own PID namespace (the command cannot see or signal anything outside, and when the
 * shell ends the namespace's init ends every process left in it), its own session (no
 * controlling terminal to push keystrokes into), death with the parent (a killed launcher takes
 * the sandbox down), and no network but loopback when `network` is false.
 */
export function bwrapArguments(paths: ResolvedPolicyPaths, options: { readonly network: boolean }): string[] {
  const args = ['--ro-bind', '/', '/'];
  const holdsFreshMount = (path: string): boolean =>
    freshMounts.some((mount) => mount === path || isStrictlyInside(mount, path));
  for (const path of paths.writable.filter(holdsFreshMount)) args.push('--bind', path, path);
  args.push('--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp');
  for (const path of paths.writable.filter((path) => !holdsFreshMount(path))) args.push('--bind', path, path);
  for (const path of paths.pinned) args.push('--bind', path, path);
  for (const path of paths.readOnly) args.push('--ro-bind', path, path);
  args.push('--setenv', 'TMPDIR', '/tmp');
  args.push('--unshare-pid', '--new-session', '--die-with-parent');
  if (!options.network) args.push('--unshare-net');
  args.push('--chdir', paths.cwd, '--');
  return args;
}
