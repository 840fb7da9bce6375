import type { HookEvent, HookProtocol, OnError } from './hook-events.ts';

/** One hook of setup.json after validation, with every default applied (SPEC C5). */
export interface HookEntry {
  readonly event: HookEvent;
  /** Position in that event's array in the file (0-based), so tools can point back at it. */
  readonly index: number;
  /** The entry's `name`, or its command (or url) when the name is absent or blank. */
  readonly name: string;
  /**
   * The shell command, exactly as written (it is compared byte for byte when deduplicating);
   * `null` for an HTTP hook. Exactly one of `command` and `url` is set (SPEC C5).
   */
  readonly command: string | null;
  /** The `http:` or `https:` address of an HTTP hook (SPEC H1); `null` for a command hook. */
  readonly url: string | null;
  /** An HTTP hook's headers as written (`${NAME}` is expanded when sent); empty for a command hook. */
  readonly headers: Readonly<Record<string, string>>;
  /** A regular expression searched in the tool name; `''` (also when absent) matches every tool. */
  readonly matcher: string;
  /** Seconds before the hook's process group is killed; default 60 (600 for `claude`), at most 86400. */
  readonly timeout: number;
  /** Default `'ignore'`. */
  readonly onError: OnError;
  /** Default `true`. Disabled entries are kept so tools can show them; the engine skips them. */
  readonly enabled: boolean;
  /** The protocol the hook speaks: `'cosh'` (default) or `'claude'` (SPEC K1). */
  readonly protocol: HookProtocol;
}

// A type-only mark: a HooksConfig is made by this package's parser or validator, never by hand,
// so the engine and tools that take one need not check it again (validation once, at the edge).
declare const validatedBySetupSchema: unique symbol;

/**
 * The hooks part of setup.json, validated (SPEC C5–C7). Only `parseConfig`, `loadConfig`,
 * `validateHooksConfig` and `emptyConfig` make one: a config built in code goes through
 * `validateHooksConfig` like a file.
 */
export interface HooksConfig {
  /** The mark of a validated config (no value at run time). */
  readonly [validatedBySetupSchema]: true;
  /** Every entry of each known event, in file order, disabled ones included. */
  readonly hooks: Readonly<Record<HookEvent, readonly HookEntry[]>>;
  /** `hooksEnabled` with missing keys filled in as `true` (SPEC C7). */
  readonly hooksEnabled: Readonly<Record<HookEvent, boolean>>;
}

/** `error` stops a load (SPEC C6); `warning` comes back beside the config (C4, C5, M2). */
export type ProblemSeverity = 'error' | 'warning';

/** A JSON path: property names and array indices from the root of the document. */
export type JsonPath = readonly (string | number)[];

/** One thing wrong (or suspicious) in a config file, with where it is. */
export interface ConfigProblem {
  readonly severity: ProblemSeverity;
  /**
   * Stable identifier: `syntax`, `invalid_type`, `invalid_value`, `missing_field`,
   * `unknown_event`, `unknown_field`, `duplicate_key`, `invalid_matcher`, `not_found`, `read`,
   * `write`.
   */
  readonly code: string;
  /** Human text, starting with the JSON path it is about, with "did you mean …?" where it applies. */
  readonly message: string;
  /** Where in the document, e.g. `['hooks', 'PreToolUse', 0, 'timeout']`. */
  readonly path: JsonPath;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column (UTF-16 code units, as editors count them). */
  readonly column: number;
  /** A corrected value to use instead, when one is obvious (e.g. the matcher `.*` for `*`). */
  readonly fix?: string;
  /** The hook the problem belongs to, when it belongs to one of a known event. */
  readonly hook?: { readonly event: HookEvent; readonly index: number };
}

/** The result of loading setup.json. */
export interface LoadedConfig {
  /** The absolute path of the file read; `null` when a default location had no file (no hooks). */
  readonly file: string | null;
  readonly config: HooksConfig;
  /** Problems that did not stop the load, in file order. */
  readonly warnings: readonly ConfigProblem[];
}
