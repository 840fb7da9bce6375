// Codex CLI's patches beyond the `apply_patch` tool's format (@cosh/hooks' `parseApplyPatch`): a
// patch given to its shell (`apply_patch <<'EOF'`, as Codex's invocation.rs reads it), and every
// file a patch could write for B8's refusal (SPEC B8, K9).
import { isAbsolute, resolve } from 'node:path';
import { PATCH_BEGIN, PATCH_END, parseApplyPatch } from '@cosh/hooks';

/** A patch given to the shell: the patch text and the folder a leading `cd <path> &&` moves to. */
export interface ShellPatch {
  readonly patch: string;
  readonly workdir: string | null;
}

const SHELL_PATCH =
  /^\s*(?:cd\s+('[^']*'|"(?:[^"\\]|\\.)*"|[^\s'"&|;<>]+)\s*&&\s*)?(?:apply_patch|applypatch)(?=[\s'"<]|$)/;

/**
 * The patch of a shell command that is Codex's `apply_patch` (or `applypatch`) given a patch, as a
 * here-document (`apply_patch <<'EOF' … EOF`, also after `cd <path> &&`, as Codex runs it) or a
 * quoted argument; `null` for any other command.
 */
export function shellPatchOf(command: string): ShellPatch | null {
  const start = SHELL_PATCH.exec(command);
  if (start === null) return null;
  const quotedFolder = start[1];
  const workdir =
    quotedFolder === undefined
      ? null
      : quotedFolder.startsWith("'")
        ? quotedFolder.slice(1, -1)
        : quotedFolder.startsWith('"')
          ? quotedFolder.slice(1, -1).replace(/\\(.)/g, '$1')
          : quotedFolder;
  const rest = command.slice(start[0].length);
  const heredoc = /^\s*<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1[^\n]*\n/.exec(rest);
  if (heredoc !== null) {
    const lines = rest.slice(heredoc[0].length).split('\n');
    const end = lines.indexOf(heredoc[2] as string);
    const body = (end === -1 ? lines : lines.slice(0, end)).join('\n').replace(/\n+$/, '');
    return { patch: body, workdir };
  }
  const begin = rest.indexOf(PATCH_BEGIN);
  const end = rest.lastIndexOf(PATCH_END);
  if (begin === -1 || end < begin) return null;
  return { patch: rest.slice(begin, end + PATCH_END.length), workdir };
}

/**
 * Every file a Codex patch could write (added, updated, deleted, moved to), absolute against
 * `cwd`, for B8's refusal: the files of Codex's own reading, and also every line that trimmed
 * reads as a file header or `*** Move to:` wherever it stands, so that a reading that differs from
 * Codex's in some corner can only refuse more, never less.
 */
export function codexPatchTargets(patch: string, cwd: string): string[] {
  const paths = new Set<string>();
  const add = (path: string): void => {
    if (path !== '') paths.add(isAbsolute(path) ? path : resolve(cwd, path));
  };
  for (const operation of parseApplyPatch(patch) ?? []) {
    add(operation.path);
    if (operation.movedTo !== null) add(operation.movedTo);
  }
  for (const line of patch.split('\n')) {
    const match = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.*)$/.exec(line.trim());
    if (match === null) continue;
    add(match[1] as string);
    add((match[1] as string).trim());
  }
  return [...paths];
}
