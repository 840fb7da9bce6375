import { type HookOutcome, interpretRun, type RunFacts } from '@cosh/aggregate';
import type { HookEvent } from '@cosh/config';
import type { HookSelection } from '@cosh/matcher';
import { type HookProcessRequest, runHook, type RunnerOptions } from '@cosh/runner';
import { hookEnvironment } from './hook-environment.ts';
import { deduplicatedReport, type HookReport, ranReport } from './hook-report.ts';
import type { PreparedHook } from './prepare-hooks.ts';
import { describeError } from './describe-error.ts';

/** What every selected hook of one call shares. */
export interface EventHooksSetup {
  readonly event: HookEvent;
  readonly toolName: string;
  /** The serialised payload (R3). */
  readonly stdin: string;
  readonly hostEnvironment: Readonly<Record<string, unknown>>;
  readonly cwd: string;
  readonly runnerOptions: RunnerOptions | undefined;
  /** How long after its timeout a hook's result may still take (the runner's kill sequence). */
  readonly killAllowanceMs: number;
  /** `performance.now()` when the event started: every hook's deadline counts from there (L6). */
  readonly startedAt: number;
  /**
   * Why no hook of this call can start (the input cannot be serialised, the working directory
   * cannot be known); every hook then fails to start with this reason (R9, O5).
   */
  readonly setupProblem: string | null;
}

/** Reports (every selected hook, config order) and outcomes (hooks that ran, config order). */
export interface EventHooksRun {
  readonly reports: HookReport[];
  readonly outcomes: HookOutcome[];
}

/** A run's facts; `durationMs` is `null` for a hook stopped before it reached the runner. */
type RunResult = RunFacts & { readonly durationMs: number | null };

function notStarted(startError: string, durationMs: number | null): RunResult {
  return {
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    timedOut: false,
    truncated: false,
    startError,
    durationMs,
  };
}

/**
 * One hook through the runner, made total: a throw or rejection (a runner bug, options it
 * refuses) is a start failure of that hook, and a result that has not come by `deadline` (a
 * `performance.now()` time: the hook's timeout plus the kill allowance) is reported as a
 * timeout (L5, L6). The runner goes on killing the hook's processes in the background.
 */
function runGuarded(request: HookProcessRequest, options: RunnerOptions | undefined, deadline: number): Promise<RunResult> {
  const startedAt = performance.now();
  const elapsed = (): number => performance.now() - startedAt;
  let running: Promise<RunResult>;
  try {
    running = runHook(request, options);
  } catch (error) {
    return Promise.resolve(notStarted(`the runner refused the hook: ${describeError(error)}`, elapsed()));
  }
  return new Promise<RunResult>((resolve) => {
    const watchdog = setTimeout(() => {
      resolve({ ...notStarted('', elapsed()), startError: null, timedOut: true });
    }, Math.max(0, deadline - performance.now()));
    running.then(
      (result) => {
        clearTimeout(watchdog);
        resolve(result);
      },
      (error: unknown) => {
        clearTimeout(watchdog);
        resolve(notStarted(`the runner failed: ${describeError(error)}`, elapsed()));
      },
    );
  });
}

/**
 * Starts every selected hook that is not deduplicated in the same tick (R2), waits for all,
 * and gives reports and outcomes in config order whatever order they finished in (M3).
 * Never rejects.
 */
export async function runEventHooks(
  selections: readonly HookSelection<PreparedHook>[],
  setup: EventHooksSetup,
): Promise<EventHooksRun> {
  const runs = selections.map(({ hook, duplicateOf }): Promise<RunResult> | null => {
    if (duplicateOf !== null) return null;
    const problem = hook.problem ?? setup.setupProblem;
    // Stopped before the runner (malformed entry, no payload): there is no duration to report.
    if (problem !== null) return Promise.resolve(notStarted(problem, null));
    const timeoutMs = hook.timeoutSeconds * 1000;
    return runGuarded(
      {
        command: hook.command,
        stdin: setup.stdin,
        env: hookEnvironment(setup.hostEnvironment, setup.event, setup.toolName, hook.name),
        cwd: setup.cwd,
        timeoutMs,
      },
      setup.runnerOptions,
      // From the event's start, not the hook's: spawning many hooks takes a while (L6).
      setup.startedAt + timeoutMs + setup.killAllowanceMs,
    );
  });
  const results = await Promise.all(runs);

  const reports: HookReport[] = [];
  const outcomes: HookOutcome[] = [];
  selections.forEach(({ hook, duplicateOf }, position) => {
    const shown = { name: hook.name, command: hook.configCommand, index: hook.index };
    if (duplicateOf !== null) {
      reports.push(deduplicatedReport(shown, duplicateOf.name));
      return;
    }
    // Every selection that is not a duplicate was given a run above.
    const result = results[position] as RunResult;
    const outcome = interpretRun(
      setup.event,
      { name: hook.name, onError: hook.onError, timeout: hook.timeoutSeconds },
      result,
    );
    outcomes.push(outcome);
    reports.push(ranReport(shown, result, outcome));
  });
  return { reports, outcomes };
}
