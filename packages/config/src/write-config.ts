import { constants } from 'node:fs';
import { access, lstat, mkdir, readFile, readlink, realpath, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { applyEdits, type Edit, type FormattingOptions, modify } from 'jsonc-parser';
import { ConfigError } from './config-error.ts';
import type { HooksConfig, JsonPath } from './config-types.ts';
import { formatJsonPath } from './format-problem.ts';
import type { HookEvent } from './hook-events.ts';
import { type InsertedValue, propertyInsertionEdits } from './insert-property.ts';
import { fileError } from './load-config.ts';
import { parseConfig } from './parse-config.ts';
import { parseJsonc } from './parse-jsonc.ts';
import { writeFileAtomically } from './write-file-atomically.ts';

/** What a toggle did. */
export interface ConfigChange {
  /** The file written or inspected: the target of a symbolic link, not the link. */
  readonly file: string;
  /** False when the setting already had the wanted value (nothing was written). */
  readonly changed: boolean;
  /** True when the file did not exist and was created. */
  readonly created: boolean;
  /** The value before the change. */
  readonly previous: boolean;
}

// The two toggles behind the package's entry points of the same names (config-toggles.ts, which
// loads this module on the first write and documents what they guarantee).

/** `hooksEnabled.<event>` (SPEC C7, C8); see config-toggles.ts. */
export async function setEventEnabled(file: string, event: HookEvent, enabled: boolean): Promise<ConfigChange> {
  return changeToggle(file, {
    path: ['hooksEnabled', event],
    enabled,
    read: (config) => config.hooksEnabled[event],
    apply: (config) => ({ ...config, hooksEnabled: { ...config.hooksEnabled, [event]: enabled } }),
    createWhenMissing: true,
  });
}

/** `hooks.<event>[index].enabled` (SPEC C5, C8); see config-toggles.ts. */
export async function setHookEnabled(
  file: string,
  event: HookEvent,
  index: number,
  enabled: boolean,
): Promise<ConfigChange> {
  return changeToggle(file, {
    path: ['hooks', event, index, 'enabled'],
    enabled,
    read: (config, target) => {
      const hook = config.hooks[event][index];
      if (hook !== undefined) return hook.enabled;
      const count = config.hooks[event].length;
      throw writeError(
        target,
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
  });
}

interface ToggleRequest {
  readonly path: JsonPath;
  readonly enabled: boolean;
  /** The setting's current value in a valid config; throws a ConfigError when it cannot have one. */
  readonly read: (config: HooksConfig, file: string) => boolean;
  /** The config as it must read after the change: the one value differs, nothing else. */
  readonly apply: (config: HooksConfig) => HooksConfig;
  readonly createWhenMissing: boolean;
}

// Another writer (the settings screen, a second `cosh hooks disable`) may replace the file
// between our read and our rename; the change is then redone on its text, a few times at most.
const maximumAttempts = 5;

// Changes to one file from this process are applied one after the other, so two toggles made at
// once (two settings flipped quickly) both land; other processes are caught by the re-read just
// before the rename.
const pendingChanges = new Map<string, Promise<unknown>>();

async function changeToggle(file: string, request: ToggleRequest): Promise<ConfigChange> {
  const target = await resolveLinkTarget(resolve(file));
  const previous = pendingChanges.get(target) ?? Promise.resolve();
  const change = previous.then(
    () => applyToggle(target, request),
    () => applyToggle(target, request),
  );
  const settled = change.catch(() => undefined);
  pendingChanges.set(target, settled);
  void settled.then(() => {
    if (pendingChanges.get(target) === settled) pendingChanges.delete(target);
  });
  return change;
}

async function applyToggle(target: string, request: ToggleRequest): Promise<ConfigChange> {
  for (let attempt = 1; ; attempt += 1) {
    const change = await attemptToggle(target, request);
    if (change !== undefined) return change;
    if (attempt >= maximumAttempts) {
      throw writeError(target, request.path, 'the file kept changing while it was being written; try again');
    }
  }
}

/** One try; undefined when another writer replaced (or created) the file between our read and our rename. */
async function attemptToggle(target: string, request: ToggleRequest): Promise<ConfigChange | undefined> {
  const original = await readExisting(target);
  if (original === undefined) return createFile(target, request);

  const parsed = parseConfig(original.text, target);
  if (!parsed.ok) throw parsed.error;
  const previous = request.read(parsed.config, target);
  if (previous === request.enabled) return { file: target, changed: false, created: false, previous };

  const byteOrderMark = original.text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = original.text.slice(byteOrderMark.length);
  const updated = byteOrderMark + applyEdits(body, editsFor(body, request.path, request.enabled));
  verify(updated, target, request, parsed.config);

  let written: boolean;
  try {
    written = await writeFileAtomically(target, updated, {
      mode: original.mode,
      owner: original.owner,
      unchangedSince: original.text,
    });
  } catch (error) {
    throw writeError(target, request.path, `cannot write the config file: ${(error as Error).message}`, error);
  }
  return written ? { file: target, changed: true, created: false, previous } : undefined;
}

/** A replaced value is a literal swap; an inserted one is laid out like the file around it. */
function editsFor(text: string, path: JsonPath, value: boolean): Edit[] {
  const parsed = parseJsonc(text);
  if (!parsed.ok) return [];
  // jsonc-parser's modify() edits the first of duplicate keys, but the last one is the one that
  // counts, so an existing value is replaced where the source map (last duplicate) finds it.
  const existing = parsed.sourceMap.valueNode(path);
  if (existing !== undefined) {
    return [{ offset: existing.offset, length: existing.length, content: JSON.stringify(value) }];
  }
  // Insert into the deepest object on the path that exists, creating what is missing below it
  // (`hooksEnabled` itself when the file has none).
  let depth = path.length - 1;
  while (depth > 0 && parsed.sourceMap.valueNode(path.slice(0, depth)) === undefined) depth -= 1;
  const container = parsed.sourceMap.valueNode(path.slice(0, depth));
  const key = path[depth];
  const formatting = detectFormatting(text);
  const rest = path.slice(depth + 1);
  const inserted: InsertedValue | undefined =
    rest.length === 0 ? value : rest.length === 1 ? { [String(rest[0])]: value } : undefined;
  if (container !== undefined && typeof key === 'string' && inserted !== undefined) {
    const edits = propertyInsertionEdits(text, container, key, inserted, formatting);
    if (edits !== undefined) return edits;
  }
  return modify(text, [...path], value, { formattingOptions: formatting });
}

/** The file's own indentation (spaces or tabs, and how many) and line ending. */
export function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let smallest: number | undefined;
  for (const line of text.split(/\r?\n/)) {
    // Lines that start a key or close a container show the indentation; comment lines may not.
    const indentation = /^([ \t]+)["}\]]/.exec(line)?.[1];
    if (indentation === undefined) continue;
    if (indentation.startsWith('\t')) return { insertSpaces: false, tabSize: 4, eol };
    smallest = Math.min(smallest ?? indentation.length, indentation.length);
  }
  return { insertSpaces: true, tabSize: smallest ?? 2, eol };
}

/**
 * The edited text must parse, validate, and differ from the old config in exactly the one
 * value; otherwise (a duplicated parent key took the edit, say) nothing is written.
 */
function verify(updated: string, file: string, request: ToggleRequest, before: HooksConfig): void {
  const after = parseConfig(updated, file);
  const problem = (): ConfigError =>
    writeError(
      file,
      request.path,
      `could not set ${formatJsonPath(request.path)} without changing anything else; is a key on its path written twice? Edit the file by hand`,
    );
  if (!after.ok || request.read(after.config, file) !== request.enabled) throw problem();
  const expected = request.apply(before);
  if (JSON.stringify(after.config) !== JSON.stringify(expected)) throw problem();
}

interface ExistingFile {
  readonly text: string;
  readonly mode: number;
  readonly owner: { uid: number; gid: number };
}

async function readExisting(file: string): Promise<ExistingFile | undefined> {
  try {
    const [text, stats] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    // The rename would succeed on a read-only file (only the folder must be writable), but a
    // file someone made read-only is not ours to replace.
    await access(file, constants.W_OK).catch((error: unknown) => {
      throw writeError(file, [], 'the config file is read-only: make it writable to change it', error);
    });
    return { text, mode: stats.mode & 0o7777, owner: { uid: stats.uid, gid: stats.gid } };
  } catch (error) {
    if (ConfigError.isInstance(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    const reason = code === 'EISDIR' ? 'this is a directory, not a config file' : `cannot read the config file: ${(error as Error).message}`;
    throw fileError('E_CONFIG_READ', file, 'read', reason, error);
  }
}

/** Undefined when another writer created the file meanwhile (its text is then edited instead). */
async function createFile(file: string, request: ToggleRequest): Promise<ConfigChange | undefined> {
  // A missing key means enabled, so enabling needs no file at all.
  if (request.enabled) return { file, changed: false, created: false, previous: true };
  if (!request.createWhenMissing) {
    throw fileError('E_CONFIG_NOT_FOUND', file, 'not_found', `config file not found: there is no ${formatJsonPath(request.path.slice(0, -1))} to change`);
  }
  const text = applyEdits('{}', modify('{}', [...request.path], false, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } }));
  let written: boolean;
  try {
    await mkdir(dirname(file), { recursive: true });
    written = await writeFileAtomically(file, `${text}\n`, { unchangedSince: null });
  } catch (error) {
    throw writeError(file, [], `cannot create the config file: ${(error as Error).message}`, error);
  }
  return written ? { file, changed: true, created: true, previous: true } : undefined;
}

/** Follows symbolic links (even a dangling one) so that the link stays a link after the rename. */
async function resolveLinkTarget(file: string, depth = 0): Promise<string> {
  try {
    return await realpath(file);
  } catch {
    if (depth > 32) return file;
    try {
      if (!(await lstat(file)).isSymbolicLink()) return file;
      return await resolveLinkTarget(resolve(dirname(file), await readlink(file)), depth + 1);
    } catch {
      return file;
    }
  }
}

function writeError(file: string, path: JsonPath, message: string, cause?: unknown): ConfigError {
  return new ConfigError(
    'E_CONFIG_WRITE',
    file,
    [{ severity: 'error', code: 'write', message, path, line: 1, column: 1 }],
    { cause },
  );
}
