// SPEC E1–E5, K8: a session event's verdict in Claude Code's hook protocol, for every agent that
// speaks it (the agents whose bridge is `claude-hook` in AGENTS; each one's module says what it
// reads of it). Written for the strictest of them, which refuses any field it does not know for the
// event: so `hookSpecificOutput` goes only where the event has one (UserPromptSubmit,
// SessionStart), `decision`/`reason` only where a block counts (UserPromptSubmit, Stop), and a
// block's reason is never empty.
import type { SessionEvent, SessionEventResult } from '@cosh/hooks';
import { type SessionEventOutcome, sessionReason } from '../../commands/bridge-session-event.ts';

/** The JSON line `cosh claude-hook` prints for a session event. */
export interface ClaudeSessionAnswer {
  readonly continue?: false;
  readonly stopReason?: string;
  readonly decision?: 'block';
  readonly reason?: string;
  readonly systemMessage?: string;
  readonly hookSpecificOutput?: { readonly hookEventName: SessionEvent; readonly additionalContext?: string };
}

/** The events whose answer has a `hookSpecificOutput` (in the schemas of every agent that speaks the protocol). */
const HAS_SPECIFIC: ReadonlySet<SessionEvent> = new Set(['UserPromptSubmit', 'SessionStart']);
/** The events whose block counts: a prompt not sent (E1), a stop refused (E3). */
const BLOCKS: ReadonlySet<SessionEvent> = new Set(['UserPromptSubmit', 'Stop']);

function withMessage(answer: ClaudeSessionAnswer, messages: readonly string[]): ClaudeSessionAnswer {
  const lines = messages.filter((message) => message !== '');
  return lines.length === 0 ? answer : { ...answer, systemMessage: lines.join('\n') };
}

/**
 * The answer to a session event (E5):
 *
 * - halt (E1, E3) → `continue: false` with `stopReason`;
 * - UserPromptSubmit deny → `decision: "block"` with the reasons (the prompt is not sent);
 * - Stop deny → `decision: "block"` with the reasons (the agent goes on; never while
 *   `stop_hook_active`, which the verdict already reports as a warning);
 * - UserPromptSubmit and SessionStart context → `hookSpecificOutput.additionalContext`;
 * - SessionEnd: nothing is enforced, only the warnings;
 * - the verdict's diagnostics and the load's warnings → `systemMessage`.
 *
 * @example
 * claudeSessionAnswer('Stop', result, []); // { decision: 'block', reason: 'tests fail: run them' }
 */
export function claudeSessionAnswer(
  event: SessionEvent,
  result: Pick<SessionEventResult, 'decision' | 'halt' | 'reasons' | 'context' | 'diagnostics'>,
  warnings: readonly string[],
): ClaudeSessionAnswer {
  let answer: ClaudeSessionAnswer = {};
  if (result.halt) answer = { continue: false, stopReason: sessionReason(result.reasons) };
  else if (result.decision === 'deny' && BLOCKS.has(event))
    answer = { decision: 'block', reason: sessionReason(result.reasons) };
  if (HAS_SPECIFIC.has(event)) {
    answer = {
      ...answer,
      hookSpecificOutput: {
        hookEventName: event,
        ...(result.context === '' ? {} : { additionalContext: result.context }),
      },
    };
  }
  return withMessage(answer, [...warnings, ...result.diagnostics.map((diagnostic) => diagnostic.message)]);
}

/**
 * The bridge's own failure on a session event (K8, E5): the problem as a `systemMessage` (and on
 * stderr, where the bridge printed it), never a block: the prompt is sent, the stop goes on.
 */
export function claudeSessionFailure(
  event: SessionEvent,
  problem: string,
  warnings: readonly string[] = [],
): ClaudeSessionAnswer {
  return withMessage(HAS_SPECIFIC.has(event) ? { hookSpecificOutput: { hookEventName: event } } : {}, [
    ...warnings,
    problem,
  ]);
}

/** The answer to a run of the session event's hooks, or to the bridge's failure to run them. */
export function claudeSessionOutcomeAnswer(event: SessionEvent, outcome: SessionEventOutcome): ClaudeSessionAnswer {
  return outcome.ok
    ? claudeSessionAnswer(event, outcome.result, outcome.warnings)
    : claudeSessionFailure(event, outcome.problem, outcome.warnings);
}
