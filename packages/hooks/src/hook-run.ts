import type { RunFacts } from '@cosh/aggregate';

/**
 * The facts of one hook run as the engine has them: the runner's, or the engine's own for a hook
 * it stopped before the runner (then `durationMs` is `null`).
 */
export type HookRun = RunFacts & {
  /** Milliseconds from spawn to result; `null` when it did not run. */
  readonly durationMs: number | null;
};
