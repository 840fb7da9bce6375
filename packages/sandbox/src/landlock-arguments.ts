import { tmpdir } from 'node:os';
import { landlockLauncherScript } from './landlock-launcher-script.ts';
import type { ResolvedPolicyPaths } from './resolve-policy-paths.ts';

/**
 * The Landlock launcher's argv after the Python 3 program: `-I` (isolated: no `PYTHON*`
 * variables, no user site folder, so nothing of the environment runs before the restriction),
 * the script, and the resolved policy as JSON; the shell and its arguments follow. The private
 * temporary folder is made per call under the host's temporary folder (`os.tmpdir()`).
 */
export function landlockArguments(paths: ResolvedPolicyPaths, options: { readonly network: boolean }): string[] {
  const policy = {
    cwd: paths.cwd,
    writable: paths.writable,
    pinned: paths.pinned,
    readOnly: paths.readOnly,
    network: options.network,
    tmp: tmpdir(),
  };
  return ['-I', '-c', landlockLauncherScript, JSON.stringify(policy)];
}
