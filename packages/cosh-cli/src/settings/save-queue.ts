/**
 * Runs tasks one after the other, in the order they were added: toggles pressed in quick
 * succession are saved in that order, each against the file the previous one left, and the
 * screen can wait for the last before the process exits (no half-finished write behind it).
 */
export class SaveQueue {
  private tail: Promise<void> = Promise.resolve();

  /** Queues `task`; a task that rejects does not stop the ones after it. */
  add(task: () => Promise<void>): void {
    this.tail = this.tail.then(task).catch(() => undefined);
  }

  /** Settles when every task added so far has finished. */
  idle(): Promise<void> {
    return this.tail;
  }
}
