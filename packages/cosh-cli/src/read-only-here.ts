import { accessSync, constants } from 'node:fs';
import { dirname } from 'node:path';
import { ExitError } from './cli-errors.ts';

/**
 * SPEC S4, B2: trust and toggles are changed outside the agent's sandbox. Inside it the trust
 * store and every setup.json are read-only, so `hooks trust`, `hooks import`, `hooks
 * enable|disable` and `settings` stop before anything is shown or asked (a pseudo-terminal the
 * agent opened is no person): exit 1, naming the first of `paths` (absolute: the files the
 * command would write) that cannot be written here. Each is checked where it is, or through its
 * nearest existing folder when it does not exist yet; `EROFS` (bubblewrap's read-only mounts) and
 * `EACCES` (Landlock, a folder the user cannot write) both count.
 */
export function refuseWhereReadOnly(paths: readonly string[]): void {
  for (const path of paths) {
    if (!isWritableHere(path)) {
      throw new ExitError(
        1,
        `cosh: ${path} is read-only here: trust and toggles are changed outside the agent's sandbox`,
      );
    }
  }
}

function isWritableHere(path: string): boolean {
  for (let current = path; ; current = dirname(current)) {
    try {
      accessSync(current, constants.W_OK);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') return false;
      // Missing (ENOENT, ENOTDIR): the write would create it in the nearest existing folder.
      if (dirname(current) === current) return true;
    }
  }
}
