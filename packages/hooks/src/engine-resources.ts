// What one engine owns across its calls and ends at close(): the runner (R11), the HTTP client
// (H2), the resident pool (R12) and the async hooks still running (R13).
import {
  createHookRunner,
  createHttpHookClient,
  createResidentPool,
  type HookRunner,
  type HttpHookClient,
  type ResidentPool,
} from '@cosh/runner';
import { describeError } from './describe-error.ts';
import type { ResidentHooksSetup } from './event-hooks-setup.ts';
import type { HookEngineOptions } from './hook-engine-types.ts';
import type { HookReport } from './hook-report.ts';
import { HooksError } from './hooks-error.ts';
import type { AsyncHooksSetup } from './run-event-hooks.ts';

/** The engine's shared means of running hooks, made once by `createHookEngine`. */
export interface EngineResources {
  readonly hookRunner: HookRunner;
  /** The one HTTP client (H2), as `EventHooksInput` takes it. */
  readonly httpClient: () => HttpHookClient;
  /** Where resident hooks run (R12): the pool and the engine's folder, fixed at the first call. */
  residentsFor(callCwd: string): ResidentHooksSetup;
  /** Ends one resident process (R12, S5); nothing to do in one-shot hosts. */
  endResident(key: string): Promise<void>;
  readonly asyncHooks: AsyncHooksSetup;
  /** Closes the HTTP connections, waits for the async hooks (they may be resident calls), then ends the resident processes. */
  close(): Promise<void>;
}

/**
 * The runner, HTTP client and resident pool of one engine. Throws {@link HooksError} only for
 * runner or HTTP options that cannot work (a limit below one, a negative grace): the config needs
 * no check (`@cosh/config` made it valid), these options are what a caller can still get wrong.
 */
export function createEngineResources(options: HookEngineOptions): EngineResources {
  const hookRunner = checkedOptions(() => createHookRunner(options.runner));
  // Creating it opens nothing (a connection opens at the first HTTP hook's call), so every engine has one.
  const httpClient = checkedOptions(() => createHttpHookClient(options.http));
  // R12: one process per resident hook for the engine's life; none in one-shot commands.
  const residentPool: ResidentPool | null =
    options.residentHooks === 'one-call'
      ? null
      : createResidentPool({ shell: hookRunner.options.shell, killGraceMs: hookRunner.options.killGraceMs });
  // Made at the first call and kept, as the folder is: a call makes no more than it must (R12's
  // calls cost microseconds, and every allocation adds to them).
  let residents: ResidentHooksSetup | undefined;
  const residentsFor = (callCwd: string): ResidentHooksSetup => {
    residents ??= { pool: residentPool, cwd: residentFolder(options.cwd, callCwd) };
    return residents;
  };
  // R13: async hooks still running, for close().
  const runningAsync = new Set<Promise<void>>();
  const asyncHooks: AsyncHooksSetup = {
    track(running) {
      runningAsync.add(running);
      void running.finally(() => runningAsync.delete(running));
    },
    report(report: HookReport) {
      try {
        options.onAsyncResult?.(report);
      } catch {
        // A host's logging failure must not surface as an unhandled rejection.
      }
    },
  };
  return {
    hookRunner,
    httpClient: () => httpClient,
    residentsFor,
    endResident: async (key) => {
      await residentPool?.end(key);
    },
    asyncHooks,
    async close() {
      httpClient.close();
      await Promise.all([...runningAsync]);
      await residentPool?.close();
    },
  };
}

/** The folder resident processes run in (R12): the engine's, else the host's at the first call. */
function residentFolder(engineCwd: string | undefined, callCwd: string): string {
  if (engineCwd !== undefined) return engineCwd;
  try {
    return process.cwd();
  } catch {
    // The host's folder is gone: the call's (an R9 start failure follows if that is gone too).
    return callCwd;
  }
}

/** Made from the engine's options, or the engine is refused before any call. */
function checkedOptions<Made>(make: () => Made): Made {
  try {
    return make();
  } catch (error) {
    throw new HooksError('E_HOOKS_INVALID_OPTIONS', describeError(error), { cause: error });
  }
}
