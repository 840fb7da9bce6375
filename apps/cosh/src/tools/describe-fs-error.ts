/**
 * A short, plain explanation of a file-system error for a tool's result, naming the path the
 * way the caller wrote it (`no such file or directory: notes.txt`), not Node's
 * `ENOENT: no such file or directory, open '/abs/notes.txt'`.
 */
export function describeFsError(error: unknown, displayPath: string): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  switch (code) {
    case 'ENOENT':
      return `no such file or directory: ${displayPath}`;
    case 'EACCES':
    case 'EPERM':
      return `permission denied: ${displayPath}`;
    case 'EISDIR':
      return `${displayPath} is a directory`;
    case 'ENOTDIR':
      return `a part of ${displayPath} is not a directory`;
    case 'ELOOP':
      return `too many levels of symbolic links: ${displayPath}`;
    case 'ENAMETOOLONG':
      return `file name too long: ${displayPath}`;
    case 'EROFS':
      return `read-only file system: ${displayPath}`;
    case 'ENOSPC':
      return `no space left on device while writing ${displayPath}`;
    case 'EDQUOT':
      return `disk quota exceeded while writing ${displayPath}`;
    case 'EMFILE':
    case 'ENFILE':
      return `too many open files (while opening ${displayPath})`;
    default: {
      const message = error instanceof Error ? error.message : String(error);
      return `${displayPath}: ${message}`;
    }
  }
}
