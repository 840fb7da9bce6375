import { monotonicNow } from './monotonic-now.ts';

/** One pending deadline of a {@link DeadlineTimer}: what `cancel` takes. */
export interface Deadline {
  /** When it falls due, on the `monotonicNow()` clock (ms). */
  readonly dueAt: number;
  readonly onDue: () => void;
}

/** How a {@link DeadlineTimer} treats the process's event loop. */
export interface DeadlineTimerOptions {
  /**
   * `true`: a pending deadline keeps the process running, as a plain `setTimeout` does. `false`:
   * it never does, for deadlines of work that holds a handle of its own open the whole time (a
   * child process, its pipes), which keeps the process running already.
   */
  readonly keepAlive: boolean;
}

/**
 * Many deadlines on one Node timer. Each hook call had a `setTimeout` and a `clearTimeout` of its
 * own (its timeout, and the engine's guard): each creates and then deletes one of Node's timer
 * lists; taking both out made an engine call 1.5–4 % faster in an A/B run on these machines
 * (undici's "fast timers" exist for the same reason). Here the Node timer is armed for the
 * earliest deadline and armed again only when an earlier one comes or when it fires; cancelling
 * a deadline drops it from a set. Hook calls in a row all have later deadlines than the one
 * armed, so they touch no Node timer at all.
 *
 * A deadline falls due no earlier than `delayMs` after `schedule`, on the monotonic clock (a Node
 * timer counts from the event loop's cached time, so it can fire a little early; this one checks).
 * `onDue` runs from a timer callback: if it throws, that is an uncaught exception, as from
 * `setTimeout`.
 *
 * @example
 * const timer = new DeadlineTimer({ keepAlive: true });
 * const deadline = timer.schedule(5_000, () => console.log('too late'));
 * timer.cancel(deadline); // in time: nothing runs
 */
export class DeadlineTimer {
  readonly #keepAlive: boolean;
  readonly #pending = new Set<Deadline>();
  #timer: NodeJS.Timeout | undefined;
  /** When the Node timer is armed for; Infinity when it is not. */
  #armedFor = Number.POSITIVE_INFINITY;

  constructor(options: DeadlineTimerOptions) {
    this.#keepAlive = options.keepAlive;
  }

  /** Deadlines not yet due nor cancelled. */
  get pending(): number {
    return this.#pending.size;
  }

  /** Calls `onDue` once, `delayMs` from now, unless the deadline is cancelled first. */
  schedule(delayMs: number, onDue: () => void): Deadline {
    const deadline: Deadline = { dueAt: monotonicNow() + delayMs, onDue };
    this.#pending.add(deadline);
    if (deadline.dueAt < this.#armedFor) this.#arm(deadline.dueAt);
    else if (this.#pending.size === 1) this.#holdLoop(true);
    return deadline;
  }

  /**
   * Drops a deadline that has not fallen due; one that has, an unknown one or `undefined` (none
   * was scheduled yet) changes nothing.
   */
  cancel(deadline: Deadline | undefined): void {
    if (deadline === undefined) return;
    if (this.#pending.delete(deadline) && this.#pending.size === 0) this.#holdLoop(false);
  }

  #arm(dueAt: number): void {
    clearTimeout(this.#timer);
    this.#armedFor = dueAt;
    // Node's timers take whole milliseconds from 1 up; a deadline found not yet due is looked at again.
    this.#timer = setTimeout(() => this.#fire(), Math.max(1, Math.ceil(dueAt - monotonicNow())));
    this.#holdLoop(this.#pending.size > 0);
  }

  /** With `keepAlive`, the Node timer holds the event loop while a deadline is pending. */
  #holdLoop(hold: boolean): void {
    if (this.#timer === undefined) return;
    if (hold && this.#keepAlive) this.#timer.ref();
    else this.#timer.unref();
  }

  #fire(): void {
    this.#timer = undefined;
    this.#armedFor = Number.POSITIVE_INFINITY;
    const now = monotonicNow();
    const due: Deadline[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const deadline of this.#pending) {
      if (deadline.dueAt <= now) due.push(deadline);
      else next = Math.min(next, deadline.dueAt);
    }
    for (const deadline of due) this.#pending.delete(deadline);
    // Armed before the callbacks run, which may schedule and cancel deadlines of their own.
    if (next !== Number.POSITIVE_INFINITY) this.#arm(next);
    for (const deadline of due) deadline.onDue();
  }
}
