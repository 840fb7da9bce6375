import type { HookEvent } from './hook-events.ts';
import type { ImportedHookEntry, ImportedHooksChange } from './import-hook-entries.ts';

/**
 * Writes imported hook entries into setup.json (K6 with C8): the entries of an earlier import
 * whose names start with `namePrefix` are replaced by `entries`; nothing else in the file changes.
 * Under the file's lock, atomic, mode kept; a file that does not load is never written (its
 * `ConfigError` is thrown); a missing file is created. The writer loads only when called.
 */
export async function replaceImportedHooks(
  target: string,
  namePrefix: string,
  entries: Readonly<Partial<Record<HookEvent, readonly ImportedHookEntry[]>>>,
): Promise<ImportedHooksChange> {
  const { writeImportedHooks } = await import('./import-hook-entries.ts');
  return writeImportedHooks(target, namePrefix, entries);
}
