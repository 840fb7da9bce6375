// What one engine owns across its calls and ends at close(): the runner (R11), the HTTP client
// (H2), what each kind of hook keeps (its entry's client: R12's processes) and the async hooks
// still running (R13).
import type { HookEntry } from '@cosh/config';
import { createHookRunner, createHttpHookClient, type HookRunner, type HttpHookClient } from '@cosh/runner';
import { describeError } from './describe-error.ts';
import type { HookEngineOptions } from './hook-engine-types.ts';
import { closeKindClients, endKindClientHook, type KindClients, openKindClients } from './hook-kinds.ts';
import type { HookReport } from './hook-report.ts';
import { HooksError } from './hooks-error.ts';
import type { AsyncHooksSetup } from './run-event-hooks.ts';

/** The engine's shared means of running hooks, made once by `createHookEngine`. */
export interface EngineResources {
  readonly hookRunner: HookRunner;
  /** The one HTTP client (H2), as `EventHooksInput` takes it. */
  readonly httpClient: () => HttpHookClient;
  /** What each kind keeps for the engine across its calls (kinds/kind-clients.ts). */
  readonly kindClients: KindClients;
  /** Ends what the engine keeps for one hook (S5: its script changed); nothing for a kind that keeps nothing. */
  endHook(hook: HookEntry): Promise<void>;
  readonly asyncHooks: AsyncHooksSetup;
  /** Closes the HTTP connections, waits for the async hooks (they may use a kind's client), then ends every kind's client. */
  close(): Promise<void>;
}

/**
 * The runner, HTTP client and kinds' clients of one engine. Throws {@link HooksError} only for
 * runner or HTTP options that cannot work (a limit below one, a negative grace): the config needs
 * no check (`@cosh/config` made it valid), these options are what a caller can still get wrong.
 */
export function createEngineResources(options: HookEngineOptions): EngineResources {
  const hookRunner = checkedOptions(() => createHookRunner(options.runner));
  // Creating it opens nothing (a connection opens at the first HTTP hook's call), so every engine has one.
  const httpClient = checkedOptions(() => createHttpHookClient(options.http));
  // Opened once for the engine's life; a kind decides from the options what it keeps (none in one-shot commands).
  const kindClients = openKindClients({ hookRunner, engine: options });
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
    kindClients,
    endHook: (hook) => endKindClientHook(kindClients, hook),
    asyncHooks,
    async close() {
      httpClient.close();
      await Promise.all([...runningAsync]);
      await closeKindClients(kindClients);
    },
  };
}

/** Made from the engine's options, or the engine is refused before any call. */
function checkedOptions<Made>(make: () => Made): Made {
  try {
    return make();
  } catch (error) {
    throw new HooksError('E_HOOKS_INVALID_OPTIONS', describeError(error), { cause: error });
  }
}
