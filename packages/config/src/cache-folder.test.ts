import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { coshCacheFolder, readCacheFile, writeCacheFile } from './cache-folder.ts';

// A folder of its own for each test of the cache files.
const makeFolder = temporaryFolders('cosh-cache-folder-');
let folder: string;
beforeEach(() => {
  folder = makeFolder();
});

describe('coshCacheFolder', () => {
  it('is $XDG_CACHE_HOME/cosh when that is an absolute path, else ~/.cache/cosh', () => {
    expect(coshCacheFolder({ env: { XDG_CACHE_HOME: '/c' }, homedir: '/h' })).toBe('/c/cosh');
    expect(coshCacheFolder({ env: { XDG_CACHE_HOME: 'rel', HOME: '/h' } })).toBe('/h/.cache/cosh');
    expect(coshCacheFolder({ env: { XDG_CACHE_HOME: '', HOME: '/h' } })).toBe('/h/.cache/cosh');
  });

  it('takes the home folder from HOME, and from the system when HOME is empty or unset', () => {
    expect(coshCacheFolder({ env: { HOME: '' }, homedir: '/u' })).toBe('/u/.cache/cosh');
    expect(coshCacheFolder({ env: {}, homedir: '/u' })).toBe('/u/.cache/cosh');
  });
});

describe('writeCacheFile', () => {
  it('writes the file, owner only, in a folder it creates owner only, and leaves no temporary file', async () => {
    const file = join(folder, 'cache', 'cosh', 'entry.bin');
    writeCacheFile(file, new Uint8Array([1, 2, 3]));
    expect([...(await readFile(file))]).toEqual([1, 2, 3]);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(folder, 'cache', 'cosh'))).mode & 0o777).toBe(0o700);
    writeCacheFile(file, 'replaced');
    expect(await readFile(file, 'utf8')).toBe('replaced');
    expect(await readdir(join(folder, 'cache', 'cosh'))).toEqual(['entry.bin']);
  });

  it('takes a mode for a cache others may read, and never makes it writable by others', async () => {
    const file = join(folder, 'shared.bin');
    writeCacheFile(file, 'code', { mode: 0o644 });
    expect((await stat(file)).mode & 0o777).toBe(0o644);
    writeCacheFile(file, 'code', { mode: 0o666 });
    expect((await stat(file)).mode & 0o777).toBe(0o644);
  });

  it('never throws where nothing can be written, and leaves nothing behind', async () => {
    const blocker = join(folder, 'a-file');
    await writeFile(blocker, '');
    expect(() => writeCacheFile(join(blocker, 'cosh', 'entry.bin'), 'x')).not.toThrow();
    const target = join(folder, 'a-folder');
    await mkdir(target);
    expect(() => writeCacheFile(target, 'x')).not.toThrow();
    expect((await readdir(folder)).sort()).toEqual(['a-file', 'a-folder']);
  });
});

describe('readCacheFile', () => {
  it('reads a regular file of at most the size given', async () => {
    const file = join(folder, 'entry.bin');
    await writeFile(file, 'twelve bytes');
    expect(readCacheFile(file, 12)?.toString()).toBe('twelve bytes');
    expect(readCacheFile(file, 11)).toBeUndefined();
  });

  it('is undefined at once for a missing file, a folder or a FIFO (never waits for a writer)', async () => {
    expect(readCacheFile(join(folder, 'missing'), 100)).toBeUndefined();
    expect(readCacheFile(folder, 100)).toBeUndefined();
    const fifo = join(folder, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const startedAt = Date.now();
    expect(readCacheFile(fifo, 100)).toBeUndefined();
    // A read that waited for a writer would never return: 5 s is room for a loaded machine.
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});
