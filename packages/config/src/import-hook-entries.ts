// node:fs's `promises`, not node:fs/promises: it loads on first use, and `cosh hooks run` bundles
// this module but seldom writes (apps/cosh/test/e2e/start-up.test.ts).
import { promises as fsPromises } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import { withFileLock } from './file-lock.ts';
import { HOOK_EVENTS, type HookEvent } from './hook-events.ts';
import { parseConfig } from './parse-config.ts';
import { detectFormatting } from './detect-formatting.ts';
import { writeFileAtomically } from './write-file-atomically.ts';

/** One hook entry an import writes (`cosh hooks import`, K6). */
export interface ImportedHookEntry {
  readonly name: string;
  readonly protocol: 'claude';
  /** Verbatim; absent when the source had none. */
  readonly matcher?: string | undefined;
  /** F5, K6: Claude Code's `if` rule, verbatim; absent when the handler had none. */
  readonly if?: string | undefined;
  readonly command: string;
  readonly timeout: number;
}

/** What {@link replaceImportedHooks} did. */
export interface ImportedHooksChange {
  /** The file written (a link's target). */
  readonly file: string;
  readonly created: boolean;
  /** False when the file already read so: nothing was written. */
  readonly changed: boolean;
  /** Entries of an earlier import with the same name prefix that were replaced. */
  readonly removed: number;
  readonly added: number;
}

async function resolveTarget(file: string): Promise<string> {
  try {
    return await fsPromises.realpath(file);
  } catch {
    return file;
  }
}

/**
 * Writes imported hook entries into setup.json (K6 with C8): every entry whose name starts with
 * `namePrefix` (an earlier import of the same source) is removed, then `entries` are appended to
 * their events, in order. Only those entries change: comments, formatting, key order and other
 * keys stay. Read, change and rename happen under the file's lock; the write is atomic and keeps
 * the file's mode. A file that does not load (syntax or validation errors) is never written: its
 * `ConfigError` is thrown, as is one the change would make invalid. A missing file is created.
 *
 * @example
 * await replaceImportedHooks('~/.config/cosh/setup.json', 'claude:project:', {
 *   PreToolUse: [{ name: 'claude:project:PreToolUse[0].hooks[0]', protocol: 'claude', matcher: 'Bash',
 *     command: 'guard.sh', timeout: 600 }],
 *   PostToolUse: [],
 * });
 */
export async function writeImportedHooks(
  target: string,
  namePrefix: string,
  entries: Readonly<Partial<Record<HookEvent, readonly ImportedHookEntry[]>>>,
): Promise<ImportedHooksChange> {
  const file = await resolveTarget(resolve(target));
  await fsPromises.mkdir(dirname(file), { recursive: true });
  return withFileLock(file, async () => {
    let text: string | null = null;
    let mode: number | undefined;
    try {
      text = await fsPromises.readFile(file, 'utf8');
      mode = (await fsPromises.stat(file)).mode & 0o7777;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const created = text === null;
    const imported = importedHooksText(text, file, namePrefix, entries);
    const changed = created || imported.text !== text;
    if (changed) await writeFileAtomically(file, imported.text, { mode });
    return { file, created, changed, removed: imported.removed, added: imported.added };
  });
}

/** A setup.json text with imported entries replaced, and how many went and came. */
export interface ImportedHooksText {
  /** The new text; the old text itself when nothing changed. */
  readonly text: string;
  readonly removed: number;
  readonly added: number;
}

/**
 * The text of setup.json after an import (K6, C8), from its text now (`null`: no file yet, read as
 * `{}`): every entry whose name starts with `namePrefix` removed, then `entries` appended to their
 * events, in order, laid out as the file is; nothing else changes. The one edit both the file
 * (`writeImportedHooks`) and, after an import a person accepted at a terminal, its trusted copy
 * (SPEC S4) receive. Throws the `ConfigError` of a text that does not load, or of one the change
 * would make invalid. Pure.
 */
export function importedHooksText(
  text: string | null,
  file: string,
  namePrefix: string,
  entries: Readonly<Partial<Record<HookEvent, readonly ImportedHookEntry[]>>>,
): ImportedHooksText {
  let updated = text ?? '{}\n';
  const before = parseConfig(updated, file);
  if (!before.ok) throw before.error;
  const formattingOptions = detectFormatting(updated);

  let removed = 0;
  let added = 0;
  for (const event of HOOK_EVENTS) {
    const existing = before.config.hooks[event];
    // From the last, so the earlier indices stay right.
    for (let index = existing.length - 1; index >= 0; index -= 1) {
      if (!existing[index]?.name.startsWith(namePrefix)) continue;
      updated = applyEdits(updated, modify(updated, ['hooks', event, index], undefined, { formattingOptions }));
      removed += 1;
    }
    let length = existing.filter((entry) => !entry.name.startsWith(namePrefix)).length;
    for (const entry of entries[event] ?? []) {
      const value = {
        name: entry.name,
        protocol: entry.protocol,
        ...(entry.matcher === undefined ? {} : { matcher: entry.matcher }),
        ...(entry.if === undefined ? {} : { if: entry.if }),
        command: entry.command,
        timeout: entry.timeout,
      };
      const edits = modify(updated, ['hooks', event, length], value, { formattingOptions, isArrayInsertion: true });
      updated = applyEdits(updated, edits);
      length += 1;
      added += 1;
    }
  }
  const after = parseConfig(updated, file);
  if (!after.ok) throw after.error;
  if (text !== null && updated === text) return { text, removed, added };
  return { text: updated.endsWith('\n') ? updated : `${updated}\n`, removed, added };
}
