/**
 * A fixed number of slots for hook processes (R11): work starts at once while a slot is free,
 * otherwise it waits its turn, first come first served. Hand-written rather than p-limit: the
 * first calls must start synchronously (a batch starts in one tick, R2), and waiting work must
 * leave the queue when its abort signal fires.
 */
export class ProcessSlots {
  readonly limit: number;
  #inUse = 0;
  readonly #waiting = new Set<() => void>();

  constructor(limit: number) {
    this.limit = limit;
  }

  /** Slots taken right now. */
  get inUse(): number {
    return this.#inUse;
  }

  /** Work waiting for a slot right now. */
  get waiting(): number {
    return this.#waiting.size;
  }

  /**
   * Runs `start` in a slot, at once when one is free, and frees the slot when its promise
   * settles. When `signal` aborts while the work waits, `start` never runs and the result is
   * `notStarted()`.
   */
  use<T>(start: () => Promise<T>, notStarted: () => T, signal?: AbortSignal): Promise<T> {
    if (this.#inUse < this.limit) return this.#run(start);
    return new Promise<T>((resolve) => {
      const onAbort = (): void => {
        this.#waiting.delete(turn);
        resolve(notStarted());
      };
      const turn = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve(this.#run(start));
      };
      this.#waiting.add(turn);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  #run<T>(start: () => Promise<T>): Promise<T> {
    this.#inUse += 1;
    let running: Promise<T>;
    try {
      running = start();
    } catch (error) {
      running = Promise.reject(error);
    }
    const release = (): void => {
      this.#inUse -= 1;
      // A Set iterates in insertion order: the longest waiting goes first.
      const [next] = this.#waiting;
      if (next !== undefined) {
        this.#waiting.delete(next);
        next();
      }
    };
    running.then(release, release);
    return running;
  }
}
