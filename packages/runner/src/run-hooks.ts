import type { HookProcessRequest, HookProcessResult, RunnerOptions } from './hook-process.ts';
import { runValidatedHook } from './run-hook.ts';
import { RunnerError } from './runner-error.ts';
import { assertValidRequest, resolveRunnerOptions } from './validate-arguments.ts';

/**
 * Runs a batch of hooks together (R2): every one is started in the same tick, so the batch
 * takes about as long as its slowest hook. Results come back in request order, whatever order
 * the hooks finish in. Never rejects; one hook that cannot start is that hook's result and the
 * others run (R9). Throws `RunnerError` synchronously, before starting any hook, if a request
 * or the options are malformed.
 */
export function runHooks(
  requests: readonly HookProcessRequest[],
  options?: RunnerOptions,
): Promise<HookProcessResult[]> {
  const resolvedOptions = resolveRunnerOptions(options);
  if (!Array.isArray(requests)) {
    throw new RunnerError('E_RUNNER_INVALID_REQUEST', 'hook requests must be an array');
  }
  requests.forEach((request, index) => assertValidRequest(request, index));
  return Promise.all(requests.map((request) => runValidatedHook(request, resolvedOptions)));
}
