import type { Decision, Diagnostic, HookReport, OutcomeKind, PostToolUseResult, PreToolUseResult } from '@cosh/hooks';

/** One selected hook in `cosh hooks run --json`; a deduplicated one (M4) has null outcome, exit code, signal, duration. */
export interface HookRunJson {
  readonly name: string;
  readonly outcome: OutcomeKind | null;
  readonly exit_code: number | null;
  /**
   * An HTTP hook's only (H3): the response's status, `null` when none came; its `exit_code` is
   * then `null`. A command hook's object has no such key.
   */
  readonly http_status?: number | null;
  readonly signal: string | null;
  readonly timed_out: boolean;
  readonly truncated: boolean;
  /** Whole milliseconds. */
  readonly duration_ms: number | null;
  readonly deduplicated: boolean;
  /** The layer of the file the hook comes from (SPEC C10); `null` for a config built in code. */
  readonly layer: 'managed' | 'user' | 'project' | null;
  /** A resident hook's only (R12): `true`. */
  readonly resident?: true;
  /** A rule hook's only (D1): `"rule"`; it ran in Cosh's process, so its `exit_code` is `null`. */
  readonly kind?: 'rule';
  /** An async hook's only (R13): `true`; its outcome is `none` and its exit fields `null`. */
  readonly async?: true;
}

/** A hook's report as `cosh hooks run --json` shows it (SPEC X), keys in this order. */
export function hookRunJson(hook: HookReport): HookRunJson {
  // A deduplicated hook's report already has null outcome, exit code, signal and duration (M4).
  return {
    name: hook.name,
    outcome: hook.outcome,
    exit_code: hook.exitCode,
    // H3: beside exit_code, which an HTTP hook's report has as null.
    ...(hook.httpStatus === undefined ? {} : { http_status: hook.httpStatus }),
    signal: hook.signal,
    timed_out: hook.timedOut,
    truncated: hook.truncated,
    duration_ms: hook.durationMs === null ? null : Math.round(hook.durationMs),
    deduplicated: hook.deduplicated,
    layer: hook.layer,
    ...(hook.resident === true ? { resident: true as const } : {}),
    ...(hook.kind === 'rule' ? { kind: 'rule' as const } : {}),
    ...(hook.async === true ? { async: true as const } : {}),
  };
}

/** One selected hook in `cosh hooks run --json`: {@link HookRunJson} and what the hook printed (SPEC X). */
export interface HooksRunHookJson extends HookRunJson {
  /** The hook's stdout as it printed it (at most 1 MiB); `''` for a deduplicated hook. */
  readonly stdout: string;
  /** The hook's stderr as it printed it (at most 1 MiB); `''` for a deduplicated hook. */
  readonly stderr: string;
}

/**
 * `cosh hooks run --json` (SPEC X): one object, keys in this order. Scripts rely on it.
 */
export interface HooksRunJson {
  readonly event: 'PreToolUse' | 'PostToolUse';
  readonly tool_name: string;
  readonly decision: Decision;
  readonly halt: boolean;
  readonly reasons: readonly string[];
  readonly context: string;
  /** PreToolUse: the input after A7; PostToolUse: as given. */
  readonly tool_input: Readonly<Record<string, unknown>>;
  /** PostToolUse: the composed output (P2); PreToolUse: null. */
  readonly tool_output: string | null;
  /** Every selected hook, config order; deduplicated ones have null outcome, exit code, signal, duration. */
  readonly hooks: readonly HooksRunHookJson[];
  readonly diagnostics: readonly Diagnostic[];
  /** F3: the paths the call touches (F2), absolute; last, so the older keys keep their places. */
  readonly paths: readonly string[];
  /** F3: `true` when the call could touch any path (a shell command Cosh cannot split). */
  readonly paths_unknown: boolean;
}

/** The `--json` document of one event's result, built field by field so the key order is fixed. */
export function hooksRunJson(
  result: PreToolUseResult | PostToolUseResult,
  touched: { readonly paths: readonly string[]; readonly unknown: boolean } = { paths: [], unknown: false },
): HooksRunJson {
  return {
    event: result.event,
    tool_name: result.toolName,
    decision: result.decision,
    halt: result.halt,
    reasons: [...result.reasons],
    context: result.context,
    tool_input: result.toolInput,
    tool_output: result.event === 'PostToolUse' ? result.toolOutput : null,
    hooks: result.hooks.map((hook) => ({ ...hookRunJson(hook), stdout: hook.stdout, stderr: hook.stderr })),
    diagnostics: result.diagnostics.map((diagnostic) => ({
      level: diagnostic.level,
      hook: diagnostic.hook,
      message: diagnostic.message,
    })),
    paths: [...touched.paths],
    paths_unknown: touched.unknown,
  };
}
