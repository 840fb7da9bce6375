import type { ConfigError } from './config-error.ts';
import type { HookEntry } from './config-types.ts';
import type { HookEvent } from './hook-events.ts';
import type { ConfigChange } from './write-config.ts';

// The writer (jsonc-parser's editor and formatter, node:crypto for the temporary file's name)
// is loaded on the first write only: reading setup.json, which every `cosh hooks run` does,
// never pays for it.
const loadWriter = (): Promise<typeof import('./write-config.ts')> => import('./write-config.ts');

/**
 * Turns all hooks of an event on or off through `hooksEnabled` (SPEC C7), changing only that
 * value (C8): comments, formatting, key order and other keys stay; the write is atomic and
 * keeps the file's mode. `hooksEnabled` is inserted when absent; enabling an event whose key is
 * absent changes nothing (a missing key means enabled). Disabling with no file creates one, and
 * its folder. A file that another writer replaced or created meanwhile is not overwritten: the
 * change is made again on its text. A file that does not parse or fails validation is never
 * written: its {@link ConfigError} is thrown.
 */
export async function setEventEnabled(file: string, event: HookEvent, enabled: boolean): Promise<ConfigChange> {
  const writer = await loadWriter();
  return writer.setEventEnabled(file, event, enabled);
}

/**
 * Turns one hook on or off through its `enabled` field (SPEC C5), with the guarantees of
 * {@link setEventEnabled}. `index` is the hook's position in the event's array
 * ({@link HookEntry.index}); a hook that does not exist is an `E_CONFIG_WRITE` error.
 */
export async function setHookEnabled(file: string, event: HookEvent, index: number, enabled: boolean): Promise<ConfigChange> {
  const writer = await loadWriter();
  return writer.setHookEnabled(file, event, index, enabled);
}
