// SPEC S5 per call: a process that serves many calls checks, before every call, that each script
// of the hooks about to run is still the one that was trusted. Loaded only by such hosts.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from 'node:fs';
import type { HookEntry } from '../config-types.ts';
import type { HookEvent } from '../hook-events.ts';
import { scriptChangedReason } from './decide-trust.ts';
import { loadSha256, type Sha256 } from './trust-hash.ts';

/** The scripts one loaded hook names, each with the hash it was trusted with (SPEC S2, S3). */
export interface TrustedHookScripts {
  readonly file: string;
  readonly event: HookEvent;
  readonly index: number;
  /** `sha256` is `null` for a path that was no regular file when trusted: one appearing there is a change. */
  readonly scripts: readonly { readonly path: string; readonly sha256: string | null }[];
}

/**
 * Checks one hook before a call: `null` when every script it names is as trusted, else the S5
 * reason (`hook '<name>': script <path> changed since it was trusted (run cosh hooks trust)`).
 */
export type ScriptCheck = (hook: HookEntry) => string | null;

/** What a script's `stat` said when it was last hashed: a change of any of these means a re-hash. */
interface Seen {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly sha256: string | null;
}

/**
 * The per-call script check of SPEC S5 for hooks loaded by `loadHooks` (its `trustedScripts`):
 * before each call the host asks it about each hook about to run; each script is `stat`ed
 * (symbolic links followed) and re-hashed only when its device, inode, size, mtime or ctime
 * changed since the last hash (ctime cannot be set back by the writer). A script that differs
 * from its trusted hash — rewritten, replaced, removed, or appearing where none was — makes the
 * hook a deny with the S5 reason. Hooks not listed (managed, `COSH_TRUST=all`, hooks naming no
 * script) pass. `undefined` when no hook names a script: nothing to check.
 *
 * @example
 * const loaded = await loadHooks();
 * const engine = createHookEngine(loaded.config, { scriptCheck: await createScriptCheck(loaded.trustedScripts) });
 */
export async function createScriptCheck(
  trustedScripts: readonly TrustedHookScripts[],
): Promise<ScriptCheck | undefined> {
  const listed = trustedScripts.filter((hook) => hook.scripts.length > 0);
  if (listed.length === 0) return undefined;
  const sha256 = await loadSha256();
  const byHook = new Map(listed.map((hook) => [hookKey(hook.file, hook.event, hook.index), hook.scripts]));
  const seen = new Map<string, Seen>();
  const currentHash = (path: string): string | null => {
    let stats: Stats;
    try {
      stats = statSync(path);
    } catch {
      seen.delete(path);
      return null;
    }
    const last = seen.get(path);
    if (last !== undefined && sameFile(last, stats)) return last.sha256;
    const hashed = hashRegularFile(path, sha256);
    seen.set(path, { ...hashed.stats, sha256: hashed.sha256 });
    return hashed.sha256;
  };
  return (hook) => {
    if (hook.file === null) return null;
    const scripts = byHook.get(hookKey(hook.file, hook.event, hook.index));
    if (scripts === undefined) return null;
    for (const script of scripts) {
      if (currentHash(script.path) !== script.sha256) return scriptChangedReason(hook.name, script.path);
    }
    return null;
  };
}

function hookKey(file: string, event: HookEvent, index: number): string {
  return `${event}\u0000${index}\u0000${file}`;
}

function sameFile(last: Seen, stats: Stats): boolean {
  return (
    last.dev === stats.dev &&
    last.ino === stats.ino &&
    last.size === stats.size &&
    last.mtimeMs === stats.mtimeMs &&
    last.ctimeMs === stats.ctimeMs
  );
}

/** The largest script hashed per call; a larger one counts as changed (it cannot be checked in bounded time). */
const MAX_CHECKED_SCRIPT_BYTES = 64 * 1024 * 1024;

/**
 * A regular file's hash and the `fstat` of what was hashed (so a change during the read shows at
 * the next check), or `null` for anything else: never a wait (`O_NONBLOCK`), never unbounded.
 */
function hashRegularFile(path: string, sha256: Sha256): { sha256: string | null; stats: Omit<Seen, 'sha256'> } {
  const none = { sha256: null, stats: { dev: -1, ino: -1, size: -1, mtimeMs: -1, ctimeMs: -1 } };
  let descriptor: number | undefined;
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
    const stats = fstatSync(descriptor);
    if (!stats.isFile() || stats.size > MAX_CHECKED_SCRIPT_BYTES) return none;
    const buffer = Buffer.allocUnsafe(stats.size);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    const { dev, ino, size, mtimeMs, ctimeMs } = stats;
    return { sha256: sha256(buffer.subarray(0, length)), stats: { dev, ino, size, mtimeMs, ctimeMs } };
  } catch {
    return none;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}
