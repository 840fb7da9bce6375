import { execFileSync } from 'node:child_process';
import { chmod, mkdir, open, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { fsReadMaxBytes, fsReadTool, readToEnd } from './fs-read.ts';

const makeFolder = temporaryFolders('cosh-tools-');
const run = (input: unknown, cwd: string) => fsReadTool.run(input as { path: string }, { cwd, env: {} });

describe('fs_read', () => {
  it('T: returns the text of a file relative to cwd, byte for byte', async () => {
    const cwd = makeFolder();
    const text = 'héllo 🌍\r\nsecond line\n\ttabbed, no final newline';
    await mkdir(path.join(cwd, 'sub'));
    await writeFile(path.join(cwd, 'sub', 'notes.txt'), text);
    expect(await run({ path: 'sub/notes.txt' }, cwd)).toEqual({ ok: true, output: text });
    expect(await run({ path: path.join(cwd, 'sub', 'notes.txt') }, '/')).toEqual({ ok: true, output: text });
  });

  it('T: an empty file is an empty text', async () => {
    const cwd = makeFolder();
    await writeFile(path.join(cwd, 'empty'), '');
    expect(await run({ path: 'empty' }, cwd)).toEqual({ ok: true, output: '' });
  });

  it('T: invalid UTF-8 becomes U+FFFD instead of failing', async () => {
    const cwd = makeFolder();
    await writeFile(path.join(cwd, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect(await run({ path: 'latin1.txt' }, cwd)).toEqual({ ok: true, output: 'caf\uFFFD\n' });
  });

  it('T: a missing file is a failure naming the path as given', async () => {
    const cwd = makeFolder();
    expect(await run({ path: 'nope.txt' }, cwd)).toEqual({
      ok: false,
      error: 'fs_read: no such file or directory: nope.txt',
    });
  });

  it('T: a folder is a failure that points to find_grep', async () => {
    const cwd = makeFolder();
    await mkdir(path.join(cwd, 'src'));
    expect(await run({ path: 'src' }, cwd)).toEqual({
      ok: false,
      error: 'fs_read: src is a directory, not a file (find_grep searches folders)',
    });
  });

  it('T: a file over 10 MiB is a failure that says how large it is', async () => {
    const cwd = makeFolder();
    await writeFile(path.join(cwd, 'big.log'), '');
    await truncate(path.join(cwd, 'big.log'), fsReadMaxBytes + 1);
    expect(await run({ path: 'big.log' }, cwd)).toEqual({
      ok: false,
      error:
        'fs_read: big.log is too large (10485761 bytes; fs_read returns at most 10 MiB); use find_grep or bash_run (head, sed -n) to read part of it',
    });
  });

  it('T: a file of exactly 10 MiB is read', async () => {
    const cwd = makeFolder();
    await writeFile(path.join(cwd, 'edge.txt'), 'a'.repeat(fsReadMaxBytes));
    const result = await run({ path: 'edge.txt' }, cwd);
    expect(result.ok && result.output.length).toBe(fsReadMaxBytes);
  });

  it('T: reads to the end whatever size the file system reports (/proc/meminfo says 0 bytes)', async () => {
    const result = await run({ path: '/proc/meminfo' }, '/');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.output).toMatch(/^MemTotal: +\d+ kB\n/);
    expect(result.output.split('\n').length).toBeGreaterThan(10);
    expect(result.output).toMatch(/\nMemAvailable: +\d+ kB\n/);
    expect(result.output.endsWith(' kB\n')).toBe(true);
  });

  it('T: a file longer than its stat said (it grew after the stat) is read whole, up to the cap', async () => {
    const cwd = makeFolder();
    const grown = 'x'.repeat(300_000);
    await writeFile(path.join(cwd, 'grown.log'), grown);
    const handle = await open(path.join(cwd, 'grown.log'));
    try {
      // As if fstat had run when the file held 3 bytes.
      const content = await readToEnd(handle, 3, undefined);
      expect(content instanceof Buffer && content.toString()).toBe(grown);
    } finally {
      await handle.close();
    }
    // Past the cap (still growing, or a size that lied): a failure that says so, never a cut text.
    await writeFile(path.join(cwd, 'huge.log'), '');
    await truncate(path.join(cwd, 'huge.log'), fsReadMaxBytes + 5);
    const huge = await open(path.join(cwd, 'huge.log'));
    try {
      expect(await readToEnd(huge, 0, undefined)).toBe('too large');
    } finally {
      await huge.close();
    }
  });

  it('T: a binary file (NUL in the first 8 KiB) is a failure', async () => {
    const cwd = makeFolder();
    await writeFile(path.join(cwd, 'image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    expect(await run({ path: 'image.png' }, cwd)).toEqual({
      ok: false,
      error: 'fs_read: image.png looks like a binary file (a NUL byte in its first 8 KiB); fs_read returns text only',
    });
  });

  it('T: a FIFO is refused at once instead of blocking for a writer', async () => {
    const cwd = makeFolder();
    execFileSync('mkfifo', [path.join(cwd, 'pipe')]);
    expect(await run({ path: 'pipe' }, cwd)).toEqual({
      ok: false,
      error: 'fs_read: pipe is not a regular file (a FIFO)',
    });
  });

  it('T: a symbolic link to a file reads the file', async () => {
    const cwd = makeFolder();
    await writeFile(path.join(cwd, 'real.txt'), 'through the link');
    await symlink('real.txt', path.join(cwd, 'link.txt'));
    expect(await run({ path: 'link.txt' }, cwd)).toEqual({ ok: true, output: 'through the link' });
  });

  it.skipIf(process.getuid?.() === 0)('T: an unreadable file is a permission failure', async () => {
    const cwd = makeFolder();
    await writeFile(path.join(cwd, 'secret'), 'x');
    await chmod(path.join(cwd, 'secret'), 0o000);
    expect(await run({ path: 'secret' }, cwd)).toEqual({ ok: false, error: 'fs_read: permission denied: secret' });
  });

  it('T: an empty path is an input error', async () => {
    expect(await run({ path: '' }, '/')).toEqual({
      ok: false,
      error: 'fs_read: input.path: expected a non-empty path, got ""',
    });
  });
});
