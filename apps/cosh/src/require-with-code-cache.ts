// Each start of `cosh hooks run` would otherwise parse and compile the per-call bundle anew, a
// good part of what it costs before it starts a hook. V8 can hand out what it compiled
// (vm.Script's cachedData) and take it back on the next start, so this loads one CommonJS file the
// way `require` would, with that code when the cache still describes the file. Node 20 has no
// compile cache of its own; Node 22.1+ has one (`module.enableCompileCache`), but it keeps a
// file's code as compiled before it runs, without the functions compiled while it runs, and
// starts this bundle slower than this cache does (scripts/bench.mjs).
//
// Written here rather than taken from v8-compile-cache (the package that did this before Node 22):
// that one hooks every `require` of the process and finds its entries by a hash of each file's
// text, which loads node:crypto on every start; here there is one file, and a stat names it.
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';
import { readCacheFile, writeCacheFile } from '@cosh/config';

/** A CommonJS file loaded by {@link requireWithCodeCache}. */
export interface CodeCachedModule {
  /** The file's `module.exports`. */
  readonly exports: unknown;
  /** Whether V8 took the file's compiled code from the cache. */
  readonly fromCache: boolean;
  /**
   * Writes the code compiled so far into the cache file, unless it came from there. Call it late
   * (at exit): the functions that ran by then are compiled, and the next start skips them too.
   * Never throws.
   */
  save(): void;
}

/** An entry is about 1.5 times its file's size (320 KB for the per-call bundle); a larger file is not one. */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

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
 * file by this very Node; `cacheFile` null: no cache. The file may not use `import()`.
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
  let key: Buffer;
  try {
    const stats = fstatSync(descriptor);
    key = Buffer.from(
      `cosh code cache 1\n${file}\n${stats.size} ${stats.mtimeMs} ${stats.ino}\n${process.version} ${process.arch}\n\n`,
    );
    text = readFileSync(descriptor, 'utf8');
  } finally {
    closeSync(descriptor);
  }
  const cachedData = cacheFile === null ? undefined : readEntry(cacheFile, key);
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
    save() {
      if (cacheFile === null || fromCache) return;
      let code: Buffer;
      try {
        code = script.createCachedData();
      } catch {
        return;
      }
      // The code's length after the name: an entry cut short is not used (V8 does not always say).
      writeCacheFile(cacheFile, Buffer.concat([key, Buffer.from(`${code.length}\n`), code]));
    },
  };
}

/** The V8 code of the entry in `cacheFile` when the entry is named `key` and whole, else `undefined`. */
function readEntry(cacheFile: string, key: Buffer): Buffer | undefined {
  const entry = readCacheFile(cacheFile, MAX_ENTRY_BYTES);
  if (entry === undefined || entry.length <= key.length || !entry.subarray(0, key.length).equals(key)) return undefined;
  const lengthEnd = entry.indexOf(0x0a, key.length);
  if (lengthEnd === -1) return undefined;
  const code = entry.subarray(lengthEnd + 1);
  return entry.subarray(key.length, lengthEnd).toString('latin1') === String(code.length) && code.length > 0
    ? code
    : undefined;
}
