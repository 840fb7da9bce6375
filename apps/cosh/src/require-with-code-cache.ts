// Each start of `cosh hooks run` and `cosh claude-hook` would otherwise parse and compile the
// per-call bundle anew: about a third of what a start costs before it runs a hook (issue 29). V8
// can hand out what it compiled (vm.Script's cachedData) and take it back on the next start, so
// this loads one CommonJS file the way `require` would, with that code when the cache still
// describes the file. Node 20 has no compile cache of its own; Node 22.1+'s keeps a file's code as
// compiled before it runs, without the functions compiled while it runs, and starts this bundle
// slower than this cache does.
//
// The cache is code: V8 runs it without a checksum. So it lives beside the bundle, in Cosh's own
// installation folder (B2 keeps that read-only to sandboxed commands), and is used only when it
// is no easier to write than the bundle itself: a regular file of the bundle's owner that no
// group or other user may write. Whoever can write such a file can rewrite the bundle as well;
// an earlier cache in ~/.cache/cosh was writable by every process of the user, the bundle often
// not (issue 27). Where the folder cannot be written (a global install by root, run by a user),
// there is simply no cache.
//
// Written here rather than taken from v8-compile-cache (the package that did this before Node 22):
// that one hooks every `require` of the process and finds its entries by a hash of each file's
// text, which loads node:crypto on every start; here there is one file, and a stat names it.
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';
// Named imports only: a default import of a built-in is bundled as a copy of all its properties.
import { createRequire, Module } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';
import { writeCacheFile } from '@cosh/config';

/** A CommonJS file loaded by {@link requireWithCodeCache}. */
export interface CodeCachedModule {
  /** The file's `module.exports`. */
  readonly exports: unknown;
  /** Whether V8 took the file's compiled code from the cache. */
  readonly fromCache: boolean;
  /**
   * Writes the code compiled so far into the cache file, unless it came from there and already
   * covers `use`. Call it late (at exit): the functions that ran by then are compiled, and the
   * next start skips them too. Never throws.
   *
   * `use` names what this run did with the file (for the per-call bundle: its command word,
   * `hooks` or `claude-hook`); none (`null`), nothing worth recording. An entry lists the uses whose code
   * it holds: one taken from the cache by a run of another use is written again at its exit, with
   * the code of both, once. Otherwise the first run after an install decides for good what every
   * later start finds compiled: `cosh claude-hook` compiled its own half on every call when `cosh
   * hooks run` had run first (about 0.7 ms of each start, issue 37).
   */
  save(use?: string | null): void;
}

/** An entry is about 1.5 times its file's size (350 KB for the per-call bundle); a larger file is not one. */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/** The words an entry may list as its uses (so a use can never break the entry's lines). */
const USE_WORD = /^[a-z][a-z0-9-]{0,63}$/;

/** The wrapper a CommonJS file's text runs in, as Node's own loader calls it. */
type CommonJsWrapper = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

/**
 * Loads the CommonJS file `file` as `require(file)` would (a module of its own, `require`
 * relative to it), compiling it with the V8 code in `cacheFile` when that was made from this very
 * file by this very Node and is guarded as the file is; `cacheFile` null: no cache. The file may
 * not use `import()`.
 *
 * A cache entry names the file by its path, size, modification time and inode, and the Node
 * version and architecture, because V8 itself checks only the text's length: an entry of another
 * build of the same length would otherwise run that build's code. A reinstall or a rebuild writes
 * the file anew. V8 refuses an entry made under other V8 flags (`cachedDataRejected`); the file is
 * then compiled from its text, as with no entry, and `save` replaces the entry.
 */
export function requireWithCodeCache(file: string, cacheFile: string | null): CodeCachedModule {
  // The text and the stat from one open file, so that the entry's name describes this text.
  const descriptor = openSync(file, 'r');
  let text: string;
  let stats: Stats;
  try {
    stats = fstatSync(descriptor);
    text = readFileSync(descriptor, 'utf8');
  } finally {
    closeSync(descriptor);
  }
  const key = Buffer.from(
    `cosh code cache 3\n${file}\n${stats.size} ${stats.mtimeMs} ${stats.ino}\n${process.version} ${process.arch}\n`,
  );
  const entry = cacheFile === null ? undefined : readEntry(cacheFile, key, stats);
  const cachedData = entry?.code;
  // No importModuleDynamically: code compiled from a cache made by another process loses it, so
  // the file must hold no import() (the build writes require() instead: tsdown.config.ts).
  const script = new Script(Module.wrap(text), { filename: file, ...(cachedData === undefined ? {} : { cachedData }) });
  const fromCache = cachedData !== undefined && script.cachedDataRejected !== true;
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as CommonJsWrapper;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    fromCache,
    save(use = null) {
      const recorded = use !== null && USE_WORD.test(use) ? use : null;
      if (cacheFile === null || (fromCache && (recorded === null || entry?.uses.includes(recorded) === true))) return;
      let code: Buffer;
      try {
        code = script.createCachedData();
      } catch {
        return;
      }
      // Code compiled anew holds this run's functions only; code from the cache, the earlier uses' too.
      const uses = [...new Set([...(fromCache ? (entry?.uses ?? []) : []), ...(recorded === null ? [] : [recorded])])];
      // The uses, then the code's length after the name: an entry cut short is not used (V8 does
      // not always say). Readable by every user of the installation, writable by its owner only.
      const head = Buffer.from(`uses ${uses.sort().join(' ')}\n\n${code.length}\n`);
      writeCacheFile(cacheFile, Buffer.concat([key, head, code]), { mode: 0o644 });
    },
  };
}

/**
 * Whether a cache file is guarded as the bundle is: a regular file of the bundle's owner that no
 * group or other user may write. Anyone else able to write it could not have written the bundle.
 */
export function guardedLikeBundle(cache: Stats, bundle: Stats): boolean {
  return cache.isFile() && cache.uid === bundle.uid && (cache.mode & 0o022) === 0;
}

/**
 * The V8 code of the entry in `cacheFile`, and the uses it covers, when the file is guarded as the
 * bundle is, the entry is named `key` and whole, else `undefined`. Never throws and never waits: a
 * symlink is not followed, and a FIFO answers at once (`O_NONBLOCK`) instead of holding the start
 * for a writer.
 */
function readEntry(
  cacheFile: string,
  key: Buffer,
  bundle: Stats,
): { readonly code: Buffer; readonly uses: readonly string[] } | undefined {
  let entry: Buffer;
  try {
    const descriptor = openSync(
      cacheFile,
      constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY | constants.O_NOFOLLOW,
    );
    try {
      const stats = fstatSync(descriptor);
      if (!guardedLikeBundle(stats, bundle) || stats.size > MAX_ENTRY_BYTES) return undefined;
      entry = readFileSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
  } catch {
    return undefined;
  }
  if (entry.length <= key.length || !entry.subarray(0, key.length).equals(key)) return undefined;
  // `uses <word> <word>…`, a blank line, the code's length, the code.
  const usesEnd = entry.indexOf('\n\n', key.length);
  if (usesEnd === -1) return undefined;
  const usesLine = entry.subarray(key.length, usesEnd).toString('latin1');
  if (!usesLine.startsWith('uses ')) return undefined;
  const uses = usesLine
    .slice(5)
    .split(' ')
    .filter((word) => USE_WORD.test(word));
  const lengthEnd = entry.indexOf(0x0a, usesEnd + 2);
  if (lengthEnd === -1) return undefined;
  const code = entry.subarray(lengthEnd + 1);
  return entry.subarray(usesEnd + 2, lengthEnd).toString('latin1') === String(code.length) && code.length > 0
    ? { code, uses }
    : undefined;
}
