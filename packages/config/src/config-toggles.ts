import type { ConfigError } from './config-error.ts';
import type { HookEntry } from './config-types.ts';
import type { FileLockOptions } from './file-lock.ts';
import type { HookEvent } from './hook-events.ts';
import { eventToggleRequest, hookToggleRequest, type ToggleRequest } from './toggle-requests.ts';
import type { TrustCandidate } from './trust/trust-store.ts';
import type {
  ConfigChange,
  EventToggleOptions,
  HookToggleOptions,
  SnapshotToggle,
  ToggleTarget,
} from './write-config.ts';

// The writer (jsonc-parser's editor and formatter, the lock, the atomic write) is loaded on the
// first write only: reading setup.json, which every `cosh hooks run` does, never pays for it.
async function changeToggle(
  target: ToggleTarget,
  lockOptions: FileLockOptions | undefined,
  request: ToggleRequest,
): Promise<ConfigChange> {
  const writer = await import('./write-config.ts');
  return writer.changeToggle(target, lockOptions, request);
}

/**
 * Turns all hooks of an event on or off through `hooksEnabled` (SPEC C7), changing only that
 * value (C8): comments, formatting, key order and other keys stay; the write is atomic and
 * keeps the file's mode. Turning an event off sets `false` (inserting `hooksEnabled` when
 * absent); turning it on removes the key, since a missing key means enabled, and an
 * `hooksEnabled` left empty (no key, no comment) goes too. A file that does not exist is
 * created (with its folder) by a change that needs one, unless `target` says the user named it
 * (SPEC C1): then its absence is the `E_CONFIG_NOT_FOUND` error loading gives.
 *
 * Read, change and rename happen under a lock (a `.setup.json.lock` file beside it, taken
 * with O_EXCL; stale once its process is gone, or after 30 s), so writers in other processes
 * never lose each other's changes, and the result describes a change that is in the file. A
 * writer that takes no lock (an editor) and replaces the file meanwhile is not overwritten:
 * the change is made again on its text. A lock one holder keeps for 15 s is an
 * `E_CONFIG_WRITE` error naming the lock file (a lock changing hands is waited for). A file that does not parse or fails validation
 * is never written: its {@link ConfigError} is thrown. With
 * {@link EventToggleOptions.expectedHooks}, a file whose hooks of that event are not those
 * shown is refused with `E_CONFIG_CHANGED`.
 */
export function setEventEnabled(
  target: ToggleTarget,
  event: HookEvent,
  enabled: boolean,
  options: EventToggleOptions = {},
): Promise<ConfigChange> {
  return changeToggle(target, options.lock, eventToggleRequest(event, enabled, options.expectedHooks));
}

/**
 * Turns one hook on or off through its `enabled` field (SPEC C5), with the guarantees of
 * {@link setEventEnabled}: off writes `"enabled": false`, on removes the field. `index` is the
 * hook's position in the event's array ({@link HookEntry.index}); a hook that does not exist is
 * an `E_CONFIG_WRITE` error, and a missing file is never created. With
 * {@link HookToggleOptions.expected}, an entry at `index` with another name, command or url
 * is refused with `E_CONFIG_CHANGED`, nothing written.
 */
export function setHookEnabled(
  target: ToggleTarget,
  event: HookEvent,
  index: number,
  enabled: boolean,
  options: HookToggleOptions = {},
): Promise<ConfigChange> {
  return changeToggle(target, options.lock, hookToggleRequest(event, index, enabled, options.expected));
}

/**
 * SPEC S4: applies a change made at a terminal (`hooks enable|disable`, the settings screen, an
 * import the person accepted) to the trusted copy of `file` in the trust store `storeFile` as
 * well (the old copy plus the change): a file with no other change stays trusted, an unrelated
 * edit stays untrusted. A file the change `created` (an event toggle, an import) is trusted as
 * created; an import also trusts the scripts its commands name that the record lacks. Under the
 * store's lock. Never call it for a change made without a controlling terminal: that change must
 * stay untrusted. Returns whether the copy changed.
 */
export async function applyToggleToSnapshot(
  storeFile: string,
  file: string,
  toggle: SnapshotToggle,
  options?: { readonly created?: boolean | undefined },
): Promise<boolean> {
  const writer = await import('./write-config.ts');
  return writer.applyToggleToSnapshot(storeFile, file, toggle, options);
}

/**
 * Records files as trusted as they are now (SPEC S3, S4), each from its `candidate` (see
 * `readConfigLayers`); a file that is gone loses its record. Under the trust store's lock, with
 * the store re-read there, so two processes trusting at once lose no record. Only for a person's
 * decision at a controlling terminal.
 */
export async function recordTrust(storeFile: string, candidates: readonly TrustCandidate[]): Promise<void> {
  const { recordTrust: record } = await import('./trust/record-trust.ts');
  await record(storeFile, candidates);
}
