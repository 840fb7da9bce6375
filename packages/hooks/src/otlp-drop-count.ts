// SPEC J3: the OpenTelemetry records a host could not send are counted beside its journal, in
// `.<journal>.otlp-dropped` (one decimal count per closing host that dropped any, appended with
// O_APPEND so concurrent bridges never mix their counts); `cosh journal stats` sums them.
import { closeSync, constants, openSync, readFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The drop count file of `journal`. */
export function otlpDropCountFile(journal: string): string {
  return join(dirname(journal), `.${basename(journal)}.otlp-dropped`);
}

/** Adds `dropped` to the count of `journal`; throws what the file system throws. */
export function addOtlpDrops(journal: string, dropped: number): void {
  const descriptor = openSync(
    otlpDropCountFile(journal),
    constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    0o600,
  );
  try {
    writeSync(descriptor, `${dropped}\n`);
  } finally {
    closeSync(descriptor);
  }
}

/** The records counted as dropped for `journal` (0 without a count file; unreadable lines are skipped). */
export function otlpDropsOf(journal: string): number {
  let text: string;
  try {
    text = readFileSync(otlpDropCountFile(journal), 'utf8');
  } catch {
    return 0;
  }
  let total = 0;
  for (const line of text.split('\n')) {
    const count = Number(line);
    if (line !== '' && Number.isSafeInteger(count) && count > 0) total += count;
  }
  return total;
}
