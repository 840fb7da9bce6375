import { type ConfigError, changedError, writeError } from './config-error.ts';
import type { HookEntry } from './config-types.ts';
import type { FileLockOptions } from './file-lock.ts';
import type { HookEvent } from './hook-events.ts';
import type {
  ConfigChange,
  EventToggleOptions,
  HookIdentity,
  HookToggleOptions,
  ToggleRequest,
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

function sameHook(hook: HookIdentity, expected: HookIdentity): boolean {
  return hook.name === expected.name && hook.command === expected.command && hook.url === expected.url;
}

function sameHooks(hooks: readonly HookIdentity[], expected: readonly HookIdentity[]): boolean {
  return (
    hooks.length === expected.length && hooks.every((hook, index) => sameHook(hook, expected[index] as HookIdentity))
  );
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
  const { expectedHooks } = options;
  return changeToggle(target, options.lock, {
    path: ['hooksEnabled', event],
    enabled,
    check: (config, file) => {
      if (expectedHooks === undefined || sameHooks(config.hooks[event], expectedHooks)) return;
      throw changedError(file, ['hooks', event], `the ${event} hooks are not the ones shown any more`);
    },
    read: (config) => config.hooksEnabled[event],
    apply: (config) => ({ ...config, hooksEnabled: { ...config.hooksEnabled, [event]: enabled } }),
    createWhenMissing: true,
    // `"hooksEnabled": {}` says nothing: when its last key goes, it goes too.
    dropEmptiedParent: true,
  });
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
  const { expected } = options;
  return changeToggle(target, options.lock, {
    path: ['hooks', event, index, 'enabled'],
    enabled,
    check: (config, file) => {
      const hook = config.hooks[event][index];
      if (expected === undefined || (hook !== undefined && sameHook(hook, expected))) return;
      const now = hook === undefined ? 'there is none now' : `it is ${JSON.stringify(hook.name)} now`;
      throw changedError(
        file,
        ['hooks', event, index],
        `hooks.${event}[${index}] is not the hook ${JSON.stringify(expected.name)} any more (${now})`,
      );
    },
    read: (config, file) => {
      const hook = config.hooks[event][index];
      if (hook !== undefined) return hook.enabled;
      const count = config.hooks[event].length;
      throw writeError(
        file,
        ['hooks', event, index],
        `there is no hook hooks.${event}[${index}] to ${enabled ? 'enable' : 'disable'} (the file has ${count} ${event} ${count === 1 ? 'hook' : 'hooks'})`,
      );
    },
    apply: (config) => ({
      ...config,
      hooks: {
        ...config.hooks,
        [event]: config.hooks[event].map((hook) => (hook.index === index ? { ...hook, enabled } : hook)),
      },
    }),
    createWhenMissing: false,
    dropEmptiedParent: false,
  });
}
