import { monotonicNow } from '../monotonic-now.ts';
import type { ResidentCallResult } from './resident-call.ts';

/** The longest delay setTimeout takes (2^31 - 1 ms, about 24.8 days). */
const longestDelayMs = 2 ** 31 - 1;

/** One call a resident process holds until its answer, its failure or its deadline. */
export interface PendingCall {
  readonly startedAt: number;
  /** `monotonicNow()` at which the call times out (R6): `startedAt` plus its timeout. */
  readonly deadline: number;
  /** Where the process's stderr stood at the call's write. */
  readonly stderrMark: number;
  /** Settles the caller's promise; `null` once settled (aborted calls wait for their late answer). */
  settle: ((result: ResidentCallResult) => void) | null;
}

/**
 * The calls one resident process holds, by id (answers pair with them in any order, R12), and
 * the one timer of their deadlines, rather than one per call: a setTimeout and clearTimeout per
 * call allocate a timer (and a timer list, when no other timer has that duration) and write the
 * host's timer structures, at every call of a guard that answers in microseconds. While calls are
 * held, the timer is due no later than the earliest deadline among them; it stays (unref'd) when
 * the process goes idle, so the next call usually only refs it again.
 */
export class ResidentCalls {
  readonly pending = new Map<string, PendingCall>();
  #timer: NodeJS.Timeout | null = null;
  /** When the timer fires (`monotonicNow()` time); infinite without a timer. */
  #timerDue = Number.POSITIVE_INFINITY;
  readonly #timeOut: (id: string, call: PendingCall) => void;

  /** `timeOut` is told of the first held call found past its deadline (R6). */
  constructor(timeOut: (id: string, call: PendingCall) => void) {
    this.#timeOut = timeOut;
  }

  /** Holds a call until {@link take}; its deadline is watched (the timer keeps the host alive meanwhile). */
  hold(id: string, call: PendingCall): void {
    this.pending.set(id, call);
    this.#watch(call.deadline);
  }

  /** Lets go of a call (answered, failed, timed out); `undefined` when it is not held. */
  take(id: string, ended: boolean): PendingCall | undefined {
    const call = this.pending.get(id);
    if (call === undefined) return undefined;
    this.pending.delete(id);
    this.release(ended);
    return call;
  }

  /**
   * With no call held, the timer no longer keeps the host alive, and a process that has ended
   * has no use for it at all.
   */
  release(ended: boolean): void {
    if (this.#timer === null || this.pending.size > 0) return;
    if (!ended) {
      this.#timer.unref();
      return;
    }
    clearTimeout(this.#timer);
    this.#timer = null;
    this.#timerDue = Number.POSITIVE_INFINITY;
  }

  /** The timer fires by `deadline`. */
  #watch(deadline: number): void {
    if (this.#timer !== null && this.#timerDue <= deadline) {
      this.#timer.ref();
      return;
    }
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timerDue = deadline;
    // Rounded up: Node counts whole milliseconds, and a timer that fires early is only set again.
    // At most Node's longest delay (a longer one would fire at once): it is set again until then.
    const delay = Math.min(longestDelayMs, Math.ceil(Math.max(0, deadline - monotonicNow())));
    this.#timer = setTimeout(() => this.#deadlinePassed(), delay);
  }

  /**
   * The timer fired: the first call held whose deadline passed times out (it stays held: its
   * owner takes it); with none (the timer was set for a call answered since, or fired a moment
   * early), it is set again for the earliest deadline left.
   */
  #deadlinePassed(): void {
    this.#timer = null;
    this.#timerDue = Number.POSITIVE_INFINITY;
    const now = monotonicNow();
    let earliest = Number.POSITIVE_INFINITY;
    for (const [id, call] of this.pending) {
      // Not `deadline <= now`: a deadline that is no number (a timeout of NaN) is due at once, as
      // setTimeout would have it.
      if (!(call.deadline > now)) {
        this.#timeOut(id, call);
        return;
      }
      earliest = Math.min(earliest, call.deadline);
    }
    if (earliest !== Number.POSITIVE_INFINITY) this.#watch(earliest);
  }
}
