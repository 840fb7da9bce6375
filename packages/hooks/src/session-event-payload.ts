// SPEC E1–E5, K4: what the hooks of a session event receive. Each session event's own fields are
// one entry of SESSION_FIELDS (its payload fields in `@cosh/spec`'s events table); the rest of the
// payload is common: Cosh's `event`, `session_id`, `cwd`, Claude Code's K4 head.
import { EVENTS, type MatcherSubject, type SessionEvent } from '@cosh/spec';
import type { SessionEventCall } from './hook-engine-types.ts';

/** A session event's own payload fields from its call, in the table's order (E1–E4). */
const SESSION_FIELDS: { readonly [Event in SessionEvent]: (call: SessionEventCall<Event>) => Record<string, unknown> } =
  {
    UserPromptSubmit: (call) => ({ prompt: call.prompt }),
    SessionStart: (call) => ({ source: call.source }),
    Stop: (call) => ({ stop_hook_active: call.stopHookActive === true }),
    SessionEnd: (call) => ({ reason: call.reason }),
  };

/** The event's own payload fields of one call (`{ prompt }`, `{ source }`, …): what a rule hook reads (D1). */
export function sessionFields<Event extends SessionEvent>(
  event: Event,
  call: SessionEventCall<Event>,
): Record<string, unknown> {
  return (SESSION_FIELDS[event] as (call: SessionEventCall<Event>) => Record<string, unknown>)(call);
}

/** The event's own fields of one call, as JSON members (`"prompt":"…"`), without braces. */
function ownMembers<Event extends SessionEvent>(event: Event, call: SessionEventCall<Event>): string {
  const fields = (SESSION_FIELDS[event] as (call: SessionEventCall<Event>) => Record<string, unknown>)(call);
  return JSON.stringify(fields).slice(1, -1);
}

/** What both payloads of one session call carry besides its own fields. */
export interface SessionPayloadContext {
  readonly sessionId: string;
  readonly cwd: string;
  /** `transcript_path` of the Claude payload (K4); `''` without one. */
  readonly transcriptPath?: string | undefined;
}

/**
 * The stdin of a Cosh hook of a session event (E5): one line of compact JSON, `event`, the
 * event's own fields, `session_id`, `cwd`; no tool fields.
 *
 * @example
 * sessionHookPayload('UserPromptSubmit', { prompt: 'hi' }, { sessionId: 's1', cwd: '/repo' });
 * // '{"event":"UserPromptSubmit","prompt":"hi","session_id":"s1","cwd":"/repo"}\n'
 */
export function sessionHookPayload<Event extends SessionEvent>(
  event: Event,
  call: SessionEventCall<Event>,
  context: SessionPayloadContext,
): string {
  return `{"event":${JSON.stringify(event)},${ownMembers(event, call)},"session_id":${JSON.stringify(context.sessionId)},"cwd":${JSON.stringify(context.cwd)}}\n`;
}

/**
 * The stdin of a `protocol: "claude"` hook of a session event (K4 as Claude Code sends it):
 * `session_id`, `transcript_path`, `cwd`, `permission_mode`, `hook_event_name`, then the event's
 * own fields (`prompt`, `source`, `stop_hook_active`, `reason`).
 */
export function claudeSessionHookPayload<Event extends SessionEvent>(
  event: Event,
  call: SessionEventCall<Event>,
  context: SessionPayloadContext,
): string {
  return (
    `{"session_id":${JSON.stringify(context.sessionId)}` +
    `,"transcript_path":${JSON.stringify(context.transcriptPath ?? '')}` +
    `,"cwd":${JSON.stringify(context.cwd)}` +
    `,"permission_mode":"default"` +
    `,"hook_event_name":${JSON.stringify(event)}` +
    `,${ownMembers(event, call)}}\n`
  );
}

/**
 * What a session event's matcher tests (E2, E4): the payload field the events table names as its
 * matcher subject (`source`, `reason`), or `''` where it names none (E1, E3).
 */
export function sessionMatcherSubject<Event extends SessionEvent>(event: Event, call: SessionEventCall<Event>): string {
  const subject: MatcherSubject = (EVENTS as Record<SessionEvent, { readonly matcherSubject: MatcherSubject }>)[event]
    .matcherSubject;
  if (subject === 'none' || subject === 'tool_name') return '';
  const value = (SESSION_FIELDS[event] as (call: SessionEventCall<Event>) => Record<string, unknown>)(call)[subject];
  return typeof value === 'string' ? value : '';
}
