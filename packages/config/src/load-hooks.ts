import { resolveJournalSettings } from './journal-settings.ts';
import { resolveSandboxSettings } from './sandbox-settings.ts';
import { accessSync, constants } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { claudeProjectDirOnDisk } from './claude-project-dir.ts';
import type { ConfigError } from './config-error.ts';
import type {
  ConfigLayer,
  ConfigProblem,
  FileSettings,
  HooksConfig,
  JournalSettings,
  SandboxSettings,
} from './config-types.ts';
import {
  decideTrust,
  type HookScripts,
  type ScriptChange,
  type TrustContext,
  type TrustLoad,
  type TrustState,
} from './trust/decide-trust.ts';
import { type ConfigLayerOptions, findConfigLayers, type LayerLocation } from './find-config-layers.ts';
import { HOOK_EVENTS } from './hook-events.ts';
import { homeFolder } from './home-folder.ts';
import { type LayerInput, type LayerWarning, mergeLayers } from './merge-layers.ts';
import type { ParseConfigResult } from './parse-config.ts';
import { readConfigFile } from './read-config-file.ts';
import { commandScriptPaths, type ScriptPlaces } from './trust/script-words.ts';
import { reviewScripts } from './trust/review-scripts.ts';
import type { TrustedHookScripts } from './trust/script-check.ts';
import { fingerprintOf, loadSha256, readScripts, type ScriptRead, type Sha256 } from './trust/trust-hash.ts';
import {
  readTrustStore,
  type TrustCandidate,
  type TrustRecord,
  type TrustRecords,
  type TrustedScript,
  trustStoreFile,
} from './trust/trust-store.ts';
import { NO_FILE_SETTINGS } from './build-config.ts';
import { type ConfigTextParser, openValidationCache, validationCacheFile } from './validation-cache.ts';

/** Options of {@link loadHooks} and {@link readConfigLayers}. */
export interface LoadHooksOptions extends ConfigLayerOptions {
  /**
   * Trust a never-trusted user file on first use, with a notice (SPEC S4). Only for a command
   * with a controlling terminal that a person runs to look at or use their hooks (`hooks list`,
   * `hooks validate`, `settings`, `exec`): never for a hook, a program or a server.
   */
  trustOnFirstUse?: boolean | undefined;
  /** The trust store; default {@link trustStoreFile} of `env` and `homedir`. @internal For tests. */
  trustStore?: string | undefined;
  /**
   * Read texts the validator accepted before from the validation cache, and add the ones it
   * accepts now (`$XDG_CACHE_HOME/cosh/validated-setup.json`, else `~/.cache/cosh/…`): for the
   * commands a program starts once per tool call (`cosh hooks run`, `cosh claude-hook`), which
   * then load no zod while the files stay the same. What runs is still built from each file's own
   * text; never used with {@link trustOnFirstUse}.
   */
  validationCache?: boolean | undefined;
}

/** One layer's file: where it is, its trust state, what of it runs, and what is wrong with it. */
export interface ConfigLayerFile {
  readonly layer: ConfigLayer;
  /** Absolute path. */
  readonly file: string;
  /** False for a trusted user file that is gone (its trusted copy runs). */
  readonly exists: boolean;
  readonly trust: TrustState;
  /** What runs: the file, its trusted copy (it changed), or nothing (not trusted). */
  readonly load: TrustLoad;
  /** The file's text now (`null` when gone), and its trusted copy (`null` when never trusted). */
  readonly text: string | null;
  readonly snapshot: string | null;
  /**
   * The problems of the file as it is on disk: its warnings, or, when it does not load, the error
   * with all its problems. A file that runs with errors stops the load instead (SPEC C6).
   */
  readonly problems: readonly ConfigProblem[];
  /** Its load error (SPEC C6), or `null` when it parses and validates. */
  readonly error: ConfigError | null;
  /** The trust warning for the person (changed, untrusted project, writable managed), or `null`. */
  readonly trustWarning: string | null;
  /** The scripts that differ from the trusted ones. */
  readonly scriptChanges: readonly ScriptChange[];
  /**
   * What trusting the file as it is now would accept beyond what was trusted (SPEC S4): each
   * script it names that is new or changed (with its text and trusted text) or no longer named.
   * Empty when there is nothing to review or the file cannot be trusted.
   */
  readonly reviewScripts: readonly ScriptChange[];
  /** How to trust the file as it is now (`cosh hooks trust`); `null` when it cannot be (errors, managed). */
  readonly candidate: TrustCandidate | null;
}

/** Every layer's file, found and judged, before they are merged. */
export interface ConfigLayers {
  /** The files that exist (or, for a trusted user file, existed), managed → user → project. */
  readonly files: readonly ConfigLayerFile[];
  /** Where each layer was looked for. */
  readonly locations: ReturnType<typeof findConfigLayers>;
  /** The trust store (SPEC S3). */
  readonly trustStore: string;
  /** Warnings about trust as a whole (`COSH_TRUST=all` is set, an unknown `COSH_TRUST`). */
  readonly trustWarnings: readonly string[];
  /** Files trusted on first use by this load (SPEC S4), to be told. */
  readonly trustedOnFirstUse: readonly string[];
  /**
   * For the per-call check of long-running hosts (SPEC S5, `createScriptCheck`): each loaded hook
   * of a file checked for trust that names a script, with the hashes it was trusted with.
   */
  readonly trustedScripts: readonly TrustedHookScripts[];
  /** Paths the built-in tools must not write (SPEC S6): the layers' files, the store, every script. */
  readonly protectedFiles: readonly string[];
  /** The sandbox of `bash_run` (SPEC B5): the managed and user files' `sandbox`, managed winning. */
  readonly sandbox: SandboxSettings;
  /** The decision journal (SPEC J1): the managed and user files' `journal`, managed winning. */
  readonly journal: JournalSettings;
  /** @internal The merge's input. */
  readonly layerInputs: readonly LayerInput[];
}

/** What {@link loadHooks} gives: the one config that runs, and what to tell the person. */
export interface LoadedHooks extends Omit<ConfigLayers, 'layerInputs'> {
  /** Every layer's hooks, merged (SPEC C10), each with its layer, file and trust problem (S5). */
  readonly config: HooksConfig;
  /** Warnings of the merge (ignored switches, `allowManagedHooksOnly`), each about one file. */
  readonly layerWarnings: readonly LayerWarning[];
}

/**
 * The layered, trust-checked load every command runs hooks from (SPEC C10, S): finds the managed,
 * user and project files, reads and validates each, decides its trust (the file, its trusted copy
 * or nothing; hooks naming a changed script become denies; a never-trusted user file refuses
 * every call), and merges what runs. Throws {@link ConfigError}: a named file that is missing
 * (`--config`, `COSH_CONFIG`, `COSH_MANAGED_CONFIG`), a file that cannot be read, an error (C6)
 * in a file that runs (naming that file), a trust store that cannot be read (`E_TRUST_STORE`).
 * A project file not loaded for want of trust does not stop the load, whatever it holds.
 *
 * @example
 * const { config, files, trustWarnings } = await loadHooks({ cwd: process.cwd() });
 * for (const warning of trustWarnings) console.warn(warning);
 * const engine = createHookEngine(config);
 */
export async function loadHooks(options: LoadHooksOptions = {}): Promise<LoadedHooks> {
  const { layerInputs, ...layers } = await readConfigLayers(options);
  for (const file of layers.files) {
    if (file.load === 'file' && file.error !== null) throw file.error;
  }
  const merged = mergeLayers(layerInputs);
  return { ...layers, config: merged.config, layerWarnings: merged.warnings };
}

/**
 * {@link loadHooks} without the merge and without throwing for a file's errors: every layer's
 * file with its trust state and problems, for `hooks validate`, `hooks trust` and listings. Still
 * throws for what stops every command: a named file missing, a file that cannot be read, a trust
 * store that cannot be read. A never-trusted user file is trusted on first use here (when allowed
 * and it loads).
 */
export async function readConfigLayers(options: LoadHooksOptions = {}): Promise<ConfigLayers> {
  const env = options.env ?? process.env;
  const home = options.homedir ?? homeFolder(env);
  const locations = findConfigLayers(options);
  const trustSetting = env['COSH_TRUST'];
  const trustAll = trustSetting === 'all';
  const trustWarnings: string[] = [];
  if (trustAll) {
    trustWarnings.push(
      'COSH_TRUST=all is set: user and project setup.json files and their scripts are used as they are, without trust checks (for CI and containers only)',
    );
  } else if (trustSetting !== undefined && trustSetting !== '') {
    trustWarnings.push(
      `COSH_TRUST=${JSON.stringify(trustSetting)} is not understood (only "all" is) and is ignored: trust is checked`,
    );
  }
  const context: TrustContext = { trustAll, trustOnFirstUse: options.trustOnFirstUse === true };
  const storeFile = options.trustStore ?? trustStoreFile({ env, homedir: home });
  const records: TrustRecords = trustAll ? new Map() : readTrustStore(storeFile);

  const seen = new Set<string>();
  const candidates = [locations.managed, locations.user, locations.project].filter(
    (location): location is LayerLocation => location !== null && !seen.has(location.file) && !!seen.add(location.file),
  );
  // What `$CLAUDE_PROJECT_DIR/` stands for in Claude hooks' commands (SPEC S2, K4): the folder
  // the engine will give them, decided by the same rule. Found only when a Claude hook needs it.
  const processCwd = options.cwd ?? process.cwd();
  const projectFolder = locations.project === null ? null : dirname(dirname(locations.project.file));
  let claudeFolder: string | undefined;
  const claudeProjectDir = (): string => {
    claudeFolder ??= claudeProjectDirOnDisk({
      projectFolder,
      cwd: resolve(processCwd, options.projectFrom ?? '.'),
      env,
    });
    return claudeFolder;
  };
  const parser = openValidationCache(
    options.validationCache === true && !context.trustOnFirstUse ? validationCacheFile({ env, homedir: home }) : null,
  );
  const reads: LayerRead[] = [];
  for (const location of candidates) {
    const bytes = readConfigFile(location);
    const text = bytes === undefined ? null : bytes.toString('utf8');
    const parsed = text === null ? undefined : await parser.parse(text, location.file, location.layer);
    const record = location.layer === 'managed' || trustAll ? undefined : records.get(location.file);
    const unchanged = isUnchangedWithoutScripts(location.file, bytes, parsed, record, { home, claudeProjectDir });
    reads.push({ location, bytes, text, parsed, record, unchanged });
  }
  // Hashing is needed for user and project files checked against the store, and only then: not
  // for one that is, byte for byte, its trusted copy and names no script, whose fingerprint is
  // then the recorded one (SPEC S2). node:crypto stays off the path of the common trusted call.
  const needsHashing = reads.some(
    ({ location, bytes, record, unchanged }) =>
      !trustAll && location.layer !== 'managed' && (bytes !== undefined || record !== undefined) && !unchanged,
  );
  const sha256 = needsHashing ? await loadSha256() : undefined;

  const inspections: Inspection[] = [];
  for (const read of reads) {
    const inspection = await inspectLayer(read, { context, sha256, home, claudeProjectDir, parser });
    if (inspection !== undefined) inspections.push(inspection);
  }
  parser.save();

  const trustedOnFirstUse: string[] = [];
  const firstUse = inspections.filter((inspection) => inspection.recordNow && inspection.candidate !== null);
  if (firstUse.length > 0) {
    const { recordTrust } = await import('./trust/record-trust.ts');
    await recordTrust(
      storeFile,
      firstUse.map((inspection) => inspection.candidate as TrustCandidate),
    );
    trustedOnFirstUse.push(...firstUse.map((inspection) => inspection.file.file));
  }

  const protectedFiles = new Set<string>([storeFile]);
  for (const location of candidates) protectedFiles.add(location.file);
  for (const inspection of inspections) for (const path of inspection.scriptPaths) protectedFiles.add(path);

  return {
    files: inspections.map((inspection) => inspection.file),
    locations,
    trustStore: storeFile,
    trustWarnings,
    trustedOnFirstUse,
    trustedScripts: inspections.flatMap((inspection) => inspection.trustedScripts),
    protectedFiles: [...protectedFiles],
    sandbox: resolveSandboxSettings(
      inspections.map((inspection) => inspection.input),
      home,
    ),
    journal: resolveJournalSettings(
      inspections.map((inspection) => inspection.input),
      home,
    ),
    layerInputs: inspections.map((inspection) => inspection.input),
  };
}

/** One file, judged. */
interface Inspection {
  readonly file: ConfigLayerFile;
  readonly input: LayerInput;
  readonly recordNow: boolean;
  readonly candidate: TrustCandidate | null;
  /** Every script path its texts name (SPEC S2, S6). */
  readonly scriptPaths: readonly string[];
  /** Its loaded hooks' scripts with their trusted hashes (SPEC S5 per call). */
  readonly trustedScripts: readonly TrustedHookScripts[];
}

/** One layer's file as read: its bytes, text and parse, and its trust record. */
interface LayerRead {
  readonly location: LayerLocation;
  readonly bytes: Buffer | undefined;
  readonly text: string | null;
  readonly parsed: ParseConfigResult | undefined;
  /** Its trust record (none for the managed file, or with `COSH_TRUST=all`). */
  readonly record: TrustRecord | undefined;
  /** See {@link isUnchangedWithoutScripts}. */
  readonly unchanged: boolean;
}

/**
 * Whether a file is exactly its trusted copy (its bytes, not only its text) and neither it nor
 * its record names a script: then its SHA-256 is the record's and there is nothing else to hash.
 */
function isUnchangedWithoutScripts(
  file: string,
  bytes: Buffer | undefined,
  parsed: ParseConfigResult | undefined,
  record: TrustRecord | undefined,
  folders: PlaceFolders,
): boolean {
  if (bytes === undefined || record === undefined || parsed?.ok !== true || record.scripts.length > 0) return false;
  if (!bytes.equals(Buffer.from(record.snapshot, 'utf8'))) return false;
  return hookScriptsOf(parsed.config, file, folders).every((hook) => hook.scripts.length === 0);
}

/** What S2's prefixes stand for, whatever the file: `~/` and, lazily, `$CLAUDE_PROJECT_DIR/`. */
interface PlaceFolders {
  readonly home: string;
  readonly claudeProjectDir: () => string;
}

interface InspectionContext extends PlaceFolders {
  readonly context: TrustContext;
  readonly sha256: Sha256 | undefined;
  readonly parser: ConfigTextParser;
}

async function inspectLayer(
  { location, bytes, text, parsed, record, unchanged }: LayerRead,
  { context, sha256, parser, ...folders }: InspectionContext,
): Promise<Inspection | undefined> {
  const { layer, file } = location;
  // A missing file is no layer, except a trusted user file that is gone: its copy runs (S5).
  if (bytes === undefined && (record === undefined || layer !== 'user')) return undefined;

  const fileHooks = parsed?.ok === true ? hookScriptsOf(parsed.config, file, folders) : null;
  const fileSha256 =
    unchanged && record !== undefined
      ? record.sha256
      : bytes !== undefined && sha256 !== undefined
        ? sha256(bytes)
        : null;
  const snapshotParsed =
    record !== undefined && (bytes === undefined || fileSha256 !== record.sha256)
      ? await parser.parse(record.snapshot, file, layer)
      : undefined;
  const snapshotHooks = snapshotParsed?.ok === true ? hookScriptsOf(snapshotParsed.config, file, folders) : null;
  const scriptPaths = new Set<string>();
  for (const hook of [...(fileHooks ?? []), ...(snapshotHooks ?? [])])
    for (const path of hook.scripts) scriptPaths.add(path);
  const scriptReads = sha256 === undefined ? new Map<string, ScriptRead | null>() : readScripts(scriptPaths, sha256);
  const scriptHashes = new Map([...scriptReads].map(([path, read]) => [path, read?.sha256 ?? null]));

  const decision = decideTrust(
    {
      layer,
      file,
      exists: bytes !== undefined,
      sha256: fileSha256,
      fileHooks,
      snapshotHooks,
      scriptHashes,
      writableByUser: layer === 'managed' && writableByUser(file),
    },
    record,
    context,
  );

  let candidate: TrustCandidate | null = null;
  if (layer !== 'managed' && !context.trustAll) {
    if (bytes === undefined) candidate = { file, exists: false, record: null };
    // Trusting it as it is now is its record as it stands: the same bytes, no script.
    else if (unchanged && record !== undefined) candidate = { file, exists: true, record };
    else if (parsed?.ok === true && sha256 !== undefined && fileSha256 !== null) {
      const record = trustRecordOf(file, fileSha256, text ?? '', fileHooks ?? [], scriptReads, sha256);
      candidate = { file, exists: true, record };
    }
  }

  // What the merge shows and runs: the loaded text, or (not trusted) the file's hooks as not running.
  const shown =
    decision.load === 'file'
      ? parsed
      : decision.load === 'snapshot'
        ? snapshotParsed
        : decision.state === 'untrusted'
          ? parsed
          : undefined;
  const shownOk = shown?.ok === true ? shown : undefined;
  const settings: FileSettings = shownOk?.settings ?? NO_FILE_SETTINGS;
  const error = parsed === undefined || parsed.ok ? null : parsed.error;
  return {
    file: {
      layer,
      file,
      exists: bytes !== undefined,
      trust: decision.state,
      load: decision.load,
      text,
      snapshot: record?.snapshot ?? null,
      problems: parsed === undefined ? [] : parsed.ok ? parsed.warnings : parsed.error.problems,
      error,
      trustWarning: decision.warning,
      // The texts for the review (SPEC S4): the script now, and as it was trusted (S3).
      scriptChanges: decision.scriptChanges.map((change) => ({
        ...change,
        text: scriptReads.get(change.path)?.text ?? null,
        trustedText: record?.scripts.find((script) => script.path === change.path)?.text ?? null,
      })),
      candidate,
      reviewScripts: candidate?.record ? reviewScripts(record, candidate.record, scriptReads) : [],
    },
    input: {
      layer,
      file,
      config: shownOk?.config ?? null,
      settings,
      loaded: decision.load !== 'nothing',
      hookProblems: decision.hookProblems,
      refusal: decision.refusal,
    },
    recordNow: decision.recordNow && error === null,
    candidate,
    scriptPaths: [...scriptPaths],
    trustedScripts: trustedScriptsOf(
      file,
      decision.load === 'file' ? fileHooks : decision.load === 'snapshot' ? snapshotHooks : null,
      layer === 'managed' || context.trustAll
        ? undefined
        : decision.recordNow
          ? (candidate?.record ?? undefined)
          : record,
    ),
  };
}

/**
 * The script paths each hook of a config (from `file`) names (SPEC S2), disabled hooks included;
 * a Claude hook's `$CLAUDE_PROJECT_DIR/` too (K4).
 */
function hookScriptsOf(config: HooksConfig, file: string, folders: PlaceFolders): HookScripts[] {
  const places: ScriptPlaces = { home: folders.home, configDir: dirname(file) };
  const hooks: HookScripts[] = [];
  for (const event of HOOK_EVENTS) {
    for (const hook of config.hooks[event]) {
      const hookPlaces =
        hook.protocol === 'claude' && hook.command?.includes('CLAUDE_PROJECT_DIR')
          ? { ...places, claudeProjectDir: folders.claudeProjectDir() }
          : places;
      hooks.push({
        event,
        index: hook.index,
        name: hook.name,
        scripts: hook.command === null ? [] : commandScriptPaths(hook.command, hookPlaces),
      });
    }
  }
  return hooks;
}

/** The record of a file trusted as it is now (SPEC S3): its text, hash, scripts (with their texts) and fingerprint. */
function trustRecordOf(
  file: string,
  fileSha256: string,
  text: string,
  hooks: readonly HookScripts[],
  scriptReads: ReadonlyMap<string, ScriptRead | null>,
  sha256: Sha256,
): TrustRecord {
  const scripts: TrustedScript[] = [];
  for (const hook of hooks) {
    for (const path of hook.scripts) {
      const read = scriptReads.get(path) ?? null;
      if (read === null || scripts.some((script) => script.path === path)) continue;
      // SPEC S3: the text up to 256 KiB, for the review of a later change; past that, the hash.
      scripts.push(read.text === null ? { path, sha256: read.sha256 } : { path, sha256: read.sha256, text: read.text });
    }
  }
  return {
    path: file,
    fingerprint: fingerprintOf(sha256, fileSha256, scripts),
    sha256: fileSha256,
    snapshot: text,
    scripts,
    trustedAt: new Date().toISOString(),
  };
}

/** The loaded hooks that name scripts, each script with the hash `record` trusted (SPEC S5 per call). */
function trustedScriptsOf(
  file: string,
  hooks: readonly HookScripts[] | null,
  record: TrustRecord | undefined,
): TrustedHookScripts[] {
  if (hooks === null || record === undefined) return [];
  const trusted = new Map(record.scripts.map((script) => [script.path, script.sha256]));
  return hooks
    .filter((hook) => hook.scripts.length > 0)
    .map((hook) => ({
      file,
      event: hook.event,
      index: hook.index,
      scripts: hook.scripts.map((path) => ({ path, sha256: trusted.get(path) ?? null })),
    }));
}

/** SPEC S1: whether the running user, when not root, can write the managed file. */
function writableByUser(file: string): boolean {
  if (process.getuid?.() === 0 || !isAbsolute(file)) return false;
  try {
    accessSync(file, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
