/**
 * Milliseconds on a clock that only moves forward, from an arbitrary origin (as
 * `performance.now()`), for durations and deadlines. Not `performance.now()` itself: the first
 * read of the `performance` global loads node:perf_hooks, eight modules and about 1 ms of every
 * `cosh hooks run` on Node 20.
 */
export function monotonicNow(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
