import { trimBlank } from './blank-text.ts';
import type { OutcomeHook, RunFacts } from './hook-outcome.ts';

const TAIL_LINES = 10;
const TAIL_CHARACTERS = 1024;

/**
 * The short problem of a run that neither exited 0, 2 nor 49 (O5): `failed to start: …`,
 * `timed out after 5s`, `killed by signal SIGKILL`, `exited with code 1`.
 */
export function describeFailure(hook: OutcomeHook, facts: RunFacts): string {
  if (facts.startError !== null) return `failed to start: ${facts.startError}`;
  if (facts.timedOut) {
    const { timeout } = hook;
    return typeof timeout === 'number' && Number.isFinite(timeout) ? `timed out after ${timeout}s` : 'timed out';
  }
  if (facts.signal !== null) return `killed by signal ${facts.signal}`;
  if (facts.exitCode === null) return 'ended without an exit code';
  // The two codes the shell itself uses are worth naming: users read them as the hook's answer.
  if (facts.exitCode === 127) return 'exited with code 127 (command not found)';
  if (facts.exitCode === 126) return 'exited with code 126 (command not executable)';
  return `exited with code ${facts.exitCode}`;
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
