import { type HookOutcome, interpretRun } from '@cosh/aggregate';
import type { HookEntry, HookEvent } from '@cosh/config';
import type { HookSelection } from '@cosh/matcher';
import { type HookProcessRequest, type HookRunner, stopBoundMs } from '@cosh/runner';
import { describeError } from './describe-error.ts';
import { hookEnvironment } from './hook-environment.ts';
import { deduplicatedReport, type HookReport, type HookRun, ranReport } from './hook-report.ts';

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
  /**
   * Why no hook of this call can start (the input cannot be serialised, the working directory
   * cannot be known); every hook then fails to start with this reason (R9, O5).
   */
  readonly setupProblem: string | null;
  /** The call's cancellation: aborted, its running hooks are stopped as at a timeout (R6). */
  readonly signal?: AbortSignal | undefined;
}

/** Reports (every selected hook, config order) and outcomes (hooks that ran, config order). */
export interface EventHooksRun {
  readonly reports: HookReport[];
  readonly outcomes: HookOutcome[];
}

function notStarted(startError: string, durationMs: number | null): HookRun {
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
 * Why this engine cannot run a hook yet, or `null`. Until it runs HTTP hooks and speaks Claude's
 * protocol, such a hook must not run as a Cosh command (its verdicts would be misread): it fails
 * closed, as a hook that could not start (R9).
 */
function notRunnableHere(hook: HookEntry): string | null {
  if (hook.command === null) return 'HTTP hooks (url) are not run by this engine yet';
  if (hook.protocol !== 'cosh') return `protocol ${JSON.stringify(hook.protocol)} is not run by this engine yet`;
  return null;
}

/**
 * One hook through the runner, made total: a throw or rejection (a runner bug) is a start failure
 * of that hook, and a result that has not come `budgetMs` after the hook's spawn (its timeout
 * plus the runner's own bound for stopping it, `stopBoundMs`) is reported as a timeout (L5, L6).
 * The clock starts at the spawn, as the hook's own timeout does (R11): a hook waiting for a free
 * slot is not timed out while it waits. The runner goes on killing a late hook's processes in
 * the background.
 */
function runGuarded(hookRunner: HookRunner, request: HookProcessRequest, budgetMs: number): Promise<HookRun> {
  return new Promise<HookRun>((resolve) => {
    let spawnedAt: number | null = null;
    let watchdog: NodeJS.Timeout | undefined;
    const elapsed = (): number => (spawnedAt === null ? 0 : performance.now() - spawnedAt);
    const onSpawn = (): void => {
      spawnedAt = performance.now();
      watchdog = setTimeout(() => {
        resolve({ ...notStarted('', elapsed()), startError: null, timedOut: true });
      }, budgetMs);
    };
    let running: Promise<HookRun>;
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
  selections: readonly HookSelection<HookEntry>[],
  setup: EventHooksSetup,
): Promise<EventHooksRun> {
  const stopBound = stopBoundMs(setup.hookRunner.options);
  const runs = selections.map(({ hook, duplicateOf }): Promise<HookRun> | null => {
    // A duplicate ran under another entry (M4); a hook whose script changed never runs (S5).
    if (duplicateOf !== null || hook.trustProblem !== null) return null;
    // Stopped before the runner (not runnable here, no payload, no directory): no duration to report.
    const problem = notRunnableHere(hook) ?? setup.setupProblem;
    if (problem !== null) return Promise.resolve(notStarted(problem, null));
    const timeoutMs = hook.timeout * 1000;
    return runGuarded(
      setup.hookRunner,
      {
        command: hook.command as string,
        stdin: setup.stdin,
        env: hookEnvironment(setup.hostEnvironment, setup.event, setup.toolName, hook.name, hook.file),
        cwd: setup.cwd,
        timeoutMs,
        signal: setup.signal,
      },
      timeoutMs + stopBound,
    );
  });
  const results = await Promise.all(runs);

  const reports: HookReport[] = [];
  const outcomes: HookOutcome[] = [];
  selections.forEach(({ hook, duplicateOf }, position) => {
    const shown = {
      name: hook.name,
      command: hook.command ?? hook.url ?? '',
      index: hook.index,
      layer: hook.layer,
      file: hook.file,
    };
    if (duplicateOf !== null) {
      reports.push(deduplicatedReport(shown, duplicateOf.name));
      return;
    }
    if (hook.trustProblem !== null) {
      const outcome = untrustedScriptOutcome(hook.name, hook.trustProblem);
      outcomes.push(outcome);
      reports.push(ranReport(shown, notStarted(hook.trustProblem, null), outcome));
      return;
    }
    // Every selection that is not a duplicate was given a run above.
    const result = results[position] as HookRun;
    const outcome = interpretRun(setup.event, hook, result);
    outcomes.push(outcome);
    reports.push(ranReport(shown, result, outcome));
  });
  return { reports, outcomes };
}

/**
 * SPEC S5: a hook naming a script that changed since it was trusted does not run and counts as a
 * deny with that reason, in both events (its outcome is `error`: it never ran).
 */
function untrustedScriptOutcome(hookName: string, reason: string): HookOutcome {
  return {
    hook: hookName,
    kind: 'error',
    reason,
    context: null,
    updatedInput: null,
    countsAsDeny: true,
    diagnostic: { level: 'error', hook: hookName, message: reason },
  };
}
