import type { HookOutcome, OutcomeKind } from '@cosh/aggregate';

/**
 * What happened to one selected hook of one call. Every selected hook gets one, in config
 * order (M3), deduplicated ones included (M4).
 */
export interface HookReport {
  /** The hook's name (its command when the entry has none). */
  readonly name: string;
  /** The command as written in the config. */
  readonly command: string;
  /** Position of the entry in its event's list in the config (0-based, disabled entries counted). */
  readonly index: number;
  /** O1–O6; `null` for a deduplicated hook, which did not run. */
  readonly outcome: OutcomeKind | null;
  /** The shell's exit code; `null` when killed by a signal, not started, or deduplicated. */
  readonly exitCode: number | null;
  /** The signal that ended the shell (`'SIGKILL'`), else `null`. */
  readonly signal: string | null;
  /** Killed at its timeout (R6). */
  readonly timedOut: boolean;
  /** stdout or stderr went past 1 MiB and was cut (R8). */
  readonly truncated: boolean;
  /** Milliseconds from spawn to result; `null` when it did not run. */
  readonly durationMs: number | null;
  /** Same command as an earlier selected hook, which ran instead (M4). */
  readonly deduplicated: boolean;
  /** For a deduplicated hook, the name of the hook that ran in its place; else `null`. */
  readonly duplicateOf: string | null;
  /** Why it denied or halted, or why its failure counts as a deny (`onError: 'deny'`); else `null`. */
  readonly reason: string | null;
  /** The `context` of a valid output; else `null`. */
  readonly context: string | null;
  /** What the hook printed, decoded, at most 1 MiB each. */
  readonly stdout: string;
  readonly stderr: string;
}

/** Facts of one run, as much of them as a report needs. */
export interface ReportedRun {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly truncated: boolean;
  readonly durationMs: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The report of a hook that ran (or tried to). */
export function ranReport(
  hook: { readonly name: string; readonly command: string; readonly index: number },
  run: ReportedRun,
  outcome: HookOutcome,
): HookReport {
  return {
    name: hook.name,
    command: hook.command,
    index: hook.index,
    outcome: outcome.kind,
    exitCode: run.exitCode,
    signal: run.signal,
    timedOut: run.timedOut,
    truncated: run.truncated,
    durationMs: run.durationMs,
    deduplicated: false,
    duplicateOf: null,
    reason: outcome.reason,
    context: outcome.context,
    stdout: run.stdout,
    stderr: run.stderr,
  };
}

/** The report of a hook whose identical command ran under another entry (M4). */
export function deduplicatedReport(
  hook: { readonly name: string; readonly command: string; readonly index: number },
  duplicateOf: string,
): HookReport {
  return {
    name: hook.name,
    command: hook.command,
    index: hook.index,
    outcome: null,
    exitCode: null,
    signal: null,
    timedOut: false,
    truncated: false,
    durationMs: null,
    deduplicated: true,
    duplicateOf,
    reason: null,
    context: null,
    stdout: '',
    stderr: '',
  };
}
