// SPEC R12: resident hooks. One long-lived process per key (a hook entry of one engine), started
// at its first call (resident-process.ts), then sent one JSON line per call and read one answer
// line per call, paired by id in any order (resident-calls.ts).
import { monotonicNow } from '../monotonic-now.ts';
import type { ResidentCallRequest, ResidentCallResult } from './resident-call.ts';
import type { PendingCall } from './resident-calls.ts';
import {
  type ResidentProcess,
  type ResidentProcessOwner,
  type ResidentStopTiming,
  startResidentProcess,
} from './resident-process.ts';
import { residentLine } from './resident-protocol.ts';
import { RestartLimit } from './restart-limit.ts';
import { describeStartError } from '../describe-start-error.ts';

export type { ResidentCallRequest, ResidentCallResult } from './resident-call.ts';

/** Options of {@link createResidentPool}. */
export interface ResidentPoolOptions {
  /** Default `/bin/sh`. */
  readonly shell?: string | undefined;
  /** R6: SIGTERM → SIGKILL grace when a process is ended. Default 1000. */
  readonly killGraceMs?: number | undefined;
  /** How long `end` and `close` wait for a process to exit after its stdin closes. Default 1000. */
  readonly closeWaitMs?: number | undefined;
  /** Restarts allowed per `restartWindowMs` (the first start is not one). Default 3. */
  readonly maxRestarts?: number | undefined;
  /** Default 60 000. */
  readonly restartWindowMs?: number | undefined;
  /** The longest answer line kept; a longer one is garbage (R8's cap). Default 1 MiB. */
  readonly maxLineBytes?: number | undefined;
}

/** The resident processes of one engine. */
export interface ResidentPool {
  /** Sends one call to the key's process, starting it first when needed. Never rejects. */
  call(request: ResidentCallRequest): Promise<ResidentCallResult>;
  /**
   * Ends the key's process (its script changed, S5): stdin closes, up to `closeWaitMs` for it to
   * exit, then its group is ended as R6. Its next call starts it afresh (not a restart).
   */
  end(key: string): Promise<void>;
  /** Ends every process as {@link end} does; later calls fail. Settles once every process ended. */
  close(): Promise<void>;
  /** Processes alive now (started and not ended). */
  readonly processes: number;
}

/**
 * Creates the resident processes' pool of one engine (R12). Each key's process is started at its
 * first call; a call writes one line with a fresh `"id"` and settles with the answer that carries
 * it, in whatever order answers come. A call past its timeout is `timedOut` and its process is
 * ended as R6 ends a hook (the result comes after). A process that exits, closes its stdout, or
 * prints a line that is not a JSON object with the id of a call it holds fails every call it
 * holds and is ended; the next call starts it again, at most `maxRestarts` times per
 * `restartWindowMs` (the first start is not a restart, an exit while idle counts); past that
 * the key's calls fail with the reason until `close`. A process that cannot start fails the
 * call with `startError` (R9) and is tried again at the next call.
 *
 * @example
 * const pool = createResidentPool();
 * const result = await pool.call({ key: 'guard', command: './guard.py', env: process.env, cwd, payload, timeoutMs: 60_000 });
 * result.answer; // { id: '1', decision: 'deny', reason: '…' }
 * await pool.close();
 */
export function createResidentPool(options: ResidentPoolOptions = {}): ResidentPool {
  const shell = options.shell ?? '/bin/sh';
  const timing: ResidentStopTiming = {
    killGraceMs: options.killGraceMs ?? 1000,
    closeWaitMs: options.closeWaitMs ?? 1000,
  };
  const maxLineBytes = options.maxLineBytes ?? 1024 * 1024;
  const restartLimit = new RestartLimit(options.maxRestarts ?? 3, options.restartWindowMs ?? 60_000);

  const running = new Map<string, ResidentProcess>();
  /** Every stop begun, so close() can wait for all of them. */
  const stops = new Set<Promise<void>>();
  let nextId = 0;
  let closed = false;

  /** Stops a process (ResidentProcess.stop), held until it ended for close(). */
  function stopProcess(process: ResidentProcess, graceful: boolean): Promise<void> {
    const begun = process.stopping;
    const stop = process.stop(graceful, timing);
    if (stop !== begun) {
      stops.add(stop);
      void stop.finally(() => stops.delete(stop));
    }
    return stop;
  }

  /** The key's process is no longer `process` (a later call starts another). */
  function forget(key: string, process: ResidentProcess): void {
    if (running.get(key) === process) running.delete(key);
  }

  /** What the pool does with one key's process when it is done or a call of it timed out. */
  function ownerOf(key: string): ResidentProcessOwner {
    return {
      fail(process, failure) {
        forget(key, process);
        process.failCalls(failure);
        void stopProcess(process, false);
      },
      forget: (process) => forget(key, process),
      // R6: a call past its timeout; the process is ended, and its other calls fail meanwhile.
      timeOut(process, id, pending: PendingCall) {
        const settle = pending.settle;
        pending.settle = null;
        process.calls.pending.delete(id);
        forget(key, process);
        process.failCalls('the resident process was ended: another call timed out');
        // The result comes back once the process is ended.
        void stopProcess(process, false).then(() =>
          settle?.(
            result({
              timedOut: true,
              stderr: process.stderr.since(pending.stderrMark),
              durationMs: monotonicNow() - pending.startedAt,
            }),
          ),
        );
      },
    };
  }

  /** The key's live process, started (or restarted, within the limit) when needed. */
  function processFor(
    key: string,
    request: ResidentCallRequest,
  ): ResidentProcess | { failure: string } | { startError: string } {
    const live = running.get(key);
    if (live !== undefined && !live.ended) return live;
    const refusal = restartLimit.refusal(key);
    if (refusal !== null) return { failure: refusal };
    const started = startResidentProcess(shell, request, maxLineBytes, ownerOf(key));
    if (typeof started === 'string') return { startError: started };
    restartLimit.started(key);
    running.set(key, started);
    return started;
  }

  /** The spawn failed after all: its error event says why (R9). */
  async function spawnFailed(
    request: ResidentCallRequest,
    process: ResidentProcess,
    calledAt: number,
  ): Promise<ResidentCallResult> {
    const problem = await process.started;
    forget(request.key, process);
    return result({
      startError:
        problem === null ? 'the resident process did not start' : describeStartError(problem, shell, request.cwd),
      durationMs: monotonicNow() - calledAt,
    });
  }

  /**
   * Not an async function: the promise it returns is the one the answer settles, with no promise
   * around it and no extra turns of the microtask queue to adopt it (a resident call costs
   * microseconds, and each of these costs allocations). What an async function would do with a
   * throw, it does too: the promise rejects.
   */
  function call(request: ResidentCallRequest): Promise<ResidentCallResult> {
    try {
      return send(request);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  function send(request: ResidentCallRequest): Promise<ResidentCallResult> {
    const calledAt = monotonicNow();
    if (closed) return Promise.resolve(result({ failure: 'the hook engine is closed', durationMs: 0 }));
    if (request.signal?.aborted === true)
      return Promise.resolve(result({ failure: 'the call was aborted', durationMs: 0 }));
    const process = processFor(request.key, request);
    if ('failure' in process)
      return Promise.resolve(result({ failure: process.failure, durationMs: monotonicNow() - calledAt }));
    if ('startError' in process)
      return Promise.resolve(result({ startError: process.startError, durationMs: monotonicNow() - calledAt }));
    if (process.group.child.pid === undefined) return spawnFailed(request, process, calledAt);
    nextId += 1;
    const id = String(nextId);
    let line: Buffer;
    try {
      line = residentLine(request.payload, id);
    } catch (error) {
      return Promise.resolve(result({ failure: String(error), durationMs: 0 }));
    }
    return new Promise<ResidentCallResult>((resolve) => {
      // R12: the first call's clock starts at the spawn (just now), later ones' at their write.
      const pending: PendingCall = {
        startedAt: calledAt,
        deadline: calledAt + request.timeoutMs,
        stderrMark: process.stderr.mark,
        settle: resolve,
      };
      process.calls.hold(id, pending);
      request.signal?.addEventListener(
        'abort',
        () => {
          const settle = pending.settle;
          pending.settle = null;
          // Still pending: its late answer is dropped, and its timeout still ends a process that never answers.
          settle?.(result({ failure: 'the call was aborted', durationMs: monotonicNow() - pending.startedAt }));
        },
        { once: true },
      );
      process.group.child.stdin?.write(line);
    });
  }

  async function end(key: string): Promise<void> {
    const process = running.get(key);
    running.delete(key);
    restartLimit.forget(key);
    if (process === undefined) return;
    process.failCalls('the resident process was ended (its script changed)');
    await stopProcess(process, true);
  }

  return {
    call,
    end,
    async close() {
      closed = true;
      const ending = [...running.entries()].map(([key, process]) => {
        running.delete(key);
        process.failCalls('the hook engine was closed');
        return stopProcess(process, true);
      });
      await Promise.all([...ending, ...stops]);
    },
    get processes() {
      return running.size;
    },
  };
}

/** A result with only the fields given set; the rest say nothing. Not on an answered call's path. */
function result(fields: Partial<ResidentCallResult> & Pick<ResidentCallResult, 'durationMs'>): ResidentCallResult {
  return { answer: null, failure: null, startError: null, timedOut: false, stderr: '', ...fields };
}
