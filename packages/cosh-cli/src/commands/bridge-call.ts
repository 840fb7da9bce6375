// An agent's hook stdin as every bridge reads it (SPEC K4, K8–K10): the same JSON fields under
// each agent's event names.
import type { HookEvent } from '@cosh/config';
import type { SessionEvent } from '@cosh/hooks';
import { type AgentName, agentEventNames, TOOL_EVENTS, type ToolEvent } from '@cosh/spec';
import { type BridgeSessionCall, readBridgeSessionCall } from './bridge-session-event.ts';

/** One call of the agent's, as far as a bridge reads its stdin. */
export interface BridgeCall {
  readonly event: HookEvent;
  readonly sessionId: string | undefined;
  readonly transcriptPath: string | undefined;
  /** The payload's `cwd` when absolute, else the bridge's own. */
  readonly cwd: string;
  /** The agent's own tool name and input, before any mapping to Cosh's tools. */
  readonly toolName: string;
  readonly toolInput: Readonly<Record<string, unknown>>;
  readonly toolUseId: string | undefined;
  readonly toolResponse: unknown;
}

/** A stdin that is not a call: the problem, and its event when that much could be read. */
export interface BridgeCallProblem {
  readonly event: HookEvent | null;
  readonly problem: string;
}

/** An agent's names of the tool events (its PreToolUse and PostToolUse), each naming the Cosh event it is. */
export function agentToolEvents(agent: AgentName): Readonly<Record<string, ToolEvent>> {
  return agentEventNames(agent, TOOL_EVENTS);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** `text` as a JSON object, or what is wrong with it. */
function parseObject(text: string): { ok: true; data: Record<string, unknown> } | { ok: false; problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `stdin is not JSON (${why})` };
  }
  if (!isRecord(data)) return { ok: false, problem: 'stdin is not a JSON object' };
  return { ok: true, data };
}

/**
 * `text` read as one call of the agent whose event names are the keys of `events` (each naming
 * the Cosh event it stands for), or what is wrong with it. `command` names the bridge in the
 * problem (`cosh claude-hook`).
 */
export function parseBridgeCall(
  text: string,
  fallbackCwd: string,
  events: Readonly<Record<string, HookEvent>>,
  command: string,
): ({ ok: true } & { call: BridgeCall }) | ({ ok: false } & BridgeCallProblem) {
  const parsed = parseObject(text);
  if (!parsed.ok) return { ok: false, event: null, problem: parsed.problem };
  return readToolCall(parsed.data, fallbackCwd, events, command);
}

/** What an agent's stdin is: a tool call, a session event (E5), or a problem. */
export type BridgeStdin =
  | { readonly kind: 'tool'; readonly call: BridgeCall }
  | { readonly kind: 'session'; readonly call: BridgeSessionCall }
  | ({ readonly kind: 'problem' } & BridgeCallProblem & { readonly agentEvent: string | null });

/**
 * `text` read as one call of the agent: a tool call under one of `toolEvents`, or a session event
 * under one of `sessionEvents` (E5), each keyed by the agent's name of it.
 */
export function parseBridgeStdin(
  text: string,
  fallbackCwd: string,
  toolEvents: Readonly<Record<string, HookEvent>>,
  sessionEvents: Readonly<Record<string, SessionEvent>>,
  command: string,
): BridgeStdin {
  const parsed = parseObject(text);
  if (!parsed.ok) return { kind: 'problem', event: null, agentEvent: null, problem: parsed.problem };
  const eventName = parsed.data['hook_event_name'];
  if (typeof eventName === 'string' && Object.hasOwn(sessionEvents, eventName)) {
    const event = sessionEvents[eventName] as SessionEvent;
    const read = readBridgeSessionCall(parsed.data, event, eventName, fallbackCwd);
    return read.ok
      ? { kind: 'session', call: read.call }
      : { kind: 'problem', event, agentEvent: eventName, problem: read.problem };
  }
  const all = { ...toolEvents, ...sessionEvents };
  const read = readToolCall(parsed.data, fallbackCwd, toolEvents, command, Object.keys(all));
  if (read.ok) return { kind: 'tool', call: read.call };
  return {
    kind: 'problem',
    event: read.event,
    agentEvent: typeof eventName === 'string' && read.event !== null ? eventName : null,
    problem: read.problem,
  };
}

/** `a, b and c`. */
function listed(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function readToolCall(
  data: Record<string, unknown>,
  fallbackCwd: string,
  events: Readonly<Record<string, HookEvent>>,
  command: string,
  names: readonly string[] = Object.keys(events),
): ({ ok: true } & { call: BridgeCall }) | ({ ok: false } & BridgeCallProblem) {
  const eventName = data['hook_event_name'];
  const event = typeof eventName === 'string' && Object.hasOwn(events, eventName) ? events[eventName] : undefined;
  if (event === undefined) {
    return {
      ok: false,
      event: null,
      problem: `hook_event_name ${JSON.stringify(eventName)} is not run by ${command}: register it under ${listed(names)} only`,
    };
  }
  if (typeof data['tool_name'] !== 'string' || data['tool_name'] === '') {
    return { ok: false, event, problem: 'tool_name is missing or not a string' };
  }
  const toolInput = data['tool_input'] ?? {};
  if (!isRecord(toolInput)) return { ok: false, event, problem: 'tool_input is not a JSON object' };
  const cwd = optionalString(data['cwd']);
  return {
    ok: true,
    call: {
      event,
      sessionId: optionalString(data['session_id']) || undefined,
      transcriptPath: optionalString(data['transcript_path']),
      cwd: cwd?.startsWith('/') ? cwd : fallbackCwd,
      toolName: data['tool_name'],
      toolInput,
      toolUseId: optionalString(data['tool_use_id']),
      toolResponse: data['tool_response'],
    },
  };
}
