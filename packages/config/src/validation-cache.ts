// A cache of the setup.json texts the validator accepted, so `cosh hooks run` and `cosh
// claude-hook`, which a program starts once per tool call, need not load zod and rebuild the
// schema while the file stays the same.
//
// Trust (SPEC S): the cache says only that a text is valid, and what its warnings are. What runs
// is always built from the text itself, the one the trust checks saw (its bytes, its snapshot),
// never from the cache; a hit needs the whole text to be equal, not a stat or a hash. So someone
// who can write the cache folder (an agent can) can at most make a text that would fail
// validation load anyway, or change how its warnings read (they are printed escaped). For a text
// that runs, that is a text a person trusted (trust is only ever recorded for a text that
// validated) or a file under COSH_TRUST=all (which that someone could edit directly). The managed
// file, whose errors must stop every call (C6), never goes through the cache.
//
// The file is read as C1 reads setup.json (readCacheFile: a regular file, bounded, never a wait)
// and carries a checksum of its entries: a FIFO, a device, a symlink to /dev/zero, a file cut
// short or damaged on the disk is an empty cache, rebuilt by the next save, never an error. The
// checksum finds damage, not a forger (who can compute it too): against a forger stands what is
// said above, and the sandbox, which keeps the cache folder read-only for bash_run (SPEC B2).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import packageJson from '../package.json' with { type: 'json' };
import { buildConfig, fileSettings, type ValidatedFile } from './build-config.ts';
import { coshCacheFolder, readCacheFile, writeCacheFile } from './cache-folder.ts';
import type { ConfigLayer, ConfigProblem } from './config-types.ts';
import { isHookEvent } from './hook-events.ts';
import type { ParseConfigResult } from './parse-config.ts';
import { parseJsonc, stripByteOrderMark } from './parse-jsonc.ts';

/** How many texts the cache keeps (the most recent first): a user file, a project file or two, their snapshots. */
const MAX_ENTRIES = 8;
/** Eight texts of at most 4 MiB (C1) with their warnings fit; a larger file is not this cache's. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The build the cache belongs to: this package's version, and the file this module was loaded
 * from with its size and modification time. Building or installing `cosh` writes its bundle
 * anew, so a changed validator means another build and an empty cache. The file's name alone
 * would not do: the bundle that `cosh hooks run` loads (dist/fast-start.cjs) keeps its name from
 * one build to the next.
 */
let build: string | undefined;
function currentBuild(): string {
  if (build === undefined) {
    const path = import.meta.filename;
    const file = fileUrlOf(path);
    try {
      const stats = statSync(path);
      build = `2 ${packageJson.version} ${file} ${stats.size} ${stats.mtimeMs}`;
    } catch {
      build = `2 ${packageJson.version} ${file}`;
    }
  }
  return build;
}

/**
 * `pathToFileURL(path).href`, written out directly for an absolute path whose segments hold only
 * characters a file: URL keeps as they are and none starts with a dot (so there is nothing to
 * resolve): the first use of Node's URL parser costs about 0.3 ms, and the per-call bundle
 * (CommonJS) would make `import.meta.url` with it on every `cosh hooks run` and `cosh
 * claude-hook` (issue 37).
 */
function fileUrlOf(path: string): string {
  return /^(?:\/[\w-][\w.-]*)+$/.test(path) ? `file://${path}` : pathToFileURL(path).href;
}

interface CacheEntry {
  readonly file: string;
  readonly layer: ConfigLayer;
  readonly text: string;
  readonly warnings: readonly ConfigProblem[];
}

/** Parses setup.json texts, each through the cache when it holds it, else with the validator. */
export interface ConfigTextParser {
  /** `parseConfig(text, file, { layer })`, from the cache when it knows the text (never for the managed layer). */
  parse(text: string, file: string, layer: ConfigLayer): Promise<ParseConfigResult>;
  /** Writes what was validated this time into the cache; never throws (a cache that cannot be written is no cache). */
  save(): void;
}

/**
 * The validation cache (`$XDG_CACHE_HOME/cosh/validated-setup.json` when that variable is an
 * absolute path, else `~/.cache/cosh/validated-setup.json`). An empty `HOME` counts as unset.
 */
export function validationCacheFile(options: { env?: NodeJS.ProcessEnv; homedir?: string } = {}): string {
  return join(coshCacheFolder(options), 'validated-setup.json');
}

/**
 * A parser over the cache file `cacheFile` (`null`: no cache, every text is validated). A cache
 * that is missing, unreadable, of another build or not what this module writes is empty.
 */
export function openValidationCache(cacheFile: string | null): ConfigTextParser {
  const entries = cacheFile === null ? [] : readEntries(cacheFile);
  const added: CacheEntry[] = [];
  return {
    async parse(text, file, layer) {
      const hit =
        layer === 'managed'
          ? undefined
          : entries.find((entry) => entry.file === file && entry.layer === layer && entry.text === text);
      const known = hit === undefined ? undefined : parseKnownText(text, file, layer, hit.warnings);
      if (known !== undefined) return known;
      // Loaded only here: zod and the schema stay off the path of a text the cache knows.
      const { parseConfig } = await import('./parse-config.ts');
      const parsed = parseConfig(text, file, { layer });
      if (parsed.ok && layer !== 'managed') added.push({ file, layer, text, warnings: parsed.warnings });
      return parsed;
    },
    save() {
      if (cacheFile === null || added.length === 0) return;
      const kept = [...added, ...entries.filter((entry) => !added.some((other) => sameKey(entry, other)))];
      writeEntries(cacheFile, kept.slice(0, MAX_ENTRIES));
    },
  };
}

/**
 * What `parseConfig` gives for a text it accepted with these warnings, made without the
 * validator: the config and settings are built from the text itself. `undefined` when the text
 * is not even JSON with comments (then the cache was wrong, and the validator decides).
 */
function parseValidText(
  text: string,
  file: string,
  layer: ConfigLayer,
  warnings: readonly ConfigProblem[],
): ParseConfigResult | undefined {
  const parsed = parseJsonc(stripByteOrderMark(text));
  if (!parsed.ok) return undefined;
  const value = parsed.value as ValidatedFile;
  return {
    ok: true,
    config: buildConfig(value, { layer, file }),
    warnings: [...warnings],
    settings: fileSettings(value, parsed.sourceMap),
  };
}

/**
 * {@link parseValidText}, or `undefined` when building the config from the text fails: then the
 * cache called a text valid that is not (damaged or forged), and the validator decides.
 */
function parseKnownText(
  text: string,
  file: string,
  layer: ConfigLayer,
  warnings: readonly ConfigProblem[],
): ParseConfigResult | undefined {
  try {
    return parseValidText(text, file, layer, warnings);
  } catch {
    return undefined;
  }
}

function sameKey(left: CacheEntry, right: CacheEntry): boolean {
  return left.file === right.file && left.layer === right.layer && left.text === right.text;
}

function readEntries(cacheFile: string): CacheEntry[] {
  try {
    const bytes = readCacheFile(cacheFile, MAX_CACHE_BYTES);
    if (bytes === undefined) return [];
    const document: unknown = JSON.parse(bytes.toString('utf8'));
    if (!isRecord(document) || document['build'] !== currentBuild() || !Array.isArray(document['entries'])) return [];
    if (document['checksum'] !== validationCacheChecksum(document['entries'])) return [];
    return document['entries'].filter(isCacheEntry);
  } catch {
    return [];
  }
}

function writeEntries(cacheFile: string, entries: readonly CacheEntry[]): void {
  writeCacheFile(
    cacheFile,
    `${JSON.stringify({ build: currentBuild(), checksum: validationCacheChecksum(entries), entries })}\n`,
  );
}

/**
 * The checksum of a cache's entries: FNV-1a (32 bits) of their JSON text, as hex. Enough to find
 * a file damaged on the disk, and no node:crypto on the start of `cosh hooks run` (a trusted
 * file that names no script is never hashed). @internal Exported for tests.
 */
export function validationCacheChecksum(entries: readonly unknown[]): string {
  const json = JSON.stringify(entries);
  let hash = 0x811c9dc5;
  for (let index = 0; index < json.length; index += 1) {
    hash ^= json.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isCacheEntry(value: unknown): value is CacheEntry {
  return (
    isRecord(value) &&
    typeof value['file'] === 'string' &&
    (value['layer'] === 'user' || value['layer'] === 'project') &&
    typeof value['text'] === 'string' &&
    Array.isArray(value['warnings']) &&
    value['warnings'].every(isWarning)
  );
}

const isPosition = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 1;

function isWarning(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { hook, fix, path } = value;
  return (
    value['severity'] === 'warning' &&
    typeof value['code'] === 'string' &&
    typeof value['message'] === 'string' &&
    Array.isArray(path) &&
    path.every((part) => typeof part === 'string' || Number.isInteger(part)) &&
    isPosition(value['line']) &&
    isPosition(value['column']) &&
    (fix === undefined || typeof fix === 'string') &&
    (hook === undefined ||
      (isRecord(hook) &&
        typeof hook['event'] === 'string' &&
        isHookEvent(hook['event']) &&
        Number.isInteger(hook['index'])))
  );
}
