import { promises as fs } from 'node:fs';
import { writeFileAtomically } from '@cosh/config';
import path from 'node:path';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { describeFsError } from './describe-fs-error.ts';
import { protectedFileMessage } from './protected-files.ts';

const inputSchema = z.strictObject({
  path: z.string({ error: 'expected a string' }).min(1, { error: 'expected a non-empty path' }),
  content: z.string({ error: 'expected a string' }),
});

/** The input of `fs_write`. */
export type FsWriteInput = z.infer<typeof inputSchema>;

/**
 * `fs_write {path, content}`: replace (or create) a file with `content`, UTF-8, atomically.
 *
 * Through `writeFileAtomically` of `@cosh/config`, the write setup.json's toggles use: a
 * temporary file beside the target, flushed, then renamed over it; a reader sees the old file
 * or the new one, never a mix, and a crash leaves at most a temporary file, which a later write
 * removes. An existing file keeps its mode; a symbolic link keeps pointing where it did and its
 * target is replaced; missing parent folders are created. Cosh's own files (every loaded
 * setup.json, the trust store, the scripts hooks name) are refused, through links too (SPEC S6). Succeeds with `wrote N bytes to <path>` (`(new file)` added when it created one).
 */
export const fsWriteTool = defineTool({
  name: 'fs_write',
  description:
    'Write a text file (UTF-8), replacing it if it exists. `path` is relative to the working directory ' +
    '(or absolute); missing parent folders are created. The write is atomic and keeps the mode of an existing file.',
  permission: 'ask',
  inputSchema,
  async execute(input: FsWriteInput, context) {
    const displayPath = input.path;
    const requestedPath = path.resolve(context.cwd, input.path);
    const target = await resolveTarget(requestedPath, displayPath);
    if (!target.ok) return { ok: false, error: `fs_write: ${target.error}` };
    // SPEC S6: a tool of the agent never rewrites what decides which guards run.
    const own = await context.protectedFiles?.find(target.path);
    if (own !== undefined) {
      return {
        ok: false,
        error: `fs_write: ${protectedFileMessage(displayPath, own)}; ${displayPath} was not changed`,
      };
    }

    const folder = path.dirname(target.path);
    try {
      await fs.mkdir(folder, { recursive: true });
    } catch (error) {
      return {
        ok: false,
        error: `fs_write: cannot create the folder of ${displayPath}: ${describeFsError(error, path.dirname(displayPath))}`,
      };
    }

    const bytes = Buffer.byteLength(input.content);
    try {
      await writeFileAtomically(target.path, input.content, { mode: target.mode, signal: context.signal });
    } catch (error) {
      if (context.signal?.aborted === true)
        return { ok: false, error: `fs_write: cancelled; ${displayPath} was not changed` };
      return { ok: false, error: `fs_write: ${describeFsError(error, displayPath)}; ${displayPath} was not changed` };
    }
    const created = target.mode === undefined;
    return {
      ok: true,
      output: `wrote ${bytes} ${bytes === 1 ? 'byte' : 'bytes'} to ${displayPath}${created ? ' (new file)' : ''}`,
      parts: { created },
    };
  },
});

type Target = { ok: true; path: string; mode: number | undefined } | { ok: false; error: string };

/** Where the bytes go and which mode to keep: a symbolic link is followed to the file it names. */
async function resolveTarget(requestedPath: string, displayPath: string): Promise<Target> {
  let linkStats: Awaited<ReturnType<typeof fs.lstat>>;
  try {
    linkStats = await fs.lstat(requestedPath);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return { ok: true, path: requestedPath, mode: undefined };
    // ENOTDIR (a parent is a file) and friends: mkdir would fail the same way, say it now.
    return { ok: false, error: describeFsError(error, displayPath) };
  }
  let realPath = requestedPath;
  if (linkStats.isSymbolicLink()) {
    try {
      realPath = await fs.realpath(requestedPath);
    } catch (error) {
      if (isCode(error, 'ENOENT')) {
        return {
          ok: false,
          error: `${displayPath} is a symbolic link to a missing file (${await readLink(requestedPath)}); write to the target path instead`,
        };
      }
      return { ok: false, error: describeFsError(error, displayPath) };
    }
  }
  const stats = realPath === requestedPath ? linkStats : await fs.stat(realPath);
  if (stats.isDirectory()) return { ok: false, error: `${displayPath} is a directory` };
  if (!stats.isFile())
    return { ok: false, error: `${displayPath} is not a regular file; fs_write only replaces regular files` };
  return { ok: true, path: realPath, mode: stats.mode & 0o7777 };
}

async function readLink(linkPath: string): Promise<string> {
  return fs.readlink(linkPath).catch(() => '?');
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
