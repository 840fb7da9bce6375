import { tmpdir } from 'node:os';
import { landlockLauncherScript } from './landlock-launcher-script.ts';
import type { ResolvedPolicyPaths } from './resolve-policy-paths.ts';

/**
 * The Landlock launcher's argv after the Python 3 program: `-I` (isolated: no `PYTHON*`
 * variables, no user site folder, so nothing of the environment runs before the restriction),
 * the script, and the resolved policy as JSON; the shell and its arguments follow. The private
 * temporary folder is made per call under the host's temporary folder (`os.tmpdir()`). B11's
 * placeholders are not made here: Landlock cannot refuse one name in a folder it lets the
 * command write (README, limits).
 */
export function landlockArguments(
  paths: ResolvedPolicyPaths,
  options: { readonly network: boolean; readonly seccomp?: Uint8Array | null | undefined },
): string[] {
  const policy = {
    cwd: paths.cwd,
    writable: paths.writable,
    pinned: paths.pinned,
    readOnly: paths.readOnly,
    network: options.network,
    tmp: tmpdir(),
    // B14: the seccomp program (hex), installed after no_new_privs; null: AF_UNIX allowed.
    seccomp: options.seccomp == null ? null : Buffer.from(options.seccomp).toString('hex'),
  };
  return ['-I', '-c', landlockLauncherScript, JSON.stringify(policy)];
}
