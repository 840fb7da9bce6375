// SPEC R12: one resident process's life: started as R1 starts a hook (`sh -c`, its own process
// group), serving the calls it holds until it exits, closes its stdout, prints what is not an
// answer, or is ended as R6 ends a hook.
import { describeStartError } from '../describe-start-error.ts';
import { monotonicNow } from '../monotonic-now.ts';
import { type ProcessGroupChild, spawnProcessGroup } from '../process-group-child.ts';
import { readAnswerLines } from './resident-answer-lines.ts';
import type { ResidentCallRequest, ResidentCallResult } from './resident-call.ts';
import { type PendingCall, ResidentCalls } from './resident-calls.ts';
import { readResidentAnswer } from './resident-protocol.ts';
import { StderrTail } from '../stderr-tail.ts';

/** What the pool does when one of its processes is done or a call of it ran out of time. */
export interface ResidentProcessOwner {
  /** The process is done serving (exited, closed its stdout, printed garbage): its calls fail with `failure` and it is ended. */
  fail(process: ResidentProcess, failure: string): void;
  /** Its spawn failed after all (its error event): it is no longer the key's process. */
  forget(process: ResidentProcess): void;
  /** A call it holds ran past its deadline (R6). */
  timeOut(process: ResidentProcess, id: string, call: PendingCall): void;
}

/** How a process is stopped (R6): SIGTERM → SIGKILL grace, and how long a graceful stop waits for it to exit. */
export interface ResidentStopTiming {
  readonly killGraceMs: number;
  readonly closeWaitMs: number;
}

/** One running resident process and the calls it holds. */
export class ResidentProcess {
  readonly group: ProcessGroupChild;
  readonly calls: ResidentCalls;
  readonly stderr: StderrTail;
  /** Set once the process is done serving: exited, closed stdout, garbage, timed out, ended. */
  ended = false;
  /** The stop of its group, once begun. */
  stopping: Promise<void> | null = null;
  exitSeen = false;
  exitCode: number | null = null;
  exitSignal: string | null = null;
  readonly exited: Promise<void>;
  /** `null` once spawned; the spawn's error when it failed (R9). */
  readonly started: Promise<unknown>;
  /** Resolves when stderr ended (or at once when there is none). */
  readonly stderrEnded: Promise<void>;

  constructor(group: ProcessGroupChild, timeOut: (id: string, call: PendingCall) => void) {
    this.group = group;
    this.calls = new ResidentCalls(timeOut);
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
    this.stderr = new StderrTail(child.stderr);
  }

  /** How it ended, for the calls it fails. */
  exitText(): string {
    if (this.exitSignal !== null) return `was killed by signal ${this.exitSignal}`;
    return `exited with code ${this.exitCode ?? 'unknown'}`;
  }

  /**
   * Settles one held call (at most once) and forgets it: with its `answer`, or else as failed
   * with `failure`. The result is one object literal: this runs on every answered call.
   */
  settle(id: string, answer: ResidentCallResult['answer'], failure: string | null = null): void {
    const call = this.calls.take(id, this.ended);
    if (call === undefined) return;
    const settle = call.settle;
    call.settle = null;
    settle?.({
      answer,
      failure,
      startError: null,
      timedOut: false,
      stderr: this.stderr.since(call.stderrMark),
      durationMs: monotonicNow() - call.startedAt,
    });
  }

  /** Every call it holds fails with `failure`. */
  failCalls(failure: string): void {
    for (const id of [...this.calls.pending.keys()]) this.settle(id, null, failure);
  }

  /**
   * Stops its group as R6 does (SIGTERM, SIGKILL after the grace); `graceful` first closes its
   * stdin and waits up to `closeWaitMs` for it to exit by itself. Begun once; later stops get the
   * same promise.
   */
  stop(graceful: boolean, timing: ResidentStopTiming): Promise<void> {
    this.ended = true;
    this.calls.release(true);
    if (this.stopping !== null) return this.stopping;
    this.stopping = (async () => {
      // Seen now: a child that leaves the group (setsid) is still ended once its parent exited.
      this.group.collectDescendants();
      if (graceful) {
        this.group.child.stdin?.end();
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([this.exited, new Promise((resolve) => (timer = setTimeout(resolve, timing.closeWaitMs)))]);
        clearTimeout(timer);
      }
      // Also after the leader exited: what it left in its group (a background child) ends with it.
      await this.group.stop(timing.killGraceMs);
    })();
    return this.stopping;
  }
}

/**
 * Starts the process of a call's request (R1: `<shell> -c <command>` in its own group), its
 * answers read line by line; the reason it could not start (R9) when the spawn throws.
 */
export function startResidentProcess(
  shell: string,
  request: ResidentCallRequest,
  maxLineBytes: number,
  owner: ResidentProcessOwner,
): ResidentProcess | string {
  let group: ProcessGroupChild;
  try {
    group = spawnProcessGroup(shell, ['-c', request.command], {
      cwd: request.cwd,
      env: { ...(typeof request.env === 'function' ? request.env() : request.env) },
    });
  } catch (error) {
    return describeStartError(error, shell, request.cwd);
  }
  const process: ResidentProcess = new ResidentProcess(group, (id, call) => owner.timeOut(process, id, call));
  const { child } = group;
  child.once('error', () => {
    process.ended = true;
    owner.forget(process);
  });
  child.once('exit', (code, signal) => {
    process.exitSeen = true;
    process.exitCode = code;
    process.exitSignal = signal;
    if (process.ended) return;
    // What it wrote to stderr before it died goes with the calls it fails (a drain of at most 100 ms, as R7).
    let timer: NodeJS.Timeout | undefined;
    void Promise.race([process.stderrEnded, new Promise((resolve) => (timer = setTimeout(resolve, 100)))]).then(() => {
      clearTimeout(timer);
      if (!process.ended) owner.fail(process, `the resident process ${process.exitText()}`);
    });
  });
  child.stdout?.once('end', () => {
    if (process.ended) return;
    // The exit usually follows at once and says more (its code); a process that only closed
    // its stdout and runs on is failed a moment later.
    setTimeout(() => {
      if (!process.ended && !process.exitSeen) owner.fail(process, 'the resident process closed its stdout');
    }, 50).unref();
  });
  if (child.stdout !== null)
    readAnswerLines(child.stdout, maxLineBytes, {
      line: (line) => answerLine(process, line, owner),
      overlong: () => owner.fail(process, `the resident process printed a line over ${maxLineBytes} bytes`),
      done: () => process.ended,
    });
  return process;
}

/** One answer line: it settles the call whose id it carries; anything else ends the process. */
function answerLine(process: ResidentProcess, line: string, owner: ResidentProcessOwner): void {
  const read = readResidentAnswer(line);
  if (!read.ok) {
    owner.fail(process, `the resident process answered wrongly: ${read.problem}`);
    return;
  }
  if (!process.calls.pending.has(read.id)) {
    owner.fail(process, `the resident process answered an id it was not asked: ${JSON.stringify(read.id)}`);
    return;
  }
  process.settle(read.id, read.answer);
}
