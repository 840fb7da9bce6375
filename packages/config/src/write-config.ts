// node:fs's `promises`, not node:fs/promises: it loads on first use, and `cosh hooks run` bundles
// this module but seldom writes (apps/cosh/test/e2e/start-up.test.ts).
import { constants, promises as fsPromises } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { applyEdits, type Edit, modify, type Node } from 'jsonc-parser';
import { ConfigError, configNotFoundError, fileError, writeError } from './config-error.ts';
import type { HooksConfig, JsonPath } from './config-types.ts';
import { type FileLockOptions, type HeldLock, LockTimeoutError, withFileLock } from './file-lock.ts';
import { detectFormatting } from './detect-formatting.ts';
import { formatJsonPath } from './format-problem.ts';
import { type InsertedValue, propertyInsertionEdits } from './insert-property.ts';
import { emptyConfig, parseConfig } from './parse-config.ts';
import { parseJsonc } from './parse-jsonc.ts';
import { readBoundedConfigFile } from './read-config-file.ts';
import { propertyRemovalEdits } from './remove-property.ts';
import { HOOK_EVENTS, type HookEvent } from './hook-events.ts';
import { type ImportedHookEntry, importedHooksText } from './import-hook-entries.ts';
import type { ResolvedConfigPath } from './resolve-config-path.ts';
import type { SourceMap } from './source-map.ts';
import {
  eventToggleRequest,
  type HookIdentity,
  hookToggleRequest,
  sameHook,
  type ToggleRequest,
} from './toggle-requests.ts';
import { commandScriptPaths } from './trust/script-words.ts';
import { fingerprintOf, loadSha256, readScripts, type Sha256 } from './trust/trust-hash.ts';
import type { TrustedScript } from './trust/trust-store.ts';
import { updateTrustStore } from './trust/trust-store-write.ts';
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

/**
 * The file to change: a path, or where {@link resolveConfigPath} found it. A missing file is
 * created by a change that needs one, except a file the user named (`required`: `--config`,
 * `COSH_CONFIG`), whose absence is the error loading it gives (SPEC C1).
 */
export type ToggleTarget = string | Pick<ResolvedConfigPath, 'file' | 'required' | 'source'>;

/** Options of `setEventEnabled`. */
export interface EventToggleOptions {
  /**
   * The event's hooks as shown to the person toggling, in file order: when the file now holds
   * others, the change is refused with `E_CONFIG_CHANGED` (switching an event switches all of
   * its hooks, so none may be one the person has not seen).
   */
  readonly expectedHooks?: readonly HookIdentity[] | undefined;
  /** @internal Test hooks for the lock's wait and staleness. */
  readonly lock?: FileLockOptions | undefined;
}

/** Options of `setHookEnabled`. */
export interface HookToggleOptions {
  /**
   * The hook as shown to the person toggling: when the entry at that index has another name,
   * command or url now (another editor inserted, removed or rewrote hooks), the change is refused with
   * `E_CONFIG_CHANGED` rather than made to a hook nobody chose.
   */
  readonly expected?: HookIdentity | undefined;
  /** @internal Test hooks for the lock's wait and staleness. */
  readonly lock?: FileLockOptions | undefined;
}

/**
 * A change a person made at a terminal, to apply to the trusted copy of the file too (SPEC S4):
 * an event's switch, or one hook's, the hook named by what the person saw (its identity, and
 * which of identical entries it is) since the copy may hold it at another place; or an import
 * the person accepted (`cosh hooks import`, K6), the same replacement of entries the file got.
 */
export type SnapshotToggle =
  | { readonly kind: 'event'; readonly event: HookEvent; readonly enabled: boolean }
  | {
      readonly kind: 'hook';
      readonly event: HookEvent;
      readonly hook: HookIdentity;
      /** Which of the entries with this identity (0 for the first), in file order. */
      readonly copy: number;
      readonly enabled: boolean;
    }
  | {
      readonly kind: 'import';
      /** The entries of an earlier import of the same source, replaced (`replaceImportedHooks`). */
      readonly namePrefix: string;
      readonly entries: Readonly<Partial<Record<HookEvent, readonly ImportedHookEntry[]>>>;
      /** What `~/` and `$HOME/` in the imported commands stand for (SPEC S2): the loader's home. */
      readonly home: string;
      /**
       * What `$CLAUDE_PROJECT_DIR/` in the imported (Claude) commands stands for (SPEC S2, K4):
       * `claudeProjectDir`'s folder where the file will be loaded. Without it, such a script is
       * not recorded and its hook counts as changed until trusted.
       */
      readonly claudeProjectDir?: string | undefined;
    };

/**
 * SPEC S4: applies a change made at a terminal to the trusted copy of `file` in the trust store
 * (the old copy plus the change), so the file, if nothing else changed in it, is trusted as
 * changed, while an unrelated edit stays untrusted. A file `created` by an event toggle or an
 * import is trusted as created. Nothing happens to a file that was never trusted, or whose copy
 * lacks the hook or already says so. An import also trusts, as they are now, the scripts its
 * commands name (SPEC S2) that the record does not hold: the person accepted those commands; a
 * script the record holds keeps its trusted hash, so a change to it stays untrusted. Under the
 * store's lock, re-read there (C8). Returns whether the copy changed.
 */
export async function applyToggleToSnapshot(
  storeFile: string,
  file: string,
  toggle: SnapshotToggle,
  options: { readonly created?: boolean | undefined } = {},
): Promise<boolean> {
  // Nothing was ever trusted and the change created no file: there is no copy to change, and no
  // reason to create the store's folder (or take its lock) for a person who never used trust.
  const createsRecord = options.created === true && toggle.kind !== 'hook';
  if (!createsRecord && !(await exists(storeFile))) return false;
  const sha256 = await loadSha256();
  let changed = false;
  await updateTrustStore(storeFile, (records) => {
    const record = records.get(file);
    let snapshot: string | undefined;
    if (record === undefined) {
      if (!createsRecord) return;
      snapshot = createdSnapshot(file, toggle);
    } else {
      snapshot = toggledSnapshot(record.snapshot, file, toggle);
    }
    if (snapshot === undefined) return;
    const scripts =
      toggle.kind === 'import'
        ? withImportedScripts(record?.scripts ?? [], file, toggle, sha256)
        : (record?.scripts ?? []);
    const snapshotSha256 = sha256(Buffer.from(snapshot, 'utf8'));
    records.set(file, {
      path: file,
      fingerprint: fingerprintOf(sha256, snapshotSha256, scripts),
      sha256: snapshotSha256,
      snapshot,
      scripts,
      trustedAt: new Date().toISOString(),
    });
    changed = true;
  });
  return changed;
}

/** The text of a file the change created, as the writer created it; undefined for a hook's toggle. */
function createdSnapshot(file: string, toggle: SnapshotToggle): string | undefined {
  if (toggle.kind === 'event') return createdText(['hooksEnabled', toggle.event], toggle.enabled);
  if (toggle.kind === 'import') return importedHooksText(null, file, toggle.namePrefix, toggle.entries).text;
  return undefined;
}

/** The trusted copy with the change made, or undefined when it cannot or need not change. */
function toggledSnapshot(snapshot: string, file: string, toggle: SnapshotToggle): string | undefined {
  if (toggle.kind === 'import') {
    try {
      const imported = importedHooksText(snapshot, file, toggle.namePrefix, toggle.entries);
      return imported.text === snapshot ? undefined : imported.text;
    } catch {
      // A copy that does not load (or could not hold the entries) is left as it is, as for toggles.
      return undefined;
    }
  }
  const parsed = parseConfig(snapshot, file);
  if (!parsed.ok) return undefined;
  let request: ToggleRequest;
  if (toggle.kind === 'event') {
    request = eventToggleRequest(toggle.event, toggle.enabled, undefined);
  } else {
    const index = parsed.config.hooks[toggle.event].filter((hook) => sameHook(hook, toggle.hook))[toggle.copy]?.index;
    if (index === undefined) return undefined;
    request = hookToggleRequest(toggle.event, index, toggle.enabled, undefined);
  }
  if (request.read(parsed.config, file) === toggle.enabled) return undefined;
  try {
    return editedText(snapshot, file, request, parsed.config);
  } catch {
    return undefined;
  }
}

/**
 * The record's scripts plus each existing regular file an imported command names (SPEC S2) that
 * the record does not hold, hashed now. Hashes the record holds stay as they are.
 */
function withImportedScripts(
  scripts: readonly TrustedScript[],
  file: string,
  toggle: Extract<SnapshotToggle, { kind: 'import' }>,
  sha256: Sha256,
): readonly TrustedScript[] {
  // Imported entries are Claude hooks (K6): their commands have CLAUDE_PROJECT_DIR (K4).
  const places = { home: toggle.home, configDir: dirname(file), claudeProjectDir: toggle.claudeProjectDir };
  const named = HOOK_EVENTS.flatMap((event) =>
    (toggle.entries[event] ?? []).flatMap((entry) => commandScriptPaths(entry.command, places)),
  ).filter((path) => !scripts.some((script) => script.path === path));
  const added: TrustedScript[] = [];
  for (const [path, read] of readScripts(named, sha256)) {
    if (read === null) continue;
    added.push(read.text === null ? { path, sha256: read.sha256 } : { path, sha256: read.sha256, text: read.text });
  }
  return [...scripts, ...added];
}

/** The text of a file created by setting one value: `{"hooksEnabled": {"PreToolUse": false}}`. */
function createdText(path: JsonPath, value: boolean): string {
  const formatting = { insertSpaces: true, tabSize: 2, eol: '\n' };
  return `${applyEdits('{}', modify('{}', [...path], value, { formattingOptions: formatting }))}\n`;
}

/** Where to write, once links are followed. */
interface WriteLocation {
  /** The file as named, for the not-found error (it names what the user typed). */
  readonly named: Pick<ResolvedConfigPath, 'file' | 'source'>;
  /** The file written: a symbolic link's target, so the link stays a link. */
  readonly file: string;
  readonly required: boolean;
}

// A writer that takes no lock (an editor, an older cosh) may still replace the file between our
// read and our rename; the change is then redone on its text, a few times at most.
const maximumAttempts = 5;

// Changes to one file from this process are applied one after the other, so two toggles made at
// once (two settings flipped quickly) both land without polling each other's lock.
const pendingChanges = new Map<string, Promise<unknown>>();

/**
 * Makes one toggle's change (C8), one change per file at a time in this process, under the file's
 * lock across processes: the write path of `setEventEnabled` and `setHookEnabled`.
 */
export async function changeToggle(
  target: ToggleTarget,
  lockOptions: FileLockOptions | undefined,
  request: ToggleRequest,
): Promise<ConfigChange> {
  const named =
    typeof target === 'string' ? { file: resolve(target), required: false, source: 'option' as const } : target;
  const location: WriteLocation = {
    named,
    file: await resolveLinkTarget(resolve(named.file)),
    required: named.required,
  };
  const previous = pendingChanges.get(location.file) ?? Promise.resolve();
  const change = previous.then(
    () => applyToggle(location, request, lockOptions),
    () => applyToggle(location, request, lockOptions),
  );
  const settled = change.catch(() => undefined);
  pendingChanges.set(location.file, settled);
  void settled.then(() => {
    if (pendingChanges.get(location.file) === settled) pendingChanges.delete(location.file);
  });
  return change;
}

/**
 * SPEC C8: read, change and rename happen under the file's lock, so two writers never both
 * change the text they read (the later one's rename would drop the earlier one's change).
 */
async function applyToggle(
  location: WriteLocation,
  request: ToggleRequest,
  lockOptions: FileLockOptions | undefined,
): Promise<ConfigChange> {
  // What needs no write (the value is already so, a broken file, a changed one) is answered
  // without taking the lock. The plan (parse, edit, validate: the costly part) is made before
  // the lock too; under it, the file is read again and the plan kept only if the file is
  // unchanged, so each writer holds the lock for a read and a rename, not a parse.
  let plan = planToggle(location, request, await readExisting(location.file));
  if (plan.kind === 'done') return plan.change;
  if (plan.existing === undefined) await makeFolder(location.file);
  for (let attempt = 1; ; attempt += 1) {
    const change = await withConfigLock(location.file, request.path, lockOptions, async (lock) => {
      const existing = await readExisting(location.file);
      if (plan.kind === 'done' || !sameFile(existing, plan.existing)) plan = planToggle(location, request, existing);
      if (plan.kind === 'done') return plan.change;
      return commit(location, request, plan, lock);
    });
    if (change !== undefined) return change;
    if (attempt >= maximumAttempts) {
      throw writeError(location.file, request.path, 'the file kept changing while it was being written; try again');
    }
  }
}

/** Writes a planned change under the lock; undefined when it must be made again (see inside). */
async function commit(
  location: WriteLocation,
  request: ToggleRequest,
  plan: WritePlan,
  lock: HeldLock,
): Promise<ConfigChange | undefined> {
  // Another writer took our lock as stale (we were stopped for half a minute) and may be
  // changing the file now: start over rather than rename over its work.
  if (!(await lock.stillHeld())) return undefined;
  const { existing } = plan;
  let written: boolean;
  try {
    written = await writeFileAtomically(
      location.file,
      plan.text,
      existing === undefined
        ? { unchangedSince: null }
        : { mode: existing.mode, owner: existing.owner, unchangedSince: existing.text },
    );
  } catch (error) {
    const verb = existing === undefined ? 'create' : 'write';
    throw writeError(
      location.file,
      existing === undefined ? [] : request.path,
      `cannot ${verb} the config file: ${(error as Error).message}`,
      error,
    );
  }
  // False: a writer that takes no lock (an editor) replaced the file since we read it; the
  // change is made again on its text.
  return written ? plan.change : undefined;
}

interface WritePlan {
  readonly kind: 'write';
  readonly change: ConfigChange;
  readonly text: string;
  /** The file the text was made from; undefined when it is to be created. */
  readonly existing: ExistingFile | undefined;
}

type TogglePlan = { readonly kind: 'done'; readonly change: ConfigChange } | WritePlan;

/** What the toggle does to the file as it is (`existing`): nothing, or which text to write. */
function planToggle(location: WriteLocation, request: ToggleRequest, existing: ExistingFile | undefined): TogglePlan {
  const { file } = location;
  if (existing === undefined) {
    if (location.required) throw configNotFoundError(location.named);
    // No file reads as no hooks with every switch on (SPEC C1, C7).
    const config = emptyConfig();
    request.check(config, file);
    if (!request.createWhenMissing) {
      throw fileError(
        'E_CONFIG_NOT_FOUND',
        file,
        'not_found',
        `config file not found: there is no ${formatJsonPath(request.path.slice(0, -1))} to change`,
      );
    }
    const previous = request.read(config, file);
    // A missing key means enabled, so enabling needs no file at all.
    if (previous === request.enabled)
      return { kind: 'done', change: { file, changed: false, created: false, previous } };
    const text = createdText(request.path, request.enabled);
    return { kind: 'write', text, existing: undefined, change: { file, changed: true, created: true, previous } };
  }

  const parsed = parseConfig(existing.text, file);
  if (!parsed.ok) throw parsed.error;
  request.check(parsed.config, file);
  const previous = request.read(parsed.config, file);
  if (previous === request.enabled) return { kind: 'done', change: { file, changed: false, created: false, previous } };
  const text = editedText(existing.text, file, request, parsed.config);
  return { kind: 'write', text, existing, change: { file, changed: true, created: false, previous } };
}

function sameFile(a: ExistingFile | undefined, b: ExistingFile | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.text === b.text && a.mode === b.mode && a.owner.uid === b.owner.uid && a.owner.gid === b.owner.gid;
}

/**
 * The file's text with the one setting changed. The default value (on) is written by removing
 * the key, so a file holds only what differs from the defaults; where the layout is not one the
 * remover knows, the value is written instead. Each candidate must parse, validate, and differ
 * from the old config in exactly the one value; otherwise (a duplicated parent key took the
 * edit, say) nothing is written.
 */
function editedText(text: string, file: string, request: ToggleRequest, before: HooksConfig): string {
  const byteOrderMark = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = text.slice(byteOrderMark.length);
  const expected = settingsOf(request.apply(before));
  for (const edits of candidateEdits(body, request)) {
    const updated = byteOrderMark + applyEdits(body, edits);
    const after = parseConfig(updated, file);
    if (after.ok && settingsOf(after.config) === expected) return updated;
  }
  throw writeError(
    file,
    request.path,
    `could not set ${formatJsonPath(request.path)} without changing anything else; is a key on its path written twice? Edit the file by hand`,
  );
}

/**
 * What a file says, for comparing two configs: every written field, without what is derived
 * from the switches (`off`), so that a change of one switch shows as that one value.
 */
function settingsOf(config: HooksConfig): string {
  const hooks = Object.fromEntries(
    Object.entries(config.hooks).map(([event, entries]) => [event, entries.map(({ off: _off, ...entry }) => entry)]),
  );
  return JSON.stringify({ hooks, hooksEnabled: config.hooksEnabled });
}

/** A toggle's value when its key is absent (SPEC C5 `enabled`, C7 `hooksEnabled`). */
const DEFAULT_ENABLED = true;

function* candidateEdits(text: string, request: ToggleRequest): Generator<Edit[]> {
  const parsed = parseJsonc(text);
  if (!parsed.ok) return;
  if (request.enabled === DEFAULT_ENABLED) {
    const removal = removalEdits(text, parsed.sourceMap, request);
    if (removal !== undefined) yield removal;
  }
  yield editsFor(text, parsed.sourceMap, request.path, request.enabled);
}

/** Removes the setting's key (the last of duplicates, the one that counts), and its emptied parent. */
function removalEdits(text: string, sourceMap: SourceMap, request: ToggleRequest): Edit[] | undefined {
  const { path } = request;
  const property = sourceMap.propertyNode(path);
  const container = sourceMap.valueNode(path.slice(0, -1));
  if (property === undefined || container === undefined) return undefined;
  if (request.dropEmptiedParent && holdsOnly(text, container, property)) {
    const parentProperty = sourceMap.propertyNode(path.slice(0, -1));
    const grandparent = sourceMap.valueNode(path.slice(0, -2));
    const edits =
      parentProperty === undefined || grandparent === undefined
        ? undefined
        : propertyRemovalEdits(text, grandparent, parentProperty);
    if (edits !== undefined) return edits;
  }
  return propertyRemovalEdits(text, container, property);
}

/** True when `property` is all `objectNode` holds: no other key, and no comment either. */
function holdsOnly(text: string, objectNode: Node, property: Node): boolean {
  if (objectNode.children?.length !== 1) return false;
  const inside =
    text.slice(objectNode.offset + 1, property.offset) +
    text.slice(property.offset + property.length, objectNode.offset + objectNode.length - 1);
  return /^\s*,?\s*$/.test(inside);
}

/** A replaced value is a literal swap; an inserted one is laid out like the file around it. */
function editsFor(text: string, sourceMap: SourceMap, path: JsonPath, value: boolean): Edit[] {
  // jsonc-parser's modify() edits the first of duplicate keys, but the last one is the one that
  // counts, so an existing value is replaced where the source map (last duplicate) finds it.
  const existing = sourceMap.valueNode(path);
  if (existing !== undefined) {
    return [{ offset: existing.offset, length: existing.length, content: JSON.stringify(value) }];
  }
  // Insert into the deepest object on the path that exists, creating what is missing below it
  // (`hooksEnabled` itself when the file has none).
  let depth = path.length - 1;
  while (depth > 0 && sourceMap.valueNode(path.slice(0, depth)) === undefined) depth -= 1;
  const container = sourceMap.valueNode(path.slice(0, depth));
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

interface ExistingFile {
  readonly text: string;
  readonly mode: number;
  readonly owner: { uid: number; gid: number };
}

async function readExisting(file: string): Promise<ExistingFile | undefined> {
  try {
    // The loader's read: a FIFO, a device or a huge file is refused at once (C1).
    const read = readBoundedConfigFile(file);
    if (!read.ok) throw fileError('E_CONFIG_READ', file, 'read', read.reason);
    // The rename would succeed on a read-only file (only the folder must be writable), but a
    // file someone made read-only is not ours to replace.
    await fsPromises.access(file, constants.W_OK).catch((error: unknown) => {
      throw writeError(file, [], 'the config file is read-only: make it writable to change it', error);
    });
    return { text: read.text, mode: read.stats.mode & 0o7777, owner: { uid: read.stats.uid, gid: read.stats.gid } };
  } catch (error) {
    if (ConfigError.isInstance(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw fileError('E_CONFIG_READ', file, 'read', `cannot read the config file: ${(error as Error).message}`, error);
  }
}

/** The folder of a file about to be created (SPEC C1: the first toggle creates `~/.config/cosh`). */
async function makeFolder(file: string): Promise<void> {
  try {
    await fsPromises.mkdir(dirname(file), { recursive: true });
  } catch (error) {
    throw writeError(file, [], `cannot create the config file: ${(error as Error).message}`, error);
  }
}

/** {@link withFileLock}, its failures worded as config write errors. */
async function withConfigLock<T>(
  file: string,
  path: JsonPath,
  options: FileLockOptions | undefined,
  action: (lock: HeldLock) => Promise<T>,
): Promise<T> {
  let inAction = false;
  try {
    return await withFileLock(
      file,
      (lock) => {
        inAction = true;
        return action(lock);
      },
      options,
    );
  } catch (error) {
    if (inAction || ConfigError.isInstance(error)) throw error;
    if (error instanceof LockTimeoutError) {
      const holder =
        error.holder === undefined
          ? 'another process'
          : `another process (pid ${error.holder.pid}${error.holder.host === hostname() ? '' : ` on ${error.holder.host}`})`;
      const message =
        error.reason === 'held'
          ? `${holder} has kept the file locked for ${duration(error.heldMs)}; try again (if no cosh is running, delete ${error.lockFile})`
          : `other writers kept the file locked for ${duration(error.waitedMs)}; try again`;
      throw writeError(file, path, message, error);
    }
    throw writeError(file, path, `cannot lock the config file for writing: ${(error as Error).message}`, error);
  }
}

/** Follows symbolic links (even a dangling one) so that the link stays a link after the rename. */
async function resolveLinkTarget(file: string, depth = 0): Promise<string> {
  try {
    return await fsPromises.realpath(file);
  } catch {
    if (depth > 32) return file;
    try {
      if (!(await fsPromises.lstat(file)).isSymbolicLink()) return file;
      return await resolveLinkTarget(resolve(dirname(file), await fsPromises.readlink(file)), depth + 1);
    } catch {
      return file;
    }
  }
}

function duration(milliseconds: number): string {
  return milliseconds < 1_000 ? `${Math.round(milliseconds)} ms` : `${Math.round(milliseconds / 1_000)} s`;
}

/** Whether `path` exists (whatever it is); an error other than "missing" counts as existing. */
async function exists(path: string): Promise<boolean> {
  try {
    await fsPromises.lstat(path);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}
