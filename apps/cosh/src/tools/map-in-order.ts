/**
 * `map` applied to the items of `source` with up to `concurrency` calls running, results
 * yielded in the order of the items, whatever order the calls finish in.
 *
 * A slow call does not hold the others up: while it runs, new items keep starting as earlier
 * ones finish, and finished results wait their turn, up to `4 × concurrency` items pulled
 * ahead of the consumer. That bounds what is held in memory. When the consumer stops early,
 * `source` is closed and calls still running are left to settle on their own: `map` should
 * watch a signal of the caller's to stop quickly.
 */
export async function* mapInOrder<Item, Result>(
  source: AsyncIterable<Item>,
  concurrency: number,
  map: (item: Item) => Promise<Result>,
): AsyncGenerator<Result> {
  const iterator = source[Symbol.asyncIterator]();
  const maxAhead = concurrency * 4;
  const started: Promise<Result>[] = [];
  let running = 0;
  let sourceDone = false;
  let onSettled: (() => void) | undefined;
  try {
    for (;;) {
      while (!sourceDone && running < concurrency && started.length < maxAhead) {
        const next = await iterator.next();
        if (next.done === true) {
          sourceDone = true;
          break;
        }
        running += 1;
        const call = map(next.value);
        const settle = (): void => {
          running -= 1;
          onSettled?.();
        };
        // Marked handled here: a call that fails while earlier ones are awaited must not be
        // reported as an unhandled rejection; awaiting it below still throws its error.
        call.then(settle, settle);
        started.push(call);
      }
      const oldest = started[0];
      if (oldest === undefined) return;
      // Wake on whichever comes first: the oldest result (yield it) or any call settling
      // (a slot to start the next item in).
      const oldestSettled = await new Promise<boolean>((resolve) => {
        onSettled = () => resolve(false);
        oldest.then(
          () => resolve(true),
          () => resolve(true),
        );
      });
      onSettled = undefined;
      if (oldestSettled) {
        started.shift();
        yield await oldest;
      }
    }
  } finally {
    if (!sourceDone) await iterator.return?.();
  }
}
