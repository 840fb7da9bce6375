import type { HookProcessRequest, HookProcessResult, HookRunner, RunnerOptions } from './hook-process.ts';
import { ProcessSlots } from './process-slots.ts';
import { abortedBeforeStart, notStartedResult, runValidatedHook } from './run-hook.ts';
import { assertValidRequest, resolveRunnerOptions } from './validate-arguments.ts';

/**
 * Creates the hook runner of one engine (R11): at most `options.maxConcurrentProcesses` (64)
 * hook processes at once across every call it serves; further hooks wait their turn, and a
 * hook's timeout starts at its spawn (`request.onSpawn` says when). A hook aborted while it
 * waits never starts (`startError` says so). Throws `RunnerError` for option values that cannot
 * work (a limit below one, a negative grace).
 *
 * @example
 * const runner = createHookRunner({ maxConcurrentProcesses: 8 });
 * const payload = new TextEncoder().encode(`${JSON.stringify(event)}\n`); // one buffer for all hooks
 * const results = await runner.runHooks(commands.map((command) => ({ command, stdin: payload, env, cwd, timeoutMs: 60_000 })));
 */
export function createHookRunner(options?: RunnerOptions): HookRunner {
  const resolved = resolveRunnerOptions(options);
  const slots = new ProcessSlots(resolved.maxConcurrentProcesses);

  // The result's `durationMs` counts from the spawn too: the wait for a slot is not the hook's.
  const runInSlot = (request: HookProcessRequest): Promise<HookProcessResult> =>
    slots.use(
      () => runValidatedHook(request, resolved),
      () => notStartedResult(abortedBeforeStart, 0),
      request.signal,
    );

  return {
    options: resolved,
    runHook(request) {
      assertValidRequest(request);
      return runInSlot(request);
    },
    runHooks(requests) {
      for (const [index, request] of requests.entries()) assertValidRequest(request, index);
      // Hooks given the same stdin text share one encoded copy of it (R11).
      const encoded = new Map<string, Uint8Array>();
      const shareStdin = (request: HookProcessRequest): HookProcessRequest => {
        if (typeof request.stdin !== 'string') return request;
        let bytes = encoded.get(request.stdin);
        if (bytes === undefined) {
          bytes = Buffer.from(request.stdin);
          encoded.set(request.stdin, bytes);
        }
        return { ...request, stdin: bytes };
      };
      return Promise.all(requests.map((request) => runInSlot(shareStdin(request))));
    },
    get runningProcesses() {
      return slots.inUse;
    },
    get waitingHooks() {
      return slots.waiting;
    },
  };
}
