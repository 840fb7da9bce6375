// The engine's guard around the runner and the HTTP client: whatever they do (throw, reject, never
// answer), a hook's run settles, bounded by its timeout plus the runner's stop bound (L5, L6).
import {
  type Deadline,
  DeadlineTimer,
  type HookProcessRequest,
  type HookRunner,
  type HttpHookClient,
  type HttpHookRequest,
  monotonicNow,
} from '@cosh/runner';
import { describeError } from './describe-error.ts';
import { emptyRun, type HookRun, notStarted } from './hook-run.ts';

/**
 * How long past its own timeout an HTTP call may take before the watchdog reports it timed out.
 * The client stops a late call at once (it closes the connection, no process to kill), so this
 * only guards against a client that never answers.
 */
export const httpStopSlackMs = 500;

/**
 * The guards' deadlines, of every engine, on one Node timer (see DeadlineTimer). Each holds the
 * event loop while pending, as a plain timer would: the guard is for a runner or client that
 * never answers, and may hold nothing open.
 */
const watchdogs = new DeadlineTimer({ keepAlive: true });

/** The run of an HTTP hook that got no answer: timed out (`timedOut`) or failed (`failure`). */
function unansweredHttpRun(durationMs: number, failure: string | null): HookRun {
  return { ...emptyRun(durationMs), httpStatus: null, timedOut: failure === null, failure };
}

/**
 * One hook through the runner, made total: a throw or rejection (a runner bug) is a start failure
 * of that hook, and a result that has not come `budgetMs` after the hook's spawn (its timeout
 * plus the runner's own bound for stopping it, `stopBoundMs`) is reported as a timeout (L5, L6).
 * The clock starts at the spawn, as the hook's own timeout does (R11): a hook waiting for a free
 * slot is not timed out while it waits. The runner goes on killing a late hook's processes in
 * the background.
 */
export function runGuarded(hookRunner: HookRunner, request: HookProcessRequest, budgetMs: number): Promise<HookRun> {
  return new Promise<HookRun>((resolve) => {
    let spawnedAt: number | null = null;
    let watchdog: Deadline | undefined;
    const elapsed = (): number => (spawnedAt === null ? 0 : monotonicNow() - spawnedAt);
    const onSpawn = (): void => {
      spawnedAt = monotonicNow();
      watchdog = watchdogs.schedule(budgetMs, () => {
        resolve({ ...emptyRun(elapsed()), timedOut: true });
      });
    };
    let running: Promise<HookRun>;
    try {
      running = hookRunner.runHook({ ...request, onSpawn });
    } catch (error) {
      watchdogs.cancel(watchdog);
      resolve(notStarted(`the runner refused the hook: ${describeError(error)}`, elapsed()));
      return;
    }
    running.then(
      (result) => {
        watchdogs.cancel(watchdog);
        resolve(result);
      },
      (error: unknown) => {
        watchdogs.cancel(watchdog);
        resolve(notStarted(`the runner failed: ${describeError(error)}`, elapsed()));
      },
    );
  });
}

/**
 * One HTTP hook through the engine's client (H2, H3), made total like {@link runGuarded}: a throw
 * or rejection is a failed call (an `error` that `onError` decides, never R9's fail-closed start
 * failure, H3), and no answer `budgetMs` after the call is a timeout. An HTTP call does not wait
 * for a process slot (R11 bounds processes), so the watchdog is armed at the call.
 */
export function runHttpGuarded(client: HttpHookClient, request: HttpHookRequest, budgetMs: number): Promise<HookRun> {
  return new Promise<HookRun>((resolve) => {
    const calledAt = monotonicNow();
    const elapsed = (): number => monotonicNow() - calledAt;
    const watchdog = watchdogs.schedule(budgetMs, () => resolve(unansweredHttpRun(elapsed(), null)));
    let answering: Promise<HookRun>;
    try {
      answering = client.run(request);
    } catch (error) {
      watchdogs.cancel(watchdog);
      resolve(unansweredHttpRun(elapsed(), `the HTTP client refused the hook: ${describeError(error)}`));
      return;
    }
    answering.then(
      (result) => {
        watchdogs.cancel(watchdog);
        resolve(result);
      },
      (error: unknown) => {
        watchdogs.cancel(watchdog);
        resolve(unansweredHttpRun(elapsed(), `the HTTP client failed: ${describeError(error)}`));
      },
    );
  });
}
