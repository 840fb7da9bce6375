import type { HookEvent, HookProtocol, OnError, SandboxMode } from './hook-events.ts';

/** The three files a config is made of, in the order their hooks run (SPEC C10). */
export const CONFIG_LAYERS = ['managed', 'user', 'project'] as const;

/**
 * `managed` (an organisation's policy, `/etc/cosh/setup.json`), `user` (the file of SPEC C1) or
 * `project` (`.cosh/setup.json` of the working folder or a parent).
 */
export type ConfigLayer = (typeof CONFIG_LAYERS)[number];

/**
 * Why a hook of the config does not run even when its matcher selects it (SPEC C5, C7, C10, S5):
 * `disabled` its own `"enabled": false`; `event-disabled` a user or project `hooksEnabled` value
 * (or, in a single file, its own); `managed-event-disabled` the managed file's `hooksEnabled`;
 * `managed-only` the managed file's `allowManagedHooksOnly`; `untrusted` its file was never
 * trusted, so it is shown but not loaded.
 */
export type HookOffReason = 'disabled' | 'event-disabled' | 'managed-event-disabled' | 'managed-only' | 'untrusted';

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
  /**
   * A rule hook's test and verdict (SPEC D1), evaluated in Cosh's own process; `null` for a
   * command or HTTP hook. Exactly one of `command`, `url` and `rule` is set.
   */
  readonly rule: HookRule | null;
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
  /**
   * SPEC R12: started once per engine and sent one JSON line per call (a command hook only;
   * always `false` for an HTTP hook). Default `false`.
   */
  readonly resident: boolean;
  /** SPEC R13: the call does not wait for it (PostToolUse only). Default `false`. */
  readonly async: boolean;
  /** SPEC F1: globs of the files it guards, as written; `null`: every call its matcher selects. */
  readonly paths: readonly string[] | null;
  /**
   * SPEC F1: the folder its relative `paths` are taken from: its file's folder, the project root
   * for `.cosh/setup.json`; `null` for a config built in code (the engine's working folder).
   */
  readonly pathsFolder: string | null;
  /** SPEC F5: Claude Code's `if` rule of a `protocol: "claude"` hook; `null` when absent. */
  readonly if: string | null;
  /** The layer of the file it comes from (SPEC C10); `'user'` for a single file parsed on its own. */
  readonly layer: ConfigLayer;
  /**
   * The absolute path of the file it comes from, whose folder is the hook's `COSH_CONFIG_DIR`
   * (SPEC R4); `null` for a config built in code.
   */
  readonly file: string | null;
  /** Why it does not run though selected; `null` when it runs (SPEC C5, C7, C10, S5). */
  readonly off: HookOffReason | null;
  /**
   * SPEC S5: a script it names changed since it was trusted, so it never runs and counts as a
   * deny with this reason in both events; `null` otherwise.
   */
  readonly trustProblem: string | null;
}

/** How a rule tests its field (SPEC D1): exactly one operator per rule. */
export const RULE_OPERATORS = ['regex', 'glob', 'equals', 'contains'] as const;

/** One of {@link RULE_OPERATORS}. */
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/** What a rule answers when its test holds (SPEC D1): as a command hook's answer would (O1–O4, K7). */
export const RULE_DECISIONS = ['deny', 'allow', 'ask', 'halt', 'context'] as const;

/** One of {@link RULE_DECISIONS}. */
export type RuleDecision = (typeof RULE_DECISIONS)[number];

/** A value `equals` compares with (a JSON scalar). */
export type RuleScalar = string | number | boolean | null;

/** A rule hook's `rule` object, validated (SPEC D1). */
export interface HookRule {
  /** A dot path into the tool input (numeric segments index arrays), or `*` for the whole input as JSON text. */
  readonly field: string;
  readonly operator: RuleOperator;
  /** The operator's values, as a list (one value written alone is a list of one); "any of". */
  readonly values: readonly RuleScalar[];
  /** `true`: the test is inverted (a missing field then holds). */
  readonly not: boolean;
  readonly decision: RuleDecision;
  readonly reason: string | null;
  readonly context: string | null;
  /** The rule's JSON text as written (compact), which M4 compares. */
  readonly text: string;
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
  /**
   * `hooksEnabled` with missing keys filled in as `true` (SPEC C7). In a config merged from
   * layers (C10): the switch in force for user and project hooks, that is the managed file's
   * value where it names the event, else `false` when the user or project file turns the event
   * off (managed hooks still run then). Each hook's {@link HookEntry.off} says whether it runs.
   */
  readonly hooksEnabled: Readonly<Record<HookEvent, boolean>>;
  /**
   * SPEC S5: when set, every tool call is refused (a deny in both events) with this reason, and
   * no hook runs: a user file that was never trusted, loaded without a terminal, or a trusted
   * copy that cannot be read back. `null` for a config that can run.
   */
  readonly refusal: string | null;
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
   * `unknown_event`, `unknown_field`, `duplicate_key`, `invalid_matcher`, `claude_tool_name`, `not_found`, `read`,
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

/** A boolean setting as written in a file, with where it is (for the warnings of SPEC C10). */
export interface WrittenSetting {
  readonly value: boolean;
  readonly line: number;
  readonly column: number;
}

/** The settings of one file that only make sense beside other layers (SPEC C7, C10). */
export interface FileSettings {
  /** The `hooksEnabled` values the file writes (a missing key is missing, not `true`). */
  readonly hooksEnabled: Readonly<Partial<Record<HookEvent, WrittenSetting>>>;
  /** `allowManagedHooksOnly` as written; `null` when absent. */
  readonly allowManagedHooksOnly: WrittenSetting | null;
  /** `sandbox` as written (SPEC B5); `null` when absent. */
  readonly sandbox: Partial<SandboxSettings> | null;
  /** `journal` as written (SPEC J1); `null` when absent. */
  readonly journal: Readonly<{ file?: string; otlp?: string }> | null;
}

/**
 * SPEC J1–J3: where the decision journal goes, from the managed and user files (managed wins,
 * field by field); a project file cannot set it.
 */
export interface JournalSettings {
  /** The journal file, absolute (`~/` expanded; relative to its setup.json's folder); `null`: none. */
  readonly file: string | null;
  /** The OpenTelemetry collector's OTLP/HTTP base URL (J3); `null`: no export. */
  readonly otlp: string | null;
}

/**
 * SPEC B2, B4, B5: how the agent's own shell (`bash_run`) is sandboxed, from the managed and
 * user files (managed wins, field by field); a project file cannot set it.
 */
export interface SandboxSettings {
  /** `auto` (default): a sandbox when one can start; `required`: refuse without; `off`. */
  readonly mode: SandboxMode;
  /** Further writable folders, absolute (`~/` expanded; relative to the file's folder). */
  readonly writable: readonly string[];
  /** `false`: loopback only. Default `true`. */
  readonly network: boolean;
  /** SPEC B14: `true` lets bash_run create `AF_UNIX` sockets. Default `false` (a seccomp filter refuses them). */
  readonly unixSockets: boolean;
}

/** The result of loading setup.json. */
export interface LoadedConfig {
  /** The absolute path of the file read; `null` when a default location had no file (no hooks). */
  readonly file: string | null;
  readonly config: HooksConfig;
  /** Problems that did not stop the load, in file order. */
  readonly warnings: readonly ConfigProblem[];
}
