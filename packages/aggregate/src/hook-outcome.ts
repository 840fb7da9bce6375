/** The events that run hooks: `@cosh/spec`'s events table. */
export type { HookEvent } from '@cosh/spec';

/**
 * A hook's or a verdict's opinion on a tool call. `ask` (K7) sends the call to the permission
 * system, forced: a person confirms it, or it is refused where nobody can be asked.
 */
export type Decision = 'allow' | 'deny' | 'ask' | 'none';

/** What one hook run amounted to (O1–O6, K5, K7). */
export type OutcomeKind = 'allow' | 'deny' | 'ask' | 'none' | 'halt' | 'error' | 'invalid';

/**
 * The raw facts of one finished hook run: structurally a subset of `@cosh/runner`'s results
 * (a process's, or an HTTP call's), so a runner result can be passed as it is.
 */
export interface RunFacts {
  /** The shell's exit code, or `null` when it was killed by a signal or never started. */
  readonly exitCode: number | null;
  /** The signal that ended the shell (`'SIGKILL'`), or `null`. */
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The hook ran past its timeout and its process group was killed (R6). */
  readonly timedOut: boolean;
  /** stdout or stderr went over the cap (R8). Used for stdout only when `stdoutTruncated` is absent. */
  readonly truncated: boolean;
  /** stdout went over the cap (R8); preferred over `truncated`, which also covers stderr. */
  readonly stdoutTruncated?: boolean | undefined;
  /** Why the hook could not start (R9), or `null`. */
  readonly startError: string | null;
  /**
   * Present for an HTTP hook only (H3): the response's status, `null` when none came. Its run
   * has no process (`exitCode`, `signal` and `startError` are `null`), and its `stdout` is the
   * response body.
   */
  readonly httpStatus?: number | null | undefined;
  /**
   * Why a call got no answer, as its kind says it: an HTTP hook's failure other than its status, a
   * timeout or the size (connection refused, …), a kept process that exited or printed garbage
   * (R12); `null` otherwise.
   */
  readonly failure?: string | null | undefined;
  /**
   * Present for a rule hook only (D1), which runs in Cosh's own process: what the rule answers
   * when its test held, `null` when it did not (no opinion). Its run has no process (`exitCode`,
   * `signal`, `startError` `null`, stdout and stderr empty).
   */
  readonly ruleAnswer?: RuleAnswer | null | undefined;
}

/** A rule hook's answer (D1): as a command hook would have answered (O1–O4, K7). */
export interface RuleAnswer {
  /** `context` adds the context with no verdict (`none`). */
  readonly decision: 'deny' | 'allow' | 'ask' | 'halt' | 'context';
  readonly reason: string | null;
  readonly context: string | null;
}

/** What interpreting a run needs to know about its hook. */
export interface OutcomeHook {
  /** Named in reasons and diagnostics. */
  readonly name: string;
  /** `'deny'`: an error or invalid output counts as a deny (O2, O5). */
  readonly onError: 'ignore' | 'deny';
  /** Seconds; only used to word a timeout (`timed out after 5s`). */
  readonly timeout?: number | undefined;
}

/**
 * Something worth telling the user about: a broken hook, a merge conflict, an ignored field, or a
 * message a hook addressed to the person (Claude's `systemMessage`, K5). Never shown to the model.
 */
export interface Diagnostic {
  /**
   * `'error'` for an invalid output or a failed hook; `'info'` for a hook's message to the person
   * (K5); `'warning'` otherwise.
   */
  readonly level: 'error' | 'warning' | 'info';
  /** The hook it is about, or `null` when it is about no single hook. */
  readonly hook: string | null;
  readonly message: string;
}

/** The interpretation of one hook run (O1–O6), the unit every verdict is built from. */
export interface HookOutcome {
  /** The hook's name. */
  readonly hook: string;
  readonly kind: OutcomeKind;
  /** Why it denied, asked or halted (O3, O4, O6, K7), or why its failure counts as a deny; else `null`. */
  readonly reason: string | null;
  /** The non-empty `context` of a valid output (allow, deny, ask, none, halt); else `null`. */
  readonly context: string | null;
  /**
   * The `updated_input` of a valid exit-0 output (allow, ask, none); else `null`. For a Claude hook
   * (K5) it is Claude's `updatedInput` as printed (exit 0), in Claude's fields: the caller
   * translates it back (K3) before aggregating.
   */
  readonly updatedInput: Readonly<Record<string, unknown>> | null;
  /**
   * Whether it counts as a deny in the verdict: a deny (O3, O6, K5); a hook process that could not
   * start, whatever `onError` says (R9); an error or invalid output of a hook with
   * `onError: 'deny'` (O2, O5, H3). Derived by the interpreters, in one place.
   */
  readonly countsAsDeny: boolean;
  /** For `invalid` and `error`: names the hook and the exact problem; a Claude hook's `systemMessage` (K5); else `null`. */
  readonly diagnostic: Diagnostic | null;
}
