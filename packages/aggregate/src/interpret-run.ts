import { trimBlank } from './blank-text.ts';
import {
  describeFailure,
  failureSummary,
  httpAnswered,
  httpErrorBodyTail,
  isHttpRun,
  stderrTail,
} from './describe-failure.ts';
import { EVENTS } from '@cosh/spec';
import type { HookEvent, HookOutcome, OutcomeHook, RunFacts } from './hook-outcome.ts';
import type { OutputParsers } from './output-parsers.ts';
import type { HookOutput, ParsedHookOutput } from './parse-hook-output.ts';

/** Exit code that blocks the call whatever stdout says (O3). */
export const DENY_EXIT_CODE = 2;
/** Exit code that stops the turn whatever stdout says (O4). */
export const HALT_EXIT_CODE = 49;

/** `blocked by hook 'X'` (PreToolUse) or `hook 'X' flagged this output` (PostToolUse): O3, P2. */
export function defaultDenyReason(event: HookEvent, hookName: string): string {
  return EVENTS[event].wording.defaultDenyReason(hookName);
}

/** `halted by hook 'X'` (O4). */
export function defaultHaltReason(hookName: string): string {
  return `halted by hook '${hookName}'`;
}

/** `asked by hook 'X'`: the reason of an `ask` that gave none (K7). */
export function defaultAskReason(hookName: string): string {
  return `asked by hook '${hookName}'`;
}

/** The problem of an output cut at the cap (R8): it is invalid whatever was kept (O2, K5). */
export const TRUNCATED_OUTPUT_PROBLEM = 'output was truncated (over 1 MiB)';

/** Whether stdout was cut at the cap (R8). */
export function isStdoutTruncated(facts: RunFacts): boolean {
  // `truncated` also covers stderr; only a cut stdout makes the output unreadable (R8, O2).
  return typeof facts.stdoutTruncated === 'boolean' ? facts.stdoutTruncated : facts.truncated;
}

function readStdout(facts: RunFacts, parseOutput: OutputParsers['cosh']): ParsedHookOutput {
  if (isStdoutTruncated(facts)) return { kind: 'invalid', problem: TRUNCATED_OUTPUT_PROBLEM };
  return parseOutput(facts.stdout);
}

/** O3/O4/O6: the output's reason if it has one, else stderr, else the default. */
export function pickReason(output: Pick<HookOutput, 'reason'> | null, stderr: string, fallback: string): string {
  if (output?.reason != null) return output.reason;
  const trimmed = trimBlank(stderr);
  return trimmed === '' ? fallback : trimmed;
}

/** What an interpreter says about a run; {@link outcome} fills in the rest. */
export interface OutcomeFields {
  readonly kind: HookOutcome['kind'];
  readonly reason?: string | null;
  readonly context?: string | null;
  readonly updatedInput?: HookOutcome['updatedInput'];
  readonly diagnostic?: HookOutcome['diagnostic'];
  /** The hook's process could not start (R9). An HTTP call that failed never sets this (H3). */
  readonly couldNotStart?: boolean;
}

/**
 * Whether an outcome counts as a deny in the verdict: the one place this is decided, for every
 * protocol and for HTTP hooks. A deny does (O3, O6, K5); a hook process that could not start
 * does whatever `onError` says (R9: a guard that never ran must not wave the call through); any
 * other failure, an error or an invalid output, only with `onError: 'deny'` (O2, O5, H3).
 */
function countsAsDeny(hook: OutcomeHook, fields: OutcomeFields): boolean {
  if (fields.kind === 'deny') return true;
  if (fields.kind !== 'error' && fields.kind !== 'invalid') return false;
  return fields.couldNotStart === true || hook.onError === 'deny';
}

/** The outcome of `hook` from what an interpreter found; `countsAsDeny` is derived here. */
export function outcome(hook: OutcomeHook, fields: OutcomeFields): HookOutcome {
  return {
    hook: hook.name,
    kind: fields.kind,
    reason: fields.reason ?? null,
    context: fields.context ?? null,
    updatedInput: fields.updatedInput ?? null,
    countsAsDeny: countsAsDeny(hook, fields),
    diagnostic: fields.diagnostic ?? null,
  };
}

/**
 * What a broken hook's failure did to the call, for its diagnostic: a failure that lets the
 * call run must say so, and how to make the hook block (a guard that crashes is easy to mistake
 * for one that blocked). A process blocks by exiting 2; an HTTP hook by a 2xx answer that denies
 * (its status is not an exit code).
 */
export function failureConsequence(event: HookEvent, hook: Pick<OutcomeHook, 'onError'>, facts: RunFacts): string {
  if (hook.onError === 'deny') return EVENTS[event].wording.failedClosed;
  return EVENTS[event].wording.failedOpen(isHttpRun(facts) ? 'a 2xx answer that denies' : 'exit 2');
}

/**
 * A hook that broke (O2, O5, R9): no opinion, an error diagnostic (what went wrong, then what
 * that did to the call); when it counts as a deny, the reason says why the call is refused.
 * `startError`: why its process could not start.
 */
export function failedOutcome(
  hook: OutcomeHook,
  kind: 'error' | 'invalid',
  problem: string,
  diagnosticMessage: string,
  startError: string | null = null,
): HookOutcome {
  const fields: OutcomeFields = {
    kind,
    couldNotStart: startError !== null,
    diagnostic: { level: 'error', hook: hook.name, message: diagnosticMessage },
  };
  let reason: string | null = null;
  if (startError !== null) reason = `hook '${hook.name}' could not start: ${startError}; the call is refused`;
  else if (countsAsDeny(hook, fields)) reason = `hook '${hook.name}' failed: ${problem}`;
  return outcome(hook, { ...fields, reason });
}

/** O2: an output that is not what the protocol reads; the diagnostic names the exact problem. */
export function invalidOutputOutcome(
  event: HookEvent,
  hook: OutcomeHook,
  facts: RunFacts,
  problem: string,
): HookOutcome {
  return failedOutcome(
    hook,
    'invalid',
    `invalid output: ${problem}`,
    `hook '${hook.name}' printed invalid output: ${problem}; ${failureConsequence(event, hook, facts)}`,
  );
}

/**
 * H3: the outcome of an HTTP hook that did not answer — another status than 2xx, a timeout, a
 * body over the cap, a connection failure — as an `error` that `onError` decides (never R9's
 * fail-closed "could not start", which is for processes only). `null` for a whole 2xx answer and
 * for a process run: the protocol reads those.
 */
export function httpFailureOutcome(event: HookEvent, hook: OutcomeHook, facts: RunFacts): HookOutcome | null {
  if (!isHttpRun(facts) || httpAnswered(facts)) return null;
  const body = httpErrorBodyTail(facts);
  return failedOutcome(
    hook,
    'error',
    describeFailure(hook, facts),
    `hook '${hook.name}' ${failureSummary(hook, facts)}: ${failureConsequence(event, hook, facts)}${body === '' ? '' : `; response: ${body}`}`,
  );
}

/** H3: a whole 2xx HTTP answer as the run it stands for, exit 0 with the body as stdout; a process run as it is. */
export function asProcessRun(facts: RunFacts): RunFacts {
  return isHttpRun(facts) ? { ...facts, exitCode: 0, signal: null, startError: null } : facts;
}

/**
 * `interpretRun` (interpret-runs.ts) reading stdout with `parsers.cosh` (see `outputParsersFor`), so a caller
 * whose hooks printed nothing need not load the output schema.
 */
export function interpretRunWith(
  event: HookEvent,
  hook: OutcomeHook,
  runFacts: RunFacts,
  parsers: Pick<OutputParsers, 'cosh'>,
): HookOutcome {
  const httpFailure = httpFailureOutcome(event, hook, runFacts);
  if (httpFailure !== null) return httpFailure;
  const facts = asProcessRun(runFacts);
  const ended = facts.startError === null && !facts.timedOut && facts.signal === null;

  if (ended && (facts.exitCode === DENY_EXIT_CODE || facts.exitCode === HALT_EXIT_CODE)) {
    const parsed = readStdout(facts, parsers.cosh);
    // Stdout cannot change the verdict here; a valid one still lends its reason and context.
    const output = parsed.kind === 'valid' ? parsed.output : null;
    if (facts.exitCode === DENY_EXIT_CODE) {
      return outcome(hook, {
        kind: 'deny',
        reason: pickReason(output, facts.stderr, defaultDenyReason(event, hook.name)),
        context: output?.context ?? null,
      });
    }
    return outcome(hook, {
      kind: 'halt',
      reason: pickReason(output, facts.stderr, defaultHaltReason(hook.name)),
      context: output?.context ?? null,
    });
  }

  if (ended && facts.exitCode === 0) {
    const parsed = readStdout(facts, parsers.cosh);
    if (parsed.kind === 'blank') return outcome(hook, { kind: 'none' });
    if (parsed.kind === 'invalid') return invalidOutputOutcome(event, hook, facts, parsed.problem);
    const { output } = parsed;
    if (output.decision === 'deny') {
      return outcome(hook, {
        kind: 'deny',
        reason: pickReason(output, facts.stderr, defaultDenyReason(event, hook.name)),
        context: output.context,
        updatedInput: output.updatedInput,
      });
    }
    if (output.decision === 'ask') {
      // K7: the reason is what the permission prompt shows, or the refusal where none can be shown.
      return outcome(hook, {
        kind: 'ask',
        reason: pickReason(output, facts.stderr, defaultAskReason(hook.name)),
        context: output.context,
        updatedInput: output.updatedInput,
      });
    }
    return outcome(hook, { kind: output.decision, context: output.context, updatedInput: output.updatedInput });
  }

  return runFailureOutcome(event, hook, facts);
}

/**
 * A run that did not end with an exit code its protocol reads (O5): failed to start, timed out,
 * killed, or an exit code with no meaning. A hook that could not start counts as a deny whatever
 * `onError` says (R9); any other failure only when `onError` is `'deny'`.
 */
export function runFailureOutcome(event: HookEvent, hook: OutcomeHook, facts: RunFacts): HookOutcome {
  const tail = stderrTail(facts.stderr);
  const stderr = tail === '' ? '' : `; stderr: ${tail}`;
  const problem = describeFailure(hook, facts);
  if (facts.startError !== null) {
    // R9: a guard that never ran must not wave the call through, whatever onError says; the model
    // can cause these states (renaming the working folder, many calls at once).
    const message = `hook '${hook.name}' could not start: ${facts.startError}; the call is refused${stderr}`;
    return failedOutcome(hook, 'error', problem, message, facts.startError);
  }
  return failedOutcome(
    hook,
    'error',
    problem,
    `hook '${hook.name}' ${failureSummary(hook, facts)}: ${failureConsequence(event, hook, facts)}${stderr}`,
  );
}
