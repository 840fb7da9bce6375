import { monotonicNow } from '../monotonic-now.ts';

/**
 * R12's bound on restarts: a key's process is started again at most `maxRestarts` times per
 * `windowMs` (the first start is not a restart; an exit while idle counts); past that the key is
 * given up on, with a reason its calls fail with, until it is forgotten.
 */
export class RestartLimit {
  /** Keys started at least once, with their restarts' times inside the window. */
  readonly #restarts = new Map<string, number[]>();
  /** Keys given up on: the reason their calls fail with. */
  readonly #givenUp = new Map<string, string>();
  readonly #maxRestarts: number;
  readonly #windowMs: number;

  constructor(maxRestarts: number, windowMs: number) {
    this.#maxRestarts = maxRestarts;
    this.#windowMs = windowMs;
  }

  /** Why the key's process may not start (again), or `null` when it may. */
  refusal(key: string): string | null {
    const given = this.#givenUp.get(key);
    if (given !== undefined) return given;
    const history = this.#restarts.get(key);
    if (history === undefined) return null;
    const now = monotonicNow();
    while (history.length > 0 && now - (history[0] as number) >= this.#windowMs) history.shift();
    if (history.length < this.#maxRestarts) return null;
    const reason = `the resident process was restarted ${this.#maxRestarts} times within ${this.#windowMs / 1000}s and is not started again until the engine closes`;
    this.#givenUp.set(key, reason);
    return reason;
  }

  /** The key's process started (a start that failed, where nothing ran, is not one). */
  started(key: string): void {
    const history = this.#restarts.get(key);
    if (history === undefined) this.#restarts.set(key, []);
    else history.push(monotonicNow());
  }

  /** The key starts afresh (its script changed, S5): its next start is no restart. */
  forget(key: string): void {
    this.#restarts.delete(key);
    this.#givenUp.delete(key);
  }
}
