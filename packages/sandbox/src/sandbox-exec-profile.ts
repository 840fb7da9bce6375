import type { ResolvedPolicyPaths } from './resolve-policy-paths.ts';

/**
 * A macOS `sandbox-exec` profile (SBPL) for a resolved policy: everything allowed but writes,
 * writes allowed in the writable trees and the temporary folders, then denied again in the
 * protected paths (a later rule wins over an earlier one), and network limited to loopback when
 * `network` is false. Kept small on purpose: it is not tested on these machines (Linux), and
 * macOS has no PID namespace, so leftovers are ended by the runner's process-group kill only.
 */
export function sandboxExecProfile(paths: ResolvedPolicyPaths, options: { readonly network: boolean }): string {
  const quote = (path: string): string => JSON.stringify(path);
  const lines = ['(version 1)', '(allow default)', '(deny file-write*)'];
  const writable = [...paths.writable, '/private/tmp', '/private/var/folders'];
  lines.push(
    `(allow file-write* ${writable.map((path) => `(subpath ${quote(path)})`).join(' ')} (literal "/dev/null") (literal "/dev/tty") (regex #"^/dev/fd/"))`,
  );
  if (paths.readOnly.length > 0) {
    lines.push(`(deny file-write* ${paths.readOnly.map((path) => `(subpath ${quote(path)})`).join(' ')})`);
  }
  if (!options.network) {
    lines.push('(deny network*)', '(allow network* (remote ip "localhost:*") (local ip "localhost:*"))');
  }
  return `${lines.join('\n')}\n`;
}
