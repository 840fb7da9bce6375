// SPEC E1–E5, K10: a session event's verdict in Gemini CLI's hook protocol. Gemini's BeforeAgent is
// UserPromptSubmit, AfterAgent is Stop; SessionStart and SessionEnd keep their names. A deny that
// counts is `{"decision":"deny","reason"}` and exit 2 with the reasons on stderr (Gemini reads
// either); a context is `hookSpecificOutput.additionalContext` under Gemini's event name.
import type { SessionEvent, SessionEventResult } from '@cosh/hooks';
import { type SessionEventOutcome, sessionReason } from '../../commands/bridge-session-event.ts';
import type { GeminiHookAnswer } from './gemini-hook-answer.ts';

/** The events whose deny counts: a prompt not sent (E1), a stop refused so the agent goes on (E3). */
const DENIES: ReadonlySet<SessionEvent> = new Set(['UserPromptSubmit', 'Stop']);
/** The events whose context counts (E1, E2). */
const CONTEXTS: ReadonlySet<SessionEvent> = new Set(['UserPromptSubmit', 'SessionStart']);

function withMessage(json: Record<string, unknown>, messages: readonly string[]): Record<string, unknown> {
  const lines = messages.filter((message) => message !== '');
  return lines.length === 0 ? json : { ...json, systemMessage: lines.join('\n') };
}

/**
 * The answer to a Gemini session event (E5): halt → `continue: false` with `stopReason`; a
 * BeforeAgent or AfterAgent deny → `decision: "deny"` with the reasons, exit 2 and the reasons
 * on stderr; a BeforeAgent or SessionStart context → `hookSpecificOutput.additionalContext`;
 * SessionEnd enforces nothing; diagnostics and the load's warnings → `systemMessage`.
 */
export function geminiSessionAnswer(
  event: SessionEvent,
  agentEvent: string,
  result: Pick<SessionEventResult, 'decision' | 'halt' | 'reasons' | 'context' | 'diagnostics'>,
  warnings: readonly string[],
): GeminiHookAnswer {
  let json: Record<string, unknown> = {};
  let denied = false;
  // Gemini shows a block's or a stop's `systemMessage` in place of its reason: the reason leads it.
  let shown: string[] = [];
  if (result.halt) {
    json = { continue: false, stopReason: sessionReason(result.reasons) };
    shown = [sessionReason(result.reasons)];
  } else if (result.decision === 'deny' && DENIES.has(event)) {
    json = { decision: 'deny', reason: sessionReason(result.reasons) };
    shown = [sessionReason(result.reasons)];
    denied = true;
  }
  if (CONTEXTS.has(event) && result.context !== '')
    json = { ...json, hookSpecificOutput: { hookEventName: agentEvent, additionalContext: result.context } };
  const messages = [...warnings, ...result.diagnostics.map((diagnostic) => diagnostic.message)];
  json = withMessage(json, messages.length === 0 ? [] : [...shown, ...messages]);
  return denied
    ? { json, exitCode: 2, stderr: json['reason'] as string, contextToKeep: '' }
    : { json, exitCode: 0, stderr: '', contextToKeep: '' };
}

/**
 * The bridge's own failure on a session event (E5): a `systemMessage`, never a deny: the prompt is
 * sent, the agent's turn ends as it would.
 */
export function geminiSessionFailure(problem: string, warnings: readonly string[] = []): GeminiHookAnswer {
  return { json: withMessage({}, [...warnings, problem]), exitCode: 0, stderr: '', contextToKeep: '' };
}

/** The answer to a run of the session event's hooks, or to the bridge's failure to run them. */
export function geminiSessionOutcomeAnswer(
  event: SessionEvent,
  agentEvent: string,
  outcome: SessionEventOutcome,
): GeminiHookAnswer {
  return outcome.ok
    ? geminiSessionAnswer(event, agentEvent, outcome.result, outcome.warnings)
    : geminiSessionFailure(outcome.problem, outcome.warnings);
}
