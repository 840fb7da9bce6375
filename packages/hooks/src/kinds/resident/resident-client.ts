// SPEC R12: what one engine keeps for its resident hooks: one process per hook entry for the
// engine's life (long-lived hosts), in one folder fixed at the first call.
import type { HookEntry } from '@cosh/config';
import { createResidentPool, type ResidentPool } from '@cosh/runner';
import type { KindClient, KindClientOptions } from '../kind-client.ts';

/** The resident kind's client: its pool (`null` in one-shot hosts) and the folder its processes run in. */
export interface ResidentClient extends KindClient {
  /** The engine's pool (long-lived hosts); `null`: each call is a one-call process (one-shot commands). */
  readonly pool: ResidentPool | null;
  /**
   * The folder resident processes run in: the engine's, else the host's at the first call (a
   * process serves calls of any cwd, and outlives the call it was started for).
   */
  folder(callCwd: string): string;
}

/** Opens the engine's resident client: a pool unless the host runs one call (`residentHooks: 'one-call'`). */
export function openResidentClient({ hookRunner, engine }: KindClientOptions): ResidentClient {
  const { shell, killGraceMs } = hookRunner.options;
  const pool = engine.residentHooks === 'one-call' ? null : createResidentPool({ shell, killGraceMs });
  // Fixed at the first call and kept: a call makes no more than it must (R12's calls cost
  // microseconds, and every allocation adds to them).
  let folder: string | undefined;
  return {
    pool,
    folder(callCwd) {
      folder ??= residentFolder(engine.cwd, callCwd);
      return folder;
    },
    async end(hook) {
      await pool?.end(residentKey(hook));
    },
    async close() {
      await pool?.close();
    },
  };
}

/** The folder resident processes run in (R12): the engine's, else the host's at the first call. */
function residentFolder(engineCwd: string | undefined, callCwd: string): string {
  if (engineCwd !== undefined) return engineCwd;
  try {
    return process.cwd();
  } catch {
    // The host's folder is gone: the call's (an R9 start failure follows if that is gone too).
    return callCwd;
  }
}

type KeyedEntry = Pick<HookEntry, 'event' | 'layer' | 'file' | 'index' | 'protocol' | 'command'>;

/**
 * Which process of a pool serves a hook entry: one per entry (its file, event, place, protocol and
 * command). Made once per entry object (entries do not change), not at every call.
 */
export function residentKey(hook: KeyedEntry): string {
  let key = residentKeys.get(hook);
  if (key === undefined) {
    key = JSON.stringify([hook.file, hook.layer, hook.event, hook.index, hook.protocol, hook.command]);
    residentKeys.set(hook, key);
  }
  return key;
}

const residentKeys = new WeakMap<KeyedEntry, string>();
