// A validated setup.json made into the config the engine runs: apart from the validator (zod) in
// validate-config.ts, so a text already known to be valid (validation-cache.ts) becomes its config
// without loading zod.
import type {
  ConfigLayer,
  FileSettings,
  HookEntry,
  HookOffReason,
  HooksConfig,
  JsonPath,
  WrittenSetting,
} from './config-types.ts';
import { DEFAULT_CLAUDE_TIMEOUT_SECONDS, DEFAULT_TIMEOUT_SECONDS } from './hook-defaults.ts';
import { HOOK_EVENTS, type HookEvent } from './hook-events.ts';
import { buildRule, describeRule } from './hook-rule.ts';
import type { setupFileSchema } from './setup-schema.ts';
import type { SourceMap } from './source-map.ts';
import type * as z from 'zod/mini';

/** Where a config comes from: its layer and file, which every hook carries (SPEC C10, R4). */
export interface ConfigSource {
  readonly layer: ConfigLayer;
  /** Absolute path; `null` for a config built in code. */
  readonly file: string | null;
}

/** Settings of a file that writes none of them. */
export const NO_FILE_SETTINGS: FileSettings = Object.freeze({
  hooksEnabled: Object.freeze({}),
  allowManagedHooksOnly: null,
  sandbox: null,
  journal: null,
});

/** A setup.json value the schema accepted (SPEC C3–C7). */
export type ValidatedFile = z.output<typeof setupFileSchema>;

/**
 * The config of a validated file: every hook entry with its defaults applied, its layer and file,
 * and its off switch. Only for a value the validator accepted without error.
 */
export function buildConfig(file: ValidatedFile, source: ConfigSource): HooksConfig {
  const hooks = {} as Record<HookEvent, readonly HookEntry[]>;
  const hooksEnabled = {} as Record<HookEvent, boolean>;
  for (const event of HOOK_EVENTS) {
    const eventEnabled = file.hooksEnabled?.[event] ?? true;
    hooks[event] = Object.freeze(
      (file.hooks?.[event] ?? []).map((entry, index): HookEntry => {
        // findTransportProblems made sure exactly one of the three is set.
        const command = entry.command ?? null;
        const url = command === null ? (entry.url ?? null) : null;
        const rule = command === null && url === null && entry.rule !== undefined ? buildRule(entry.rule) : null;
        const protocol = entry.protocol ?? 'cosh';
        const enabled = entry.enabled ?? true;
        // In a file on its own, its switches are the only ones (mergeLayers decides across layers).
        const off: HookOffReason | null = !enabled ? 'disabled' : eventEnabled ? null : 'event-disabled';
        return Object.freeze({
          event,
          index,
          name:
            entry.name === undefined || entry.name.trim() === ''
              ? (command ?? url ?? (rule === null ? '' : describeRule(rule)))
              : entry.name,
          command,
          url,
          rule,
          headers: Object.freeze(copyHeaders(url === null ? undefined : entry.headers)),
          matcher: entry.matcher ?? '',
          timeout: entry.timeout ?? (protocol === 'claude' ? DEFAULT_CLAUDE_TIMEOUT_SECONDS : DEFAULT_TIMEOUT_SECONDS),
          onError: entry.onError ?? 'ignore',
          enabled,
          protocol,
          resident: command !== null && entry.resident === true,
          async: entry.async === true,
          paths: entry.paths === undefined ? null : Object.freeze([...entry.paths]),
          pathsFolder: pathsFolderOf(source.file),
          if: protocol === 'claude' ? (entry.if ?? null) : null,
          layer: source.layer,
          file: source.file,
          off,
          trustProblem: null,
        });
      }),
    );
    hooksEnabled[event] = eventEnabled;
  }
  // The one place a validated config is made (with emptyConfig's, which has nothing to check,
  // and mergeLayers', which combines validated ones).
  return Object.freeze({
    hooks: Object.freeze(hooks),
    hooksEnabled: Object.freeze(hooksEnabled),
    refusal: null,
  }) as HooksConfig;
}

/** F1: relative globs are taken from the file's folder, the project root for `.cosh/setup.json`. */
function pathsFolderOf(file: string | null): string | null {
  if (file === null) return null;
  const slash = file.lastIndexOf('/');
  const folder = slash <= 0 ? '/' : file.slice(0, slash);
  if (folder.endsWith('/.cosh')) return folder.slice(0, -'/.cosh'.length) || '/';
  return folder;
}

/** The file's `hooksEnabled` values and `allowManagedHooksOnly` as written, with their places. */
export function fileSettings(file: ValidatedFile, sourceMap: SourceMap): FileSettings {
  const written = (path: JsonPath, value: boolean): WrittenSetting =>
    Object.freeze({ value, ...sourceMap.positionOfKey(path) });
  const hooksEnabled: Partial<Record<HookEvent, WrittenSetting>> = {};
  for (const event of HOOK_EVENTS) {
    const value = file.hooksEnabled?.[event];
    if (value !== undefined) hooksEnabled[event] = written(['hooksEnabled', event], value);
  }
  const allowManagedHooksOnly = file.allowManagedHooksOnly;
  const sandbox = file.sandbox;
  const journal = file.journal;
  return Object.freeze({
    hooksEnabled: Object.freeze(hooksEnabled),
    allowManagedHooksOnly:
      allowManagedHooksOnly === undefined ? null : written(['allowManagedHooksOnly'], allowManagedHooksOnly),
    sandbox:
      sandbox === undefined
        ? null
        : Object.freeze({
            ...(sandbox.mode === undefined ? {} : { mode: sandbox.mode }),
            ...(sandbox.writable === undefined ? {} : { writable: Object.freeze([...sandbox.writable]) }),
            ...(sandbox.network === undefined ? {} : { network: sandbox.network }),
            ...(sandbox.unixSockets === undefined ? {} : { unixSockets: sandbox.unixSockets }),
          }),
    journal:
      journal === undefined
        ? null
        : Object.freeze({
            ...(journal.file === undefined ? {} : { file: journal.file }),
            ...(journal.otlp === undefined ? {} : { otlp: journal.otlp }),
          }),
  });
}

/**
 * Header names and values as plain own data. A `__proto__` header is left out: the validator's
 * record rebuilds the object by assignment, which drops it, so a config built from a text the
 * cache knows (the text's own value) must drop it too.
 */
function copyHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const copy: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(headers ?? {})) if (name !== '__proto__') copy[name] = value;
  return copy;
}
