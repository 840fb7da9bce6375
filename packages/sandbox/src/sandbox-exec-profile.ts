import { type ResolvedPolicyPaths, splitReadOnly } from './resolve-policy-paths.ts';

/**
 * A macOS `sandbox-exec` profile (SBPL) for a resolved policy: everything allowed but writes,
 * writes allowed in the writable trees and the temporary folders, then denied again in the
 * protected paths (a later rule wins over an earlier one), and network limited to loopback when
 * `network` is false. Kept small on purpose: it is not tested on these machines (Linux), and
 * macOS has no PID namespace, so leftovers are ended by the runner's process-group kill only.
 */
export function sandboxExecProfile(
  paths: ResolvedPolicyPaths,
  options: { readonly network: boolean; readonly unixSockets?: boolean | undefined },
): string {
  const quote = (path: string): string => JSON.stringify(path);
  const lines = ['(version 1)', '(allow default)', '(deny file-write*)'];
  const writable = [...paths.writable, '/private/tmp', '/private/var/folders'];
  lines.push(
    `(allow file-write* ${writable.map((path) => `(subpath ${quote(path)})`).join(' ')} (literal "/dev/null") (literal "/dev/tty") (regex #"^/dev/fd/"))`,
  );
  // A working folder inside a protected folder stays writable (its own protected paths do not).
  const { around, inside } = splitReadOnly(paths);
  if (around.length > 0) {
    lines.push(`(deny file-write* ${around.map((path) => `(subpath ${quote(path)})`).join(' ')})`);
    lines.push(`(allow file-write* ${paths.writable.map((path) => `(subpath ${quote(path)})`).join(' ')})`);
  }
  // B11: an absent path the command must not create is denied by name.
  const denied = [...inside, ...(paths.placeholders ?? []).map((placeholder) => placeholder.path)];
  if (denied.length > 0) {
    lines.push(`(deny file-write* ${denied.map((path) => `(subpath ${quote(path)})`).join(' ')})`);
  }
  // B14: no connection to a Unix socket (the seccomp filter's counterpart).
  if (options.unixSockets !== true) lines.push('(deny network-outbound (remote unix-socket))');
  if (!options.network) {
    lines.push('(deny network*)', '(allow network* (remote ip "localhost:*") (local ip "localhost:*"))');
  }
  return `${lines.join('\n')}\n`;
}
