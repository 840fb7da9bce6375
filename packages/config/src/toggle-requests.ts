import { changedError, writeError } from './config-error.ts';
import type { HookEntry, HooksConfig, JsonPath } from './config-types.ts';
import type { HookEvent } from './hook-events.ts';

// The two toggles as requests to the writer, defined once: `setEventEnabled`/`setHookEnabled`
// (config-toggles.ts) make them in setup.json, `applyToggleToSnapshot` (write-config.ts) in the
// trusted copy of it (SPEC S4). Nothing here loads the writer: reading setup.json stays cheap.

/**
 * A hook as a person saw it (a settings screen's row): its name and what it runs (a command,
 * or an HTTP hook's url). What a toggle must still find.
 */
export type HookIdentity = Pick<HookEntry, 'name' | 'command' | 'url'>;

/** One setting to change: what a toggle (config-toggles.ts) asks of the writer. */
export interface ToggleRequest {
  readonly path: JsonPath;
  readonly enabled: boolean;
  /** Throws `E_CONFIG_CHANGED` when the config is not the one the caller showed. */
  readonly check: (config: HooksConfig, file: string) => void;
  /** The setting's current value in a valid config; throws a ConfigError when it cannot have one. */
  readonly read: (config: HooksConfig, file: string) => boolean;
  /** The config as it must read after the change: the one value differs, nothing else. */
  readonly apply: (config: HooksConfig) => HooksConfig;
  readonly createWhenMissing: boolean;
  /** Whether the object holding the setting goes too when removing the setting empties it. */
  readonly dropEmptiedParent: boolean;
}

/** Whether two hooks are the same entry as a person saw it: name, command and url. */
export function sameHook(hook: HookIdentity, expected: HookIdentity): boolean {
  return hook.name === expected.name && hook.command === expected.command && hook.url === expected.url;
}

function sameHooks(hooks: readonly HookIdentity[], expected: readonly HookIdentity[]): boolean {
  return (
    hooks.length === expected.length && hooks.every((hook, index) => sameHook(hook, expected[index] as HookIdentity))
  );
}

/** `hooksEnabled.<event>` (SPEC C7, C8); `expectedHooks`: refuse when the event's hooks are not those. */
export function eventToggleRequest(
  event: HookEvent,
  enabled: boolean,
  expectedHooks: readonly HookIdentity[] | undefined,
): ToggleRequest {
  return {
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
  };
}

/** `hooks.<event>[index].enabled` (SPEC C5, C8); `expected`: refuse when that entry is another hook. */
export function hookToggleRequest(
  event: HookEvent,
  index: number,
  enabled: boolean,
  expected: HookIdentity | undefined,
): ToggleRequest {
  return {
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
  };
}
