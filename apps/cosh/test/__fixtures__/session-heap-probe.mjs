// Preloaded into `cosh session` by the load test (node --expose-gc --import this-file): on
// SIGUSR2, collect all garbage and append the live heap size in bytes to $COSH_HEAP_PROBE, so
// the test measures what the session keeps, not what the garbage collector has not yet freed.
import { appendFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  globalThis.gc();
  appendFileSync(process.env.COSH_HEAP_PROBE, `${process.memoryUsage().heapUsed}\n`);
});
