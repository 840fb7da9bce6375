import type { HookProcessRequest, HookProcessResult, RunnerOptions } from './hook-process.ts';
import { createHookRunner } from './hook-runner.ts';

/**
 * Runs a batch of hooks together (R2): every one is started in the same tick, so the batch
 * takes about as long as its slowest hook; beyond `options.maxConcurrentProcesses` (64) the
 * rest wait their turn (R11). Results come back in request order, whatever order the hooks
 * finish in. Never rejects; one hook that cannot start is that hook's result and the others
 * run (R9). Throws `RunnerError` synchronously, before starting any hook, for a timeout or
 * option values that cannot work. An engine that runs many batches shares one `createHookRunner`.
 */
export function runHooks(
  requests: readonly HookProcessRequest[],
  options?: RunnerOptions,
): Promise<HookProcessResult[]> {
  return createHookRunner(options).runHooks(requests);
}
