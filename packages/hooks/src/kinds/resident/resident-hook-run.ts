// SPEC R12: a resident hook's call, made a HookRun like any hook's, so the outcome rules (O1–O6,
// K5) read it unchanged: the answer's fields are its stdout, its `"exit"` its exit code.
import {
  type HookRunner,
  monotonicNow,
  type ResidentCallRequest,
  type ResidentCallResult,
  type ResidentPool,
  readResidentAnswer,
  residentLine,
} from '@cosh/runner';
import { describeError } from '../../describe-error.ts';
import { runGuarded } from '../../guarded-runs.ts';
import { emptyRun, type HookRun, notStarted } from '../../hook-run.ts';

/** The exit statuses an answer's `"exit"` may stand for (O1, O3, O4); absent is 0. */
const answerExits: readonly unknown[] = [0, 2, 49];

/** The run of a call that got no answer: it failed with `failure` (O5). */
function failedRun(failure: string, stderr: string, durationMs: number): HookRun {
  return { ...emptyRun(durationMs), stderr, failure };
}

/**
 * An answer as the run it stands for: exit `exit` (0 when absent) with the answer's other fields
 * as stdout (no field but `id`: blank stdout, no opinion). An `exit` other than 0, 2 or 49 is a
 * failed call (O5), never read as a verdict.
 */
export function answerRun(answer: Readonly<Record<string, unknown>>, stderr: string, durationMs: number): HookRun {
  const { id: _id, exit, ...fields } = answer;
  if (exit !== undefined && !answerExits.includes(exit)) {
    return failedRun(`its answer's "exit" must be 0, 2 or 49, got ${JSON.stringify(exit)}`, stderr, durationMs);
  }
  return {
    exitCode: (exit as number | undefined) ?? 0,
    signal: null,
    stdout: Object.keys(fields).length === 0 ? '' : JSON.stringify(fields),
    stderr,
    timedOut: false,
    truncated: false,
    startError: null,
    durationMs,
  };
}

/** The pool's result of a call as a HookRun (R12: its `durationMs` is the call's answer time). */
export function residentCallRun(result: ResidentCallResult): HookRun {
  const { stderr, durationMs } = result;
  if (result.answer !== null) return answerRun(result.answer, stderr, durationMs);
  if (result.startError !== null) return { ...notStarted(result.startError, durationMs), stderr };
  if (result.timedOut) return { ...emptyRun(durationMs), stderr, timedOut: true };
  return failedRun(result.failure ?? 'the resident process gave no answer', stderr, durationMs);
}

/** What one resident call needs, whichever way it is run. */
export interface ResidentCall {
  readonly command: string;
  /** R4 without `COSH_TOOL_NAME` (one process serves every tool), built only when a process starts. */
  readonly env: () => Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly payload: Uint8Array;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}

/** One call through the engine's pool (long-lived hosts). Never rejects. */
export async function callResident(pool: ResidentPool, request: ResidentCallRequest): Promise<HookRun> {
  const calledAt = monotonicNow();
  try {
    return residentCallRun(await pool.call(request));
  } catch (error) {
    return notStarted(`the resident pool failed: ${describeError(error)}`, monotonicNow() - calledAt);
  }
}

/** The id of a one-call process's only line. */
const oneCallId = '1';

/**
 * One call as a one-call process (one-shot commands: `hooks run`, `exec`, `claude-hook`): the same
 * protocol, one line with an id, then stdin closes; the process is run as any hook (R1–R11) and
 * its answer line read from its stdout. Never rejects.
 */
export async function runResidentOnce(hookRunner: HookRunner, call: ResidentCall, budgetMs: number): Promise<HookRun> {
  let line: Uint8Array;
  try {
    line = residentLine(call.payload, oneCallId);
  } catch (error) {
    return notStarted(describeError(error), null);
  }
  const { command, cwd, timeoutMs, signal } = call;
  const run = await runGuarded(hookRunner, { command, stdin: line, env: call.env(), cwd, timeoutMs, signal }, budgetMs);
  if (run.startError !== null || run.timedOut || run.signal !== null) return run;
  const durationMs = run.durationMs ?? 0;
  if (run.truncated) return failedRun('it printed more than the output cap', run.stderr, durationMs);
  const lines = run.stdout.split('\n').filter((text) => text.trim() !== '');
  if (lines.length === 0) {
    return failedRun(`the resident process exited with code ${run.exitCode} without an answer`, run.stderr, durationMs);
  }
  for (const text of lines) {
    const read = readResidentAnswer(text);
    if (!read.ok) return failedRun(`the resident process answered wrongly: ${read.problem}`, run.stderr, durationMs);
    if (read.id !== oneCallId) {
      return failedRun(
        `the resident process answered an id it was not asked: ${JSON.stringify(read.id)}`,
        run.stderr,
        durationMs,
      );
    }
  }
  const answer = readResidentAnswer(lines[0] as string);
  return answer.ok ? answerRun(answer.answer, run.stderr, durationMs) : run;
}
