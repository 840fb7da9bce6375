import { type HookOutcome, interpretRun, type RunFacts } from '@cosh/aggregate';
import type { HookEvent } from '@cosh/config';
import type { HookSelection } from '@cosh/matcher';
import type { HookProcessRequest, HookRunner } from '@cosh/runner';
import { hookEnvironment } from './hook-environment.ts';
import { deduplicatedReport, type HookReport, ranReport } from './hook-report.ts';
import type { PreparedHook } from './prepare-hooks.ts';
import { describeError } from './describe-error.ts';

/** What every selected hook of one call shares. */
export interface EventHooksSetup {
  readonly event: HookEvent;
  readonly toolName: string;
  /** The serialised payload (R3), encoded once: every hook is given this same buffer (R11). */
  readonly stdin: Uint8Array;
  readonly hostEnvironment: Readonly<Record<string, unknown>>;
  readonly cwd: string;
  /** The engine's runner: at most so many hook processes at once, across calls (R11). */
  readonly hookRunner: HookRunner;
  /** How long after its timeout a hook's result may still take (the runner's kill sequence). */
  readonly killAllowanceMs: number;
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
 * refuses) is a start failure of that hook, and a result that has not come `budgetMs` after the
 * hook's spawn (its timeout plus the kill allowance) is reported as a timeout (L5, L6). The
 * clock starts at the spawn, as the hook's own timeout does (R11): a hook waiting for a free
 * slot is not timed out while it waits. The runner goes on killing a late hook's processes in
 * the background.
 */
function runGuarded(hookRunner: HookRunner, request: HookProcessRequest, budgetMs: number): Promise<RunResult> {
  return new Promise<RunResult>((resolve) => {
    let spawnedAt: number | null = null;
    let watchdog: NodeJS.Timeout | undefined;
    const elapsed = (): number => (spawnedAt === null ? 0 : performance.now() - spawnedAt);
    const onSpawn = (): void => {
      spawnedAt = performance.now();
      watchdog = setTimeout(() => {
        resolve({ ...notStarted('', elapsed()), startError: null, timedOut: true });
      }, budgetMs);
    };
    let running: Promise<RunResult>;
    try {
      running = hookRunner.runHook({ ...request, onSpawn });
    } catch (error) {
      resolve(notStarted(`the runner refused the hook: ${describeError(error)}`, elapsed()));
      return;
    }
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
 * Starts every selected hook that is not deduplicated in the same tick (R2), as far as the
 * engine's runner has free slots (R11: the rest start as slots free up), waits for all,
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
      setup.hookRunner,
      {
        command: hook.command,
        stdin: setup.stdin,
        env: hookEnvironment(setup.hostEnvironment, setup.event, setup.toolName, hook.name),
        cwd: setup.cwd,
        timeoutMs,
      },
      timeoutMs + setup.killAllowanceMs,
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
