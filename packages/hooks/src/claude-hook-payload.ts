import type { HookEvent } from '@cosh/config';
import { EVENTS } from '@cosh/spec';

/** What a `protocol: "claude"` hook receives on stdin, before serialisation (K4). */
export interface ClaudePayloadFields {
  readonly event: HookEvent;
  /** One UUID per session, MCP server, `exec` or `hooks run` process (`--session-id` sets it). */
  readonly sessionId: string;
  /** The history file, if there is one; `''` otherwise (the default). */
  readonly transcriptPath?: string | undefined;
  /** The hooks' working folder. */
  readonly cwd: string;
  /** The Claude tool name (`toClaudeToolName`). */
  readonly toolName: string;
  /** The input in Claude's fields (`toClaudeToolInput`). */
  readonly toolInput: Readonly<Record<string, unknown>>;
  /** The call's id, the same in PreToolUse and PostToolUse: scripts pair the two events by it. */
  readonly toolUseId: string;
  /** PostToolUse only (`claudeToolResponse`). */
  readonly toolResponse?: unknown;
}

/**
 * The stdin of a `protocol: "claude"` hook (K4): one line of compact JSON and a newline, with
 * Claude Code's keys in its order — `session_id`, `transcript_path`, `cwd`, `permission_mode`
 * (always `"default"`), `hook_event_name`, `tool_name`, `tool_input`, `tool_use_id`, then
 * `tool_response` for PostToolUse. Throws what `JSON.stringify` throws (a cycle, a BigInt) and a
 * `TypeError` when the input does not serialise to an object, as `hookPayload` does; the engine
 * turns either into a result.
 *
 * @example
 * claudeHookPayload({ event: 'PreToolUse', sessionId: 'e3b0…', cwd: '/repo', toolName: 'Bash',
 *   toolInput: { command: 'ls' }, toolUseId: 'toolu_01…' });
 * // '{"session_id":"e3b0…","transcript_path":"","cwd":"/repo","permission_mode":"default",
 * //   "hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_01…"}\n'
 */
export function claudeHookPayload(fields: ClaudePayloadFields): string {
  const toolInput = JSON.stringify(fields.toolInput);
  // A `toJSON` can turn the input into anything; hooks are promised an object.
  if (typeof toolInput !== 'string' || !toolInput.startsWith('{')) {
    throw new TypeError('the tool input does not serialise to a JSON object');
  }
  const head =
    `{"session_id":${JSON.stringify(fields.sessionId)}` +
    `,"transcript_path":${JSON.stringify(fields.transcriptPath ?? '')}` +
    `,"cwd":${JSON.stringify(fields.cwd)}` +
    `,"permission_mode":"default"` +
    `,"hook_event_name":${JSON.stringify(fields.event)}` +
    `,"tool_name":${JSON.stringify(fields.toolName)}` +
    `,"tool_input":${toolInput}` +
    `,"tool_use_id":${JSON.stringify(fields.toolUseId)}`;
  if (EVENTS[fields.event].carriesToolOutput) {
    // `null` stands in for a response that serialises to nothing, so the line stays JSON.
    return `${head},"tool_response":${JSON.stringify(fields.toolResponse) ?? 'null'}}\n`;
  }
  return `${head}}\n`;
}
