import type { RunFacts } from '@cosh/aggregate';

/**
 * The facts of one hook run as the engine has them: the runner's, or the engine's own for a hook
 * it stopped before the runner (then `durationMs` is `null`).
 */
export type HookRun = RunFacts & {
  /** Milliseconds from spawn to result; `null` when it did not run. */
  readonly durationMs: number | null;
};

/**
 * A run with no exit, no signal and no output, lasting `durationMs`: what the engine's own runs
 * start from (a hook stopped before the runner, a rule, an unanswered call), overriding what happened.
 */
export function emptyRun(durationMs: number | null): HookRun {
  return {
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    timedOut: false,
    truncated: false,
    startError: null,
    durationMs,
  };
}

/** The run of a hook that did not start (R9), or was stopped before the runner (`durationMs` `null`). */
export function notStarted(startError: string, durationMs: number | null): HookRun {
  return { ...emptyRun(durationMs), startError };
}
