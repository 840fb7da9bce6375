// SPEC R12: resident hooks. One long-lived process per key (a hook entry of one engine), started
// at its first call as R1 starts a hook (`sh -c`, its own process group), then sent one JSON line
// per call and read one answer line per call, paired by id in any order.
import { StringDecoder } from 'node:string_decoder';
import { describeStartError } from './describe-start-error.ts';
import { monotonicNow } from './monotonic-now.ts';
import { type ProcessGroupChild, spawnProcessGroup } from './process-group-child.ts';
import { readResidentAnswer, residentLine } from './resident-protocol.ts';

/** One call to a resident hook. */
export interface ResidentCallRequest {
  /** Which process serves it: one per key (the engine uses one per hook entry). */
  readonly key: string;
  /** Run as `<shell> -c <command>` when the process is (re)started (R1). */
  readonly command: string;
  /**
   * The process's environment (R4 without `COSH_TOOL_NAME`), used when it starts; a function is
   * called only then (copying the host's environment per call would cost more than the call).
   */
  readonly env: Readonly<Record<string, string | undefined>> | (() => Readonly<Record<string, string | undefined>>);
  /** The process's working folder (the engine's), used when it starts. */
  readonly cwd: string;
  /** The call's payload (R3's or K4's JSON object, one line); the pool adds the `"id"`. */
  readonly payload: Uint8Array;
  /** Milliseconds until the call times out and the process is ended as R6 ends a hook. */
  readonly timeoutMs: number;
  /** Aborted: the call settles at once as failed; a late answer to it is dropped. */
  readonly signal?: AbortSignal | undefined;
}

/** What became of one call. Exactly one of `answer`, `failure`, `startError`, `timedOut` says it. */
export interface ResidentCallResult {
  /** The answer line's object (its `id` included), when one came. */
  readonly answer: Readonly<Record<string, unknown>> | null;
  /** Why the call got no answer (the process exited, printed garbage, was given up on, …). */
  readonly failure: string | null;
  /** The process could not start (R9). */
  readonly startError: string | null;
  /** The call ran past its timeout; the process was ended (R6) before this result came back. */
  readonly timedOut: boolean;
  /** What the process wrote to stderr while the call was outstanding, at most 64 KiB of its end. */
  readonly stderr: string;
  /** Milliseconds from the line's write (the spawn, for a call that started the process) to the result. */
  readonly durationMs: number;
}

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

const stderrKeptChars = 64 * 1024;
/** The longest delay setTimeout takes (2^31 - 1 ms, about 24.8 days). */
const longestDelayMs = 2 ** 31 - 1;

interface PendingCall {
  readonly startedAt: number;
  /** `monotonicNow()` at which the call times out (R6): `startedAt` plus its timeout. */
  readonly deadline: number;
  readonly stderrMark: number;
  /** Settles the caller's promise; `null` once settled (aborted calls wait for their late answer). */
  settle: ((result: ResidentCallResult) => void) | null;
}

/** One running resident process and the calls it holds. */
class ResidentProcess {
  readonly group: ProcessGroupChild;
  readonly pending = new Map<string, PendingCall>();
  /** Set once the process is done serving: exited, closed stdout, garbage, timed out, ended. */
  ended = false;
  /**
   * The process's one timer for its calls' timeouts, rather than one per call: a setTimeout and
   * clearTimeout per call allocate a timer (and a timer list, when no other timer has that
   * duration) and write the host's timer structures, at every call of a guard that answers in
   * microseconds (R12). While the process holds calls, it is due no later than the earliest
   * deadline among them; it stays (unref'd) when the process goes idle, so the next call usually
   * only refs it again.
   */
  timer: NodeJS.Timeout | null = null;
  /** When {@link timer} fires (`monotonicNow()` time); infinite without a timer. */
  timerDue = Number.POSITIVE_INFINITY;
  /** The stop of its group, once begun. */
  stopping: Promise<void> | null = null;
  exitSeen = false;
  exitCode: number | null = null;
  exitSignal: string | null = null;
  exited: Promise<void>;
  /** `null` once spawned; the spawn's error when it failed (R9). */
  readonly started: Promise<unknown>;
  /** Resolves when stderr ended (or at once when there is none). */
  readonly stderrEnded: Promise<void>;
  #stderrTail = '';
  #stderrTotal = 0;

  constructor(group: ProcessGroupChild) {
    this.group = group;
    const { child } = group;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.started = new Promise((resolve) => {
      if (child.pid !== undefined) resolve(null);
      child.once('spawn', () => resolve(null));
      child.once('error', (error) => resolve(error));
    });
    this.stderrEnded = new Promise((resolve) => {
      if (child.stderr === null) resolve();
      child.stderr?.once('close', () => resolve());
    });
    // Unref'd: an idle resident process must not keep its host alive (a pending call's timer does).
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) {
      stream?.on('error', () => {});
      (stream as unknown as { unref?: () => void } | null)?.unref?.();
    }
    const decoder = new StringDecoder('utf8');
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = decoder.write(chunk);
      this.#stderrTotal += text.length;
      this.#stderrTail = (this.#stderrTail + text).slice(-stderrKeptChars);
    });
  }

  get stderrMark(): number {
    return this.#stderrTotal;
  }

  /** What stderr got since `mark` (as much of it as is kept). */
  stderrSince(mark: number): string {
    const count = Math.min(this.#stderrTotal - mark, this.#stderrTail.length);
    return count <= 0 ? '' : this.#stderrTail.slice(-count);
  }
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
  const killGraceMs = options.killGraceMs ?? 1000;
  const closeWaitMs = options.closeWaitMs ?? 1000;
  const maxRestarts = options.maxRestarts ?? 3;
  const restartWindowMs = options.restartWindowMs ?? 60_000;
  const maxLineBytes = options.maxLineBytes ?? 1024 * 1024;

  const running = new Map<string, ResidentProcess>();
  /** Keys started at least once, with their restarts' times inside the window. */
  const restarts = new Map<string, number[]>();
  /** Keys given up on (restarted too often): the reason their calls fail with, until close. */
  const givenUp = new Map<string, string>();
  /** Every stop begun, so close() can wait for all of them. */
  const stops = new Set<Promise<void>>();
  let nextId = 0;
  let closed = false;

  const result = (
    fields: Partial<ResidentCallResult> & Pick<ResidentCallResult, 'durationMs'>,
  ): ResidentCallResult => ({
    answer: null,
    failure: null,
    startError: null,
    timedOut: false,
    stderr: '',
    ...fields,
  });

  /**
   * Settles one pending call (at most once) and forgets it: with its `answer`, or else as failed
   * with `failure`. The result is one object literal, not {@link result}'s spreads: this runs on
   * every answered call.
   */
  function settleCall(
    process: ResidentProcess,
    id: string,
    answer: ResidentCallResult['answer'],
    failure: string | null = null,
  ): void {
    const call = process.pending.get(id);
    if (call === undefined) return;
    process.pending.delete(id);
    releaseTimer(process);
    const settle = call.settle;
    call.settle = null;
    settle?.({
      answer,
      failure,
      startError: null,
      timedOut: false,
      stderr: process.stderrSince(call.stderrMark),
      durationMs: monotonicNow() - call.startedAt,
    });
  }

  /** The process holds a call due at `deadline`: its timer fires by then (and keeps the host alive). */
  function watchDeadline(key: string, process: ResidentProcess, deadline: number): void {
    if (process.timer !== null && process.timerDue <= deadline) {
      process.timer.ref();
      return;
    }
    if (process.timer !== null) clearTimeout(process.timer);
    process.timerDue = deadline;
    // Rounded up: Node counts whole milliseconds, and a timer that fires early is only set again.
    // At most Node's longest delay (a longer one would fire at once): it is set again until then.
    const delay = Math.min(longestDelayMs, Math.ceil(Math.max(0, deadline - monotonicNow())));
    process.timer = setTimeout(() => deadlinePassed(key, process), delay);
  }

  /**
   * A process that holds no call: its timer no longer keeps the host alive, and an ended process
   * has no use for it at all.
   */
  function releaseTimer(process: ResidentProcess): void {
    if (process.timer === null || process.pending.size > 0) return;
    if (!process.ended) {
      process.timer.unref();
      return;
    }
    clearTimeout(process.timer);
    process.timer = null;
    process.timerDue = Number.POSITIVE_INFINITY;
  }

  /**
   * The process's timer fired: the first call it holds whose deadline passed times out; with none
   * (the timer was set for a call answered since, or fired a moment early), it is set again for
   * the earliest deadline left.
   */
  function deadlinePassed(key: string, process: ResidentProcess): void {
    process.timer = null;
    process.timerDue = Number.POSITIVE_INFINITY;
    const now = monotonicNow();
    let earliest = Number.POSITIVE_INFINITY;
    for (const [id, call] of process.pending) {
      // Not `deadline <= now`: a deadline that is no number (a timeout of NaN) is due at once, as
      // setTimeout would have it.
      if (!(call.deadline > now)) {
        timeOut(key, process, id, call);
        return;
      }
      earliest = Math.min(earliest, call.deadline);
    }
    if (earliest !== Number.POSITIVE_INFINITY) watchDeadline(key, process, earliest);
  }

  /** R6: a call past its timeout; the process is ended, and its other calls fail meanwhile. */
  function timeOut(key: string, process: ResidentProcess, id: string, pending: PendingCall): void {
    const settle = pending.settle;
    pending.settle = null;
    process.pending.delete(id);
    if (running.get(key) === process) running.delete(key);
    for (const other of [...process.pending.keys()])
      settleCall(process, other, null, `the resident process was ended: another call timed out`);
    // The result comes back once the process is ended.
    void stopProcess(process, false).then(() =>
      settle?.(
        result({
          timedOut: true,
          stderr: process.stderrSince(pending.stderrMark),
          durationMs: monotonicNow() - pending.startedAt,
        }),
      ),
    );
  }

  /**
   * Stops a process's group as R6 does (SIGTERM, SIGKILL after the grace); `graceful` first
   * closes its stdin and waits up to `closeWaitMs` for it to exit by itself.
   */
  function stopProcess(process: ResidentProcess, graceful: boolean): Promise<void> {
    process.ended = true;
    releaseTimer(process);
    if (process.stopping !== null) return process.stopping;
    process.stopping = (async () => {
      // Seen now: a child that leaves the group (setsid) is still ended once its parent exited.
      process.group.collectDescendants();
      if (graceful) {
        process.group.child.stdin?.end();
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([process.exited, new Promise((resolve) => (timer = setTimeout(resolve, closeWaitMs)))]);
        clearTimeout(timer);
      }
      // Also after the leader exited: what it left in its group (a background child) ends with it.
      await process.group.stop(killGraceMs);
    })();
    const stop = process.stopping;
    stops.add(stop);
    void stop.finally(() => stops.delete(stop));
    return stop;
  }

  /** The process is done serving: every call it holds fails with `failure`, and it is ended. */
  function fail(key: string, process: ResidentProcess, failure: string): void {
    if (running.get(key) === process) running.delete(key);
    for (const id of [...process.pending.keys()]) settleCall(process, id, null, failure);
    void stopProcess(process, false);
  }

  function exitText(process: ResidentProcess): string {
    if (process.exitSignal !== null) return `was killed by signal ${process.exitSignal}`;
    return `exited with code ${process.exitCode ?? 'unknown'}`;
  }

  function start(key: string, request: ResidentCallRequest): ResidentProcess | string {
    let group: ProcessGroupChild;
    try {
      group = spawnProcessGroup(shell, ['-c', request.command], {
        cwd: request.cwd,
        env: { ...(typeof request.env === 'function' ? request.env() : request.env) },
      });
    } catch (error) {
      return describeStartError(error, shell, request.cwd);
    }
    const process = new ResidentProcess(group);
    const { child } = group;
    child.once('error', () => {
      process.ended = true;
      if (running.get(key) === process) running.delete(key);
    });
    child.once('exit', (code, signal) => {
      process.exitSeen = true;
      process.exitCode = code;
      process.exitSignal = signal;
      if (process.ended) return;
      // What it wrote to stderr before it died goes with the calls it fails (a drain of at most 100 ms, as R7).
      let timer: NodeJS.Timeout | undefined;
      void Promise.race([process.stderrEnded, new Promise((resolve) => (timer = setTimeout(resolve, 100)))]).then(
        () => {
          clearTimeout(timer);
          if (!process.ended) fail(key, process, `the resident process ${exitText(process)}`);
        },
      );
    });
    child.stdout?.once('end', () => {
      if (process.ended) return;
      // The exit usually follows at once and says more (its code); a process that only closed
      // its stdout and runs on is failed a moment later.
      setTimeout(() => {
        if (!process.ended && !process.exitSeen) fail(key, process, 'the resident process closed its stdout');
      }, 50).unref();
    });
    const chunks: Buffer[] = [];
    let buffered = 0;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (process.ended) return;
      let from = 0;
      for (let newline = chunk.indexOf(0x0a, from); newline !== -1; newline = chunk.indexOf(0x0a, from)) {
        // A line that came whole in this chunk (the usual case) is decoded in place, uncopied.
        let line: string;
        if (chunks.length === 0) line = chunk.toString('utf8', from, newline);
        else {
          chunks.push(chunk.subarray(from, newline));
          line = Buffer.concat(chunks).toString('utf8');
        }
        chunks.length = 0;
        buffered = 0;
        from = newline + 1;
        answerLine(key, process, line);
        if (process.ended) return;
      }
      if (from < chunk.length) {
        chunks.push(chunk.subarray(from));
        buffered += chunk.length - from;
        if (buffered > maxLineBytes)
          fail(key, process, `the resident process printed a line over ${maxLineBytes} bytes`);
      }
    });
    return process;
  }

  function answerLine(key: string, process: ResidentProcess, line: string): void {
    const read = readResidentAnswer(line);
    if (!read.ok) {
      fail(key, process, `the resident process answered wrongly: ${read.problem}`);
      return;
    }
    const call = process.pending.get(read.id);
    if (call === undefined) {
      fail(key, process, `the resident process answered an id it was not asked: ${JSON.stringify(read.id)}`);
      return;
    }
    settleCall(process, read.id, read.answer);
  }

  /** The key's live process, started (or restarted, within the limit) when needed. */
  function processFor(
    key: string,
    request: ResidentCallRequest,
  ): ResidentProcess | { failure: string } | { startError: string } {
    const live = running.get(key);
    if (live !== undefined && !live.ended) return live;
    const given = givenUp.get(key);
    if (given !== undefined) return { failure: given };
    const history = restarts.get(key);
    if (history !== undefined) {
      const now = monotonicNow();
      while (history.length > 0 && now - (history[0] as number) >= restartWindowMs) history.shift();
      if (history.length >= maxRestarts) {
        const reason = `the resident process was restarted ${maxRestarts} times within ${restartWindowMs / 1000}s and is not started again until the engine closes`;
        givenUp.set(key, reason);
        return { failure: reason };
      }
    }
    const started = start(key, request);
    if (typeof started === 'string') return { startError: started };
    // The first start is not a restart; a start that failed (nothing ran) is not one either.
    if (history === undefined) restarts.set(key, []);
    else history.push(monotonicNow());
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
    if (running.get(request.key) === process) running.delete(request.key);
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
        stderrMark: process.stderrMark,
        settle: resolve,
      };
      process.pending.set(id, pending);
      watchDeadline(request.key, process, pending.deadline);
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
    restarts.delete(key);
    givenUp.delete(key);
    if (process === undefined) return;
    for (const id of [...process.pending.keys()])
      settleCall(process, id, null, 'the resident process was ended (its script changed)');
    await stopProcess(process, true);
  }

  return {
    call,
    end,
    async close() {
      closed = true;
      const ending = [...running.entries()].map(([key, process]) => {
        running.delete(key);
        for (const id of [...process.pending.keys()]) settleCall(process, id, null, 'the hook engine was closed');
        return stopProcess(process, true);
      });
      await Promise.all([...ending, ...stops]);
    },
    get processes() {
      return running.size;
    },
  };
}
