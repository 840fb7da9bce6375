// An agent's hook stdin as every bridge reads it (`cosh claude-hook`, its `--client codex`,
// `cosh gemini-hook`; SPEC K4, K8–K10): the same JSON fields under each agent's event names.
import type { HookEvent } from '@cosh/config';

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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

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
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, event: null, problem: `stdin is not JSON (${why})` };
  }
  if (!isRecord(data)) return { ok: false, event: null, problem: 'stdin is not a JSON object' };
  const eventName = data['hook_event_name'];
  const event = typeof eventName === 'string' && Object.hasOwn(events, eventName) ? events[eventName] : undefined;
  if (event === undefined) {
    return {
      ok: false,
      event: null,
      problem: `hook_event_name ${JSON.stringify(eventName)} is not run by ${command}: register it under ${Object.keys(events).join(' and ')} only`,
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
