import type { HookOutcome, OutcomeKind } from '@cosh/aggregate';
import type { HookEntry } from '@cosh/config';
import { type KindOf, type KindReportFields, kindReportFields, writtenHook } from './hook-kinds.ts';
import type { HookRun } from './hook-run.ts';

export type { HookRun } from './hook-run.ts';

/** Which entry of the config a report is about. */
type ReportedHook = Pick<HookEntry, 'name' | 'index' | 'layer' | 'file'> & {
  /** The command as written in the config (an HTTP hook's url). */
  readonly command: string;
};

/** The entry a report is made from: its kind (hook-kinds.ts) says what it adds. */
type ReportedEntry = Pick<HookEntry, 'name' | 'index' | 'layer' | 'file'> & KindOf & Partial<Pick<HookEntry, 'async'>>;

/**
 * What happened to one selected hook of one call. Every selected hook gets one, in config
 * order (M3), deduplicated ones included (M4); a deduplicated hook did not run, so its run's
 * fields are `null`, `false` or empty.
 */
export interface HookReport
  extends ReportedHook,
    KindReportFields,
    Pick<HookRun, 'exitCode' | 'signal' | 'timedOut' | 'truncated' | 'durationMs' | 'stdout' | 'stderr'>,
    Pick<HookOutcome, 'reason' | 'context' | 'updatedInput'> {
  /** O1–O6; `null` for a deduplicated hook, which did not run. */
  readonly outcome: OutcomeKind | null;
  /** Same command as an earlier selected hook, which ran instead (M4). */
  readonly deduplicated: boolean;
  /** For a deduplicated hook, the name of the hook that ran in its place; else `null`. */
  readonly duplicateOf: string | null;
  /**
   * Present (`true`) for an async hook only (R13): in the call's report its outcome is `none` and
   * its run's fields are empty (the call did not wait); its finished report has them.
   */
  readonly async?: true;
  /**
   * The payload written to the hook's stdin (R3), for debugging a hook (`cosh hooks run
   * --verbose`); `''` when it was given none (deduplicated, or stopped before it could start).
   * Every hook of one event shares the one string.
   */
  readonly stdin: string;
}

/** Which entry a report is about, in the order a report's keys start with. */
function reportedHook(hook: ReportedEntry): ReportedHook {
  return { name: hook.name, command: writtenHook(hook), index: hook.index, layer: hook.layer, file: hook.file };
}

/** The report of a hook that ran (or tried to). */
export function ranReport(hook: ReportedEntry, run: HookRun, outcome: HookOutcome, stdin: string): HookReport {
  return {
    ...reportedHook(hook),
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
    updatedInput: outcome.updatedInput,
    stdin,
    stdout: run.stdout,
    stderr: run.stderr,
    ...kindReportFields(hook, run),
    ...(hook.async === true ? { async: true as const } : {}),
  };
}

/**
 * R13: an async hook in its call's report: started, not waited for. It counts as `none`, and its
 * exit fields are `null` (its finished report goes to the engine's `onAsyncResult`).
 */
export function asyncStartedReport(hook: ReportedEntry, stdin: string): HookReport {
  return {
    ...deduplicatedReport(hook, ''),
    outcome: 'none',
    deduplicated: false,
    duplicateOf: null,
    stdin,
    async: true,
  };
}

/** The report of a hook whose identical command ran under another entry (M4). */
export function deduplicatedReport(hook: ReportedEntry, duplicateOf: string): HookReport {
  return {
    ...reportedHook(hook),
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
    updatedInput: null,
    stdin: '',
    stdout: '',
    stderr: '',
    ...kindReportFields(hook, null),
  };
}
