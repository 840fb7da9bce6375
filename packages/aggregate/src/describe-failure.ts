import { trimBlank } from './blank-text.ts';
import type { OutcomeHook, RunFacts } from './hook-outcome.ts';

const TAIL_LINES = 10;
const TAIL_CHARACTERS = 1024;

/** An HTTP hook's run (H3): it has a status, or `null` when no response came, instead of an exit code. */
export function isHttpRun(facts: RunFacts): boolean {
  return facts.httpStatus !== undefined;
}

/** H3: an HTTP hook answered when a 2xx response arrived whole, in time and within the cap. */
export function httpAnswered(facts: RunFacts): boolean {
  const status = facts.httpStatus;
  return (
    typeof status === 'number' &&
    status >= 200 &&
    status <= 299 &&
    !facts.timedOut &&
    !facts.truncated &&
    (facts.failure ?? null) === null
  );
}

function describeTimeout(hook: OutcomeHook): string {
  const { timeout } = hook;
  return typeof timeout === 'number' && Number.isFinite(timeout) ? `timed out after ${timeout}s` : 'timed out';
}

/** H3: why an HTTP hook did not answer: `timed out after 5s`, `HTTP status 500`, the failure. */
function describeHttpFailure(hook: OutcomeHook, facts: RunFacts): string {
  if (facts.timedOut) return describeTimeout(hook);
  if (facts.truncated) return 'response body over 1 MiB';
  if (facts.failure != null) return facts.failure;
  if (facts.httpStatus == null) return 'no response';
  return `HTTP status ${facts.httpStatus}`;
}

/** H3: the end of an error status's body (it often says why), else `''`. */
export function httpErrorBodyTail(facts: RunFacts): string {
  const statusIsTheProblem =
    typeof facts.httpStatus === 'number' && !facts.timedOut && !facts.truncated && (facts.failure ?? null) === null;
  return statusIsTheProblem ? stderrTail(facts.stdout) : '';
}

/**
 * The short problem of a run that neither exited 0, 2 nor 49 (O5): `failed to start: …`,
 * `timed out after 5s`, `killed by signal SIGKILL`, `exited with code 1`; for an HTTP hook that
 * did not answer (H3), `HTTP status 500`, `response body over 1 MiB` or the failure
 * (`connection refused by 127.0.0.1:8080 (ECONNREFUSED)`).
 */
export function describeFailure(hook: OutcomeHook, facts: RunFacts): string {
  if (isHttpRun(facts)) return describeHttpFailure(hook, facts);
  if (facts.startError !== null) return `failed to start: ${facts.startError}`;
  if (facts.timedOut) return describeTimeout(hook);
  // A call its kind says got no answer (R12: the process it kept exited, printed garbage, …).
  if (facts.failure != null) return facts.failure;
  if (facts.signal !== null) return `killed by signal ${facts.signal}`;
  if (facts.exitCode === null) return 'ended without an exit code';
  // The two codes the shell itself uses are worth naming: users read them as the hook's answer.
  if (facts.exitCode === 127) return 'exited with code 127 (command not found)';
  if (facts.exitCode === 126) return 'exited with code 126 (command not executable)';
  return `exited with code ${facts.exitCode}`;
}

/**
 * How a run that failed ended, as the subject of a diagnostic's sentence (`hook 'X' exited 1: …`):
 * `exited 1`, `exited 127 (command not found)`, `timed out after 5s`, `was killed by signal
 * SIGKILL`; for an HTTP hook, `failed (HTTP status 500)`.
 */
export function failureSummary(hook: OutcomeHook, facts: RunFacts): string {
  if (isHttpRun(facts)) return facts.timedOut ? describeTimeout(hook) : `failed (${describeHttpFailure(hook, facts)})`;
  if (facts.startError !== null) return `could not start: ${facts.startError}`;
  if (facts.timedOut) return describeTimeout(hook);
  if (facts.failure != null) return `failed (${facts.failure})`;
  if (facts.signal !== null) return `was killed by signal ${facts.signal}`;
  if (facts.exitCode === null) return 'ended without an exit code';
  if (facts.exitCode === 127) return 'exited 127 (command not found)';
  if (facts.exitCode === 126) return 'exited 126 (command not executable)';
  return `exited ${facts.exitCode}`;
}

/**
 * The end of stderr worth showing in a diagnostic: its last 10 lines and at most 1 KiB, marked
 * with `…` when cut. Empty when stderr is blank.
 */
export function stderrTail(stderr: string): string {
  const trimmed = trimBlank(stderr);
  let tail = trimmed;
  let lineStart = tail.length;
  for (let lines = 0; lines < TAIL_LINES && lineStart > 0; lines += 1) {
    lineStart = tail.lastIndexOf('\n', lineStart - 1);
    if (lineStart === -1) {
      lineStart = 0;
      break;
    }
  }
  if (lineStart > 0) tail = tail.slice(lineStart + 1);
  if (tail.length > TAIL_CHARACTERS) {
    let start = tail.length - TAIL_CHARACTERS;
    // Do not start on the second half of a surrogate pair.
    const code = tail.charCodeAt(start);
    if (code >= 0xdc00 && code <= 0xdfff) start += 1;
    tail = tail.slice(start);
  }
  return tail.length < trimmed.length ? `…${tail}` : tail;
}
