import { composeToolOutput } from '@cosh/aggregate';
import { EVENTS, type SessionEvent } from '@cosh/spec';
import type {
  PostToolUseCall,
  PostToolUseResult,
  PreToolUseResult,
  SessionEventResult,
  ToolCall,
} from './hook-engine-types.ts';
import { isRecord } from './is-record.ts';
import { monotonicNow } from '@cosh/runner';

// A call the engine could not put through its hooks fails closed: hooks that might have
// blocked it never saw it, so it must not run as if they had allowed it.

/** What a failed Pre- and PostToolUse result share; `call` may be anything a caller passed. */
function failedFields(call: unknown, reason: string, startedAt: number) {
  const record: Record<string, unknown> = isRecord(call) ? call : {};
  return {
    toolName: typeof record['toolName'] === 'string' ? record['toolName'] : String(record['toolName']),
    decision: 'deny',
    halt: false,
    reasons: [reason],
    context: '',
    toolInput: isRecord(record['toolInput']) ? record['toolInput'] : {},
    hooks: [],
    diagnostics: [{ level: 'error', hook: null, message: reason }],
    durationMs: monotonicNow() - startedAt,
  } as const;
}

export function failedPreToolUse(call: ToolCall, reason: string, startedAt: number): PreToolUseResult {
  return { event: 'PreToolUse', ...failedFields(call, reason, startedAt) };
}

export function failedPostToolUse(call: PostToolUseCall, reason: string, startedAt: number): PostToolUseResult {
  const record: Record<string, unknown> = isRecord(call) ? call : {};
  const rawOutput = typeof record['toolOutput'] === 'string' ? record['toolOutput'] : '';
  const preContext = typeof record['preToolUseContext'] === 'string' ? record['preToolUseContext'] : '';
  return {
    event: 'PostToolUse',
    ...failedFields(call, reason, startedAt),
    // Like a PostToolUse deny: the output still enters history, flagged (P2).
    toolOutput: composeToolOutput(rawOutput, [preContext, `[hook] ${reason}`]),
  };
}

/**
 * A session call the engine could not put through its hooks: refused where the event fails
 * closed (a prompt its guards never saw is not sent, E1), else only an error diagnostic (E2–E4).
 */
export function failedSessionEvent<Event extends SessionEvent>(
  event: Event,
  reason: string,
  startedAt: number,
): SessionEventResult<Event> {
  const refused = EVENTS[event].failsClosed;
  return {
    event,
    decision: refused ? 'deny' : 'none',
    halt: false,
    reasons: refused ? [reason] : [],
    context: '',
    diagnostics: [{ level: 'error', hook: null, message: reason }],
    hooks: [],
    durationMs: monotonicNow() - startedAt,
  };
}
