import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { lstat, mkdir, readdir, readFile, readlink, stat, symlink, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { fsWriteTool } from './fs-write.ts';
import type { ToolContext } from './tool-types.ts';

const makeFolder = temporaryFolders('cosh-tools-');
const runWithParts = (input: unknown, cwd: string, context: Partial<ToolContext> = {}) =>
  fsWriteTool.run(input as { path: string; content: string }, { cwd, env: {}, ...context });
/** The result as the model sees it: `parts` is checked on its own. */
const run = async (input: unknown, cwd: string, context: Partial<ToolContext> = {}) => {
  const result = await runWithParts(input, cwd, context);
  if (!result.ok) return result;
  const { parts: _parts, ...seen } = result;
  return seen;
};
const watchReads = fileURLToPath(new URL('./__fixtures__/watch-reads.mjs', import.meta.url));

describe('fs_write', () => {
  it("K4: the result says whether the write created the file, for Claude hooks' tool_response", async () => {
    const cwd = makeFolder();
    expect(await runWithParts({ path: 'n.txt', content: 'a' }, cwd)).toMatchObject({ parts: { created: true } });
    expect(await runWithParts({ path: 'n.txt', content: 'b' }, cwd)).toMatchObject({ parts: { created: false } });
  });

  it('T: creates a file and its missing parent folders, and says what it wrote', async () => {
    const cwd = makeFolder();
    expect(await run({ path: 'a/b/notes.txt', content: 'hello world\n' }, cwd)).toEqual({
      ok: true,
      output: 'wrote 12 bytes to a/b/notes.txt (new file)',
    });
    expect(await readFile(path.join(cwd, 'a/b/notes.txt'), 'utf8')).toBe('hello world\n');
    expect(await readdir(path.join(cwd, 'a/b'))).toEqual(['notes.txt']);
  });

  it('T: a new file gets the default mode (0666 minus the umask)', async () => {
    const cwd = makeFolder();
    await run({ path: 'fresh.txt', content: '' }, cwd);
    const umask = process.umask();
    expect((await stat(path.join(cwd, 'fresh.txt'))).mode & 0o777).toBe(0o666 & ~umask);
  });

  it('T: counts bytes, not characters, and writes UTF-8', async () => {
    const cwd = makeFolder();
    expect(await run({ path: 'u.txt', content: 'é🌍' }, cwd)).toEqual({
      ok: true,
      output: 'wrote 6 bytes to u.txt (new file)',
    });
    expect(await readFile(path.join(cwd, 'u.txt'), 'utf8')).toBe('é🌍');
    expect(await run({ path: 'one.txt', content: 'x' }, cwd)).toEqual({
      ok: true,
      output: 'wrote 1 byte to one.txt (new file)',
    });
  });

  it('T: replaces an existing file, keeps its mode and leaves no temporary file', async () => {
    const cwd = makeFolder();
    const script = path.join(cwd, 'script.sh');
    await writeFile(script, 'old old old old old\n');
    await chmod(script, 0o750);
    expect(await run({ path: 'script.sh', content: '#!/bin/sh\necho new\n' }, cwd)).toEqual({
      ok: true,
      output: 'wrote 19 bytes to script.sh',
    });
    expect(await readFile(script, 'utf8')).toBe('#!/bin/sh\necho new\n');
    expect((await stat(script)).mode & 0o7777).toBe(0o750);
    expect(await readdir(cwd)).toEqual(['script.sh']);
  });

  it('T: an absolute path is allowed', async () => {
    const cwd = makeFolder();
    const target = path.join(cwd, 'abs.txt');
    expect(await run({ path: target, content: 'abc' }, '/')).toEqual({
      ok: true,
      output: `wrote 3 bytes to ${target} (new file)`,
    });
  });

  it('T: writing through a symbolic link replaces its target and keeps the link', async () => {
    const cwd = makeFolder();
    await writeFile(path.join(cwd, 'real.txt'), 'before');
    await chmod(path.join(cwd, 'real.txt'), 0o600);
    await symlink('real.txt', path.join(cwd, 'link.txt'));
    expect(await run({ path: 'link.txt', content: 'after' }, cwd)).toEqual({
      ok: true,
      output: 'wrote 5 bytes to link.txt',
    });
    expect((await lstat(path.join(cwd, 'link.txt'))).isSymbolicLink()).toBe(true);
    expect(await readlink(path.join(cwd, 'link.txt'))).toBe('real.txt');
    expect(await readFile(path.join(cwd, 'real.txt'), 'utf8')).toBe('after');
    expect((await stat(path.join(cwd, 'real.txt'))).mode & 0o777).toBe(0o600);
    expect((await readdir(cwd)).sort()).toEqual(['link.txt', 'real.txt']);
  });

  it('T: a symbolic link to a missing file is a failure', async () => {
    const cwd = makeFolder();
    await symlink('missing.txt', path.join(cwd, 'dangling'));
    expect(await run({ path: 'dangling', content: 'x' }, cwd)).toEqual({
      ok: false,
      error: 'fs_write: dangling is a symbolic link to a missing file (missing.txt); write to the target path instead',
    });
  });

  it('T: a folder is a failure and nothing is left behind', async () => {
    const cwd = makeFolder();
    await mkdir(path.join(cwd, 'src'));
    expect(await run({ path: 'src', content: 'x' }, cwd)).toEqual({ ok: false, error: 'fs_write: src is a directory' });
    expect(await readdir(cwd)).toEqual(['src']);
    expect(await readdir(path.join(cwd, 'src'))).toEqual([]);
  });

  it('T: a parent that is a file is a failure', async () => {
    const cwd = makeFolder();
    await writeFile(path.join(cwd, 'file.txt'), 'x');
    expect(await run({ path: 'file.txt/inner.txt', content: 'x' }, cwd)).toEqual({
      ok: false,
      error: 'fs_write: a part of file.txt/inner.txt is not a directory',
    });
  });

  it('T: a call stopped before the rename leaves the old file whole and no temporary file', async () => {
    const cwd = makeFolder();
    await writeFile(path.join(cwd, 'keep.txt'), 'original');
    // Not yet aborted when the call starts, aborted when the write is about to be committed.
    let looks = 0;
    const signal = {
      get aborted() {
        looks += 1;
        return looks > 1;
      },
    } as unknown as AbortSignal;
    expect(await run({ path: 'keep.txt', content: 'replacement' }, cwd, { signal })).toEqual({
      ok: false,
      error: 'fs_write: cancelled; keep.txt was not changed',
    });
    expect(await readFile(path.join(cwd, 'keep.txt'), 'utf8')).toBe('original');
    expect(await readdir(cwd)).toEqual(['keep.txt']);
  });

  it('T: a reader in another process never sees a partial file', async () => {
    const cwd = makeFolder();
    const target = path.join(cwd, 'shared.txt');
    const size = 2 * 1024 * 1024;
    await writeFile(target, 'a'.repeat(size));
    const reader = spawn(process.execPath, [watchReads, target, String(size)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let report = '';
    reader.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()));
    const readerDone = new Promise<void>((resolve) => reader.once('close', () => resolve()));
    await once(reader.stderr, 'data');
    // At least 30 writes and a second of them, however slow the machine is today.
    const started = performance.now();
    for (let round = 0; round < 30 || performance.now() - started < 1000; round += 1) {
      const letter = round % 2 === 0 ? 'b' : 'a';
      const result = await run({ path: 'shared.txt', content: letter.repeat(size) }, cwd);
      expect(result.ok).toBe(true);
    }
    await writeFile(`${target}.stop`, '');
    await readerDone;
    const { reads, partial } = JSON.parse(report) as { reads: number; partial: number };
    expect(reads).toBeGreaterThan(10);
    expect(partial).toBe(0);
    expect((await readdir(cwd)).sort()).toEqual(['shared.txt', 'shared.txt.stop']);
  });
});
