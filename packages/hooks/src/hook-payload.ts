import type { HookEvent } from '@cosh/config';
import { EVENTS } from '@cosh/spec';

/** What one event's hooks receive on stdin, before serialisation (R3). */
export interface HookPayloadFields {
  readonly event: HookEvent;
  readonly toolName: string;
  readonly toolInput: Readonly<Record<string, unknown>>;
  /** PostToolUse only: the raw tool output, before any context is appended (P1). */
  readonly toolOutput?: string | undefined;
}

/**
 * The stdin of every hook of one event (R3): one line of compact JSON and a newline, keys in
 * the documented order — `event`, `tool_name`, `tool_input`, then `tool_output` for
 * PostToolUse. Throws what `JSON.stringify` throws (a cycle, a BigInt) and a `TypeError` when
 * the input serialises to something that is not an object; the engine turns either into a
 * result.
 *
 * @example
 * hookPayload({ event: 'PreToolUse', toolName: 'bash_run', toolInput: { command: 'ls' } });
 * // '{"event":"PreToolUse","tool_name":"bash_run","tool_input":{"command":"ls"}}\n'
 */
export function hookPayload(fields: HookPayloadFields): string {
  const toolInput = JSON.stringify(fields.toolInput);
  // A `toJSON` can turn the input into anything; hooks are promised an object.
  if (typeof toolInput !== 'string' || !toolInput.startsWith('{')) {
    throw new TypeError('the tool input does not serialise to a JSON object');
  }
  const head = `{"event":${JSON.stringify(fields.event)},"tool_name":${JSON.stringify(fields.toolName)},"tool_input":${toolInput}`;
  if (EVENTS[fields.event].carriesToolOutput) {
    return `${head},"tool_output":${JSON.stringify(fields.toolOutput ?? '')}}\n`;
  }
  return `${head}}\n`;
}
