import { execFileSync } from 'node:child_process';
import { chmod, chown, readFile, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { guardedLikeBundle, requireWithCodeCache } from './require-with-code-cache.ts';

const makeFolder = temporaryFolders('cosh-code-cache-');

let folder: string;
let file: string;
let cacheFile: string;

beforeEach(() => {
  folder = makeFolder();
  file = join(folder, 'bundle.cjs');
  // Beside the bundle, as start.ts keeps it.
  cacheFile = join(folder, 'bundle.v8-cache');
});

/** A CommonJS file that uses what `require` gives a module, and answers `value`. */
function bundleText(value: string): string {
  return [
    "const { basename } = require('node:path');",
    `exports.answer = () => ${JSON.stringify(value)};`,
    'exports.where = () => [basename(__filename), basename(__dirname), module.exports === exports];',
  ].join('\n');
}

interface Bundle {
  answer(): string;
  where(): [string, string, boolean];
}

describe('requireWithCodeCache (issues 16 and 29: the cold start)', () => {
  it('loads the file as require does: exports, require, __filename, __dirname, module', async () => {
    await writeFile(file, bundleText('one'));
    const loaded = requireWithCodeCache(file, cacheFile);
    const bundle = loaded.exports as Bundle;
    expect(bundle.answer()).toBe('one');
    expect(bundle.where()).toEqual(['bundle.cjs', folder.split('/').pop(), true]);
  });

  it('makes the cache on save, then takes the code from it, and does not write it again', async () => {
    await writeFile(file, bundleText('one'));
    const first = requireWithCodeCache(file, cacheFile);
    expect(first.fromCache).toBe(false);
    first.save();
    const written = await stat(cacheFile);
    // Every user of the installation may read it; only its owner may write it.
    expect(written.mode & 0o777).toBe(0o644);

    const second = requireWithCodeCache(file, cacheFile);
    expect(second.fromCache).toBe(true);
    expect((second.exports as Bundle).answer()).toBe('one');
    second.save();
    expect((await stat(cacheFile)).mtimeMs).toBe(written.mtimeMs);
  });

  it('never runs the code of another text of the same length: a changed file is compiled anew', async () => {
    // V8 checks only the length of the text its code was made from; the entry's name does the rest.
    await writeFile(file, bundleText('one'));
    requireWithCodeCache(file, cacheFile).save();
    const before = await stat(file);
    await writeFile(file, bundleText('two'));
    // Even with the old modification time, the rewrite keeps the inode but the time is put back
    // to exactly the old one only by someone who means it; a rebuild writes a new time.
    await utimes(file, before.atime, new Date(before.mtimeMs + 1000));
    const changed = requireWithCodeCache(file, cacheFile);
    expect(changed.fromCache).toBe(false);
    expect((changed.exports as Bundle).answer()).toBe('two');
    changed.save();
    const again = requireWithCodeCache(file, cacheFile);
    expect(again.fromCache).toBe(true);
    expect((again.exports as Bundle).answer()).toBe('two');
  });

  it('an entry cut short is not used, one V8 refuses is compiled from the text; save makes it whole', async () => {
    await writeFile(file, bundleText('one'));
    requireWithCodeCache(file, cacheFile).save();
    const entry = await readFile(cacheFile);
    const keyLength = entry.indexOf('\n\n') + 2;
    const codeStart = entry.indexOf('\n', keyLength) + 1;
    const cutShort = [
      entry.subarray(0, codeStart + 16),
      entry.subarray(0, entry.length - 1),
      entry.subarray(0, codeStart),
      entry.subarray(0, keyLength),
    ];
    const notCode = Buffer.from('not V8 code at all');
    const refused = Buffer.concat([entry.subarray(0, keyLength), Buffer.from(`${notCode.length}\n`), notCode]);
    for (const broken of [...cutShort, refused]) {
      await writeFile(cacheFile, broken);
      const loaded = requireWithCodeCache(file, cacheFile);
      // (Whether V8 refuses an entry shows only in a new process: within this one, it compiles a
      // text it compiled before from memory. test/e2e/start-up.test.ts runs the binary.)
      if (cutShort.includes(broken)) expect(loaded.fromCache, `entry of ${broken.length} bytes`).toBe(false);
      expect((loaded.exports as Bundle).answer()).toBe('one');
      loaded.save();
      const saved = await readFile(cacheFile);
      expect(saved.subarray(0, keyLength)).toEqual(entry.subarray(0, keyLength));
      const savedCodeStart = saved.indexOf('\n', keyLength) + 1;
      expect(Number(saved.subarray(keyLength, savedCodeStart - 1).toString())).toBe(saved.length - savedCodeStart);
    }
  });

  it('issue 37: a run of a use the entry does not cover writes it again once, with the code of both', async () => {
    await writeFile(file, bundleText('one'));
    const usesOf = async () => (await readFile(cacheFile, 'latin1')).split('\n')[4];
    requireWithCodeCache(file, cacheFile).save('hooks');
    expect(await usesOf()).toBe('uses hooks');
    const written = await stat(cacheFile);
    // The same use, or none: taken from the cache, not written again.
    const again = requireWithCodeCache(file, cacheFile);
    expect(again.fromCache).toBe(true);
    again.save('hooks');
    again.save(null);
    expect((await stat(cacheFile)).ino).toBe(written.ino);
    // Another use: its code joins the entry's, once.
    const other = requireWithCodeCache(file, cacheFile);
    expect(other.fromCache).toBe(true);
    other.save('claude-hook');
    expect(await usesOf()).toBe('uses claude-hook hooks');
    const joined = await stat(cacheFile);
    expect(joined.ino).not.toBe(written.ino);
    for (const use of ['claude-hook', 'hooks']) {
      const covered = requireWithCodeCache(file, cacheFile);
      expect(covered.fromCache).toBe(true);
      expect((covered.exports as Bundle).answer()).toBe('one');
      covered.save(use);
    }
    expect((await stat(cacheFile)).ino).toBe(joined.ino);
  });

  it('issue 37: an entry compiled anew covers only its own use, and a use that is no word is not recorded', async () => {
    await writeFile(file, bundleText('one'));
    requireWithCodeCache(file, cacheFile).save('hooks');
    await chmod(cacheFile, 0o664);
    // Not taken (others may write it): the new entry holds this run's code only.
    requireWithCodeCache(file, cacheFile).save('gemini-hook');
    const text = await readFile(cacheFile, 'latin1');
    expect(text.split('\n')[4]).toBe('uses gemini-hook');
    await chmod(cacheFile, 0o664);
    requireWithCodeCache(file, cacheFile).save('two words\nuses x');
    expect((await readFile(cacheFile, 'latin1')).split('\n')[4]).toBe('uses ');
    expect(requireWithCodeCache(file, cacheFile).fromCache).toBe(true);
  });

  it('without a cache file (null), or one that cannot be written, it still loads and save never throws', async () => {
    await writeFile(file, bundleText('one'));
    const uncached = requireWithCodeCache(file, null);
    expect((uncached.exports as Bundle).answer()).toBe('one');
    expect(() => uncached.save()).not.toThrow();
    const blocked = join(file, 'cache');
    const unwritable = requireWithCodeCache(file, blocked);
    expect((unwritable.exports as Bundle).answer()).toBe('one');
    expect(() => unwritable.save()).not.toThrow();
  });

  it('a FIFO where the cache belongs is no cache, at once (never a wait for a writer)', async () => {
    await writeFile(file, bundleText('one'));
    execFileSync('mkfifo', [cacheFile]);
    const loaded = requireWithCodeCache(file, cacheFile);
    expect(loaded.fromCache).toBe(false);
    expect((loaded.exports as Bundle).answer()).toBe('one');
  });

  it('issue 29: a cache others may write is not used, and save replaces it with one they may not', async () => {
    await writeFile(file, bundleText('one'));
    requireWithCodeCache(file, cacheFile).save();
    for (const mode of [0o664, 0o646, 0o666]) {
      await chmod(cacheFile, mode);
      const loaded = requireWithCodeCache(file, cacheFile);
      expect(loaded.fromCache, mode.toString(8)).toBe(false);
      expect((loaded.exports as Bundle).answer()).toBe('one');
      loaded.save();
      expect((await stat(cacheFile)).mode & 0o777).toBe(0o644);
      expect(requireWithCodeCache(file, cacheFile).fromCache).toBe(true);
    }
  });

  it('issue 29: a symlink where the cache belongs is not followed', async () => {
    await writeFile(file, bundleText('one'));
    const elsewhere = join(folder, 'elsewhere.v8-cache');
    requireWithCodeCache(file, elsewhere).save();
    await symlink(elsewhere, cacheFile);
    expect(requireWithCodeCache(file, cacheFile).fromCache).toBe(false);
  });

  // Only root can give a file to another owner.
  it.runIf(process.getuid?.() === 0)('issue 29: a cache of another owner than the bundle is not used', async () => {
    await writeFile(file, bundleText('one'));
    requireWithCodeCache(file, cacheFile).save();
    await chown(cacheFile, 65_534, 65_534);
    expect(requireWithCodeCache(file, cacheFile).fromCache).toBe(false);
    await chown(file, 65_534, 65_534);
    expect(requireWithCodeCache(file, cacheFile).fromCache).toBe(true);
  });

  it('a missing file throws as require does', () => {
    expect(() => requireWithCodeCache(join(folder, 'missing.cjs'), cacheFile)).toThrow(/ENOENT/);
  });
});

describe('guardedLikeBundle (issue 29: the cache is no easier to write than the bundle)', () => {
  const stats = (fields: { uid: number; mode: number; file?: boolean }) =>
    ({ uid: fields.uid, mode: fields.mode, isFile: () => fields.file ?? true }) as unknown as Stats;
  const bundle = stats({ uid: 1000, mode: 0o100644 });

  it("takes a regular file of the bundle's owner that no group or other user may write", () => {
    expect(guardedLikeBundle(stats({ uid: 1000, mode: 0o100644 }), bundle)).toBe(true);
    expect(guardedLikeBundle(stats({ uid: 1000, mode: 0o100600 }), bundle)).toBe(true);
    expect(guardedLikeBundle(stats({ uid: 1000, mode: 0o100664 }), bundle)).toBe(false);
    expect(guardedLikeBundle(stats({ uid: 1000, mode: 0o100646 }), bundle)).toBe(false);
    expect(guardedLikeBundle(stats({ uid: 1001, mode: 0o100644 }), bundle)).toBe(false);
    expect(guardedLikeBundle(stats({ uid: 1000, mode: 0o010644, file: false }), bundle)).toBe(false);
  });
});
