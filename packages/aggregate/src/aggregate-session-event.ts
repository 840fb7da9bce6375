// SPEC E1–E4: the verdict of a session event. What a verdict of the event may do is its entry in
// `@cosh/spec`'s events table (`honours`): a deny blocks a prompt and says "not yet" to a stop; a
// SessionStart keeps only its context; a SessionEnd enforces nothing. What the event does not
// honour is a warning, never silently dropped.
import { EVENTS, type SessionEvent } from '@cosh/spec';
import type { Diagnostic, HookOutcome } from './hook-outcome.ts';
import { summarizeOutcomes } from './summarize-outcomes.ts';

/** What the hooks of one session event decided (E1–E4). */
export interface SessionEventVerdict {
  /** `deny` where the event honours a deny (a prompt blocked, a stop refused), else `allow` or `none`. */
  readonly decision: 'allow' | 'deny' | 'none';
  /** Any hook halted, where the event honours a halt (E1, E3). */
  readonly halt: boolean;
  /** The halts' reasons when halted, else the denies' when denied, in config order (A5). */
  readonly reasons: readonly string[];
  /** The non-empty contexts of valid outputs, `\n`-joined, where the event honours context (E1, E2). */
  readonly context: string;
  /** The outcomes' diagnostics in config order, then what the event did not honour. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Options of {@link aggregateSessionEvent}. */
export interface SessionEventOptions {
  /** E3: this stop follows one a Stop hook already refused: a deny now is not honoured. */
  readonly stopHookActive?: boolean | undefined;
}

/**
 * Aggregate the outcomes of one session event, given in config order (E1–E4).
 *
 * @example
 * const verdict = aggregateSessionEvent('UserPromptSubmit', outcomes);
 * if (verdict.decision === 'deny') showPerson(verdict.reasons); // the prompt is not sent
 */
export function aggregateSessionEvent(
  event: SessionEvent,
  outcomes: readonly HookOutcome[],
  options: SessionEventOptions = {},
): SessionEventVerdict {
  const honours = EVENTS[event].honours;
  const summary = summarizeOutcomes(event, outcomes);
  const diagnostics = [...summary.diagnostics];
  const warn = (message: string): void => {
    diagnostics.push({ level: 'warning', hook: null, message });
  };

  let halt = summary.halt;
  if (halt && !honours.halt) {
    warn(`${event}: a halt is not enforced here (${summary.reasons.join('; ')})`);
    halt = false;
  }
  let decision: SessionEventVerdict['decision'] =
    summary.decision === 'ask' ? 'none' : summary.decision === 'deny' ? 'deny' : summary.decision;
  if (summary.decision === 'ask') warn(`${event}: ask is not honoured here; it counts as no opinion`);
  if (decision === 'deny' && !honours.deny) {
    warn(`${event}: a deny is not enforced here (${summary.denyReasons.join('; ')})`);
    decision = 'none';
  } else if (decision === 'deny' && event === 'Stop' && options.stopHookActive === true) {
    // E3: a stop that follows a refused one ends, or an agent could be held forever.
    warn(`Stop: a deny while stop_hook_active is true is not honoured (${summary.denyReasons.join('; ')})`);
    decision = 'none';
  }
  for (const outcome of outcomes) {
    if (outcome.updatedInput !== null) {
      diagnostics.push({ level: 'warning', hook: outcome.hook, message: `${event}: updated_input is not honoured` });
    }
  }

  return {
    decision,
    halt,
    reasons: halt ? summary.reasons : decision === 'deny' ? summary.denyReasons : [],
    context: honours.context ? summary.contexts.join('\n') : '',
    diagnostics,
  };
}
