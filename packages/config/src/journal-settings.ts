import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { JournalSettings } from './config-types.ts';
import type { LayerInput } from './merge-layers.ts';

/** No file sets `journal`: no journal, no export (SPEC J1). */
export const DEFAULT_JOURNAL_SETTINGS: JournalSettings = Object.freeze({ file: null, otlp: null });

/**
 * SPEC J1: the journal in force, from the loaded managed and user files, field by field, the
 * managed file's value winning. A project file never counts (setting it there is a C6 error),
 * nor a file not loaded for want of trust (S5). `file` becomes absolute: `~/` is `home`, a
 * relative path is relative to its setup.json's folder.
 */
export function resolveJournalSettings(layers: readonly LayerInput[], home: string): JournalSettings {
  const written = (layer: LayerInput['layer']) =>
    layers.find((input) => input.layer === layer && input.loaded && input.settings.journal !== null);
  const candidates = [written('managed'), written('user')];
  const pick = (key: 'file' | 'otlp'): { value: string; file: string } | undefined => {
    for (const input of candidates) {
      const value = input?.settings.journal?.[key];
      if (input !== undefined && value !== undefined) return { value, file: input.file };
    }
    return undefined;
  };
  const file = pick('file');
  return Object.freeze({
    file: file === undefined ? null : expandPath(file.value, home, dirname(file.file)),
    otlp: pick('otlp')?.value ?? null,
  });
}

function expandPath(path: string, home: string, folder: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return join(home, path.slice(2));
  return isAbsolute(path) ? path : resolve(folder, path);
}
