import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { SandboxSettings } from './config-types.ts';
import type { LayerInput } from './merge-layers.ts';

/** No file sets `sandbox`: the defaults of SPEC B4, B5. */
export const DEFAULT_SANDBOX_SETTINGS: SandboxSettings = Object.freeze({
  mode: 'auto',
  writable: Object.freeze([]),
  network: true,
  unixSockets: false,
});

/**
 * SPEC B5: the sandbox settings in force, from the loaded managed and user files, field by
 * field, the managed file's value winning. A project file never counts (setting it there is a
 * C6 error), nor a file not loaded for want of trust (S5), whose settings count for nothing.
 * `writable` paths become absolute: `~/` is `home`, a relative path is relative to its file's folder.
 */
export function resolveSandboxSettings(layers: readonly LayerInput[], home: string): SandboxSettings {
  const written = (layer: LayerInput['layer']) =>
    layers.find((input) => input.layer === layer && input.loaded && input.settings.sandbox !== null);
  const managed = written('managed');
  const user = written('user');
  const pick = <Key extends keyof SandboxSettings>(
    key: Key,
  ): { value: SandboxSettings[Key]; file: string } | undefined => {
    for (const input of [managed, user]) {
      const value = input?.settings.sandbox?.[key];
      if (input !== undefined && value !== undefined) return { value: value as SandboxSettings[Key], file: input.file };
    }
    return undefined;
  };
  const writable = pick('writable');
  return Object.freeze({
    mode: pick('mode')?.value ?? DEFAULT_SANDBOX_SETTINGS.mode,
    writable: Object.freeze(
      writable === undefined ? [] : writable.value.map((path) => expandPath(path, home, dirname(writable.file))),
    ),
    network: pick('network')?.value ?? DEFAULT_SANDBOX_SETTINGS.network,
    unixSockets: pick('unixSockets')?.value ?? DEFAULT_SANDBOX_SETTINGS.unixSockets,
  });
}

function expandPath(path: string, home: string, folder: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return join(home, path.slice(2));
  return isAbsolute(path) ? path : resolve(folder, path);
}
