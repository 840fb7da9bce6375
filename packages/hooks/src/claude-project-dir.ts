import path from 'node:path';

/** What deciding `CLAUDE_PROJECT_DIR` needs; the only I/O is the caller's `exists`. */
export interface ClaudeProjectDirInput {
  /** The folder that holds the project layer's `.cosh/` (C10), or `null` without a project layer. */
  readonly projectFolder: string | null;
  /** The hooks' working folder (absolute). */
  readonly cwd: string;
  /** Whether a file or folder exists at this absolute path (`.git` may be a file in a worktree). */
  readonly exists: (path: string) => boolean;
}

/**
 * `CLAUDE_PROJECT_DIR` for a `protocol: "claude"` hook (K4): the project layer's folder (the one
 * holding `.cosh/`, not `.cosh/` itself); else the nearest folder from `cwd` upwards holding
 * `.claude/`; else the git top level (the nearest folder holding `.git`); else `cwd`.
 *
 * The `.claude/` search stops at the git top level, as the project layer's search does (C10):
 * `~/.claude/` holds Claude Code's user settings, and a repository without its own `.claude/`
 * must not get the home folder as its project.
 *
 * @example
 * claudeProjectDir({ projectFolder: null, cwd: '/repo/src', exists: (p) => p === '/repo/.git' }); // '/repo'
 */
export function claudeProjectDir(input: ClaudeProjectDirInput): string {
  if (input.projectFolder !== null) return input.projectFolder;
  const normalized = path.posix.normalize(input.cwd);
  let folder = normalized.length > 1 && normalized.endsWith('/') ? normalized.slice(0, -1) : normalized;
  for (;;) {
    if (input.exists(path.posix.join(folder, '.claude'))) return folder;
    if (input.exists(path.posix.join(folder, '.git'))) return folder;
    const parent = path.posix.dirname(folder);
    if (parent === folder) return input.cwd;
    folder = parent;
  }
}
