import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** What deciding `CLAUDE_PROJECT_DIR` needs; the only I/O is the caller's `exists` and `isFolder`. */
export interface ClaudeProjectDirInput {
  /** The folder that holds the project layer's `.cosh/` (C10), or `null` without a project layer. */
  readonly projectFolder: string | null;
  /** The hooks' working folder (absolute). */
  readonly cwd: string;
  /** Whether a file or folder exists at this absolute path (`.git` may be a file in a worktree). */
  readonly exists: (path: string) => boolean;
  /**
   * `CLAUDE_PROJECT_DIR` as the host's environment sets it (Claude Code sets it for the bridge,
   * K8), or undefined. It wins when it is an absolute path naming an existing folder
   * ({@link isFolder}); otherwise it is ignored (K8: a folder that does not exist is ignored).
   */
  readonly fromEnvironment?: string | undefined;
  /** Whether an existing folder is at this absolute path; needed only with {@link fromEnvironment}. */
  readonly isFolder?: ((path: string) => boolean) | undefined;
}

/**
 * `CLAUDE_PROJECT_DIR` for a `protocol: "claude"` hook (K4, K8): the environment's
 * `CLAUDE_PROJECT_DIR` when it names an existing folder; else the project layer's folder (the one
 * holding `.cosh/`, not `.cosh/` itself); else the nearest folder from `cwd` upwards holding
 * `.claude/`; else the git top level (the nearest folder holding `.git`); else `cwd`.
 *
 * The one place this rule lives: the engine sets the variable from it, and trust (SPEC S2)
 * resolves `$CLAUDE_PROJECT_DIR/` in Claude hooks' commands with it, so that the script a hook
 * runs is the script that was fingerprinted.
 *
 * The `.claude/` search stops at the git top level, as the project layer's search does (C10):
 * `~/.claude/` holds Claude Code's user settings, and a repository without its own `.claude/`
 * must not get the home folder as its project.
 *
 * @example
 * claudeProjectDir({ projectFolder: null, cwd: '/repo/src', exists: (p) => p === '/repo/.git' }); // '/repo'
 */
export function claudeProjectDir(input: ClaudeProjectDirInput): string {
  const fromEnvironment = input.fromEnvironment;
  if (fromEnvironment !== undefined && path.isAbsolute(fromEnvironment) && input.isFolder?.(fromEnvironment)) {
    return path.normalize(fromEnvironment);
  }
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

/**
 * {@link claudeProjectDir} on this machine's file system, with the environment's
 * `CLAUDE_PROJECT_DIR` taken from `env`.
 */
export function claudeProjectDirOnDisk(options: {
  readonly projectFolder: string | null;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}): string {
  return claudeProjectDir({
    projectFolder: options.projectFolder,
    cwd: options.cwd,
    exists: existsSync,
    fromEnvironment: options.env['CLAUDE_PROJECT_DIR'] || undefined,
    isFolder: isExistingFolder,
  });
}

function isExistingFolder(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}
