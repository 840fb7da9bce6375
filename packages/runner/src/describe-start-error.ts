import { accessSync, constants, statSync } from 'node:fs';

const errorCode = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
};

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

// Node reports a missing cwd as `spawn /bin/sh ENOENT`, which blames the shell: look first.
const describeCwdProblem = (cwd: string): string | undefined => {
  try {
    if (!statSync(cwd).isDirectory()) return `working directory is not a directory: ${cwd}`;
  } catch {
    return `working directory does not exist: ${cwd}`;
  }
  try {
    accessSync(cwd, constants.X_OK);
  } catch {
    return `working directory is not accessible: ${cwd}`;
  }
  return undefined;
};

/**
 * Turns the error of a hook that did not start into one readable line (R9), naming the likely
 * culprit: the working directory, the shell, or the system's limits. Only runs on failure, so
 * the extra `stat` costs nothing on the normal path.
 */
export function describeStartError(error: unknown, shell: string, cwd: string): string {
  const code = errorCode(error);
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return describeCwdProblem(cwd) ?? `shell not found: ${shell} (${code})`;
    case 'EACCES':
      return describeCwdProblem(cwd) ?? `shell is not executable: ${shell} (EACCES)`;
    case 'EMFILE':
    case 'ENFILE':
      return `too many open files, cannot start ${shell} (${code})`;
    case 'EAGAIN':
    case 'ENOMEM':
      return `the system cannot start another process right now (${code})`;
    case 'E2BIG':
      return 'the hook command and environment are too large to start a process (E2BIG)';
    default:
      return `failed to start ${shell}: ${errorMessage(error)}${code === undefined ? '' : ` (${code})`}`;
  }
}

/**
 * Why the file that holds a hook's stdin (R3) could not be made, in one readable line (R9): the
 * system's limits, or the temporary folders (`/dev/shm`, then `TMPDIR`) full or not writable.
 */
export function describePayloadFileError(error: unknown): string {
  const code = errorCode(error);
  switch (code) {
    case 'EMFILE':
    case 'ENFILE':
      return `too many open files (${code})`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `no room for the payload in the temporary folder (${code})`;
    default:
      return `cannot write the payload to a temporary file: ${errorMessage(error)}${code === undefined ? '' : ` (${code})`}`;
  }
}
