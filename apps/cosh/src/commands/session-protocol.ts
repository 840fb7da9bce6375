import { jsonKind, parserMessage } from '@cosh/cosh-cli';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '@cosh/hooks';

/** One line of `cosh session`'s input, understood. */
export type SessionMessage =
  | { readonly kind: 'call'; readonly id: unknown; readonly toolName: string; readonly toolInput: unknown }
  | { readonly kind: 'new_turn' }
  | {
      readonly kind: 'invalid';
      /** The line's `id` when it could be read, else `null`. */
      readonly id: unknown;
      /** The line's `tool_name` when it is a string, else `null`. */
      readonly toolName: string | null;
      readonly toolInput: unknown;
      readonly code:
        | 'invalid_json'
        | 'nested_too_deep'
        | 'not_an_object'
        | 'missing_tool_name'
        | 'invalid_tool_name'
        | 'unknown_type';
      readonly message: string;
    };

/** The answer to `{"type": "new_turn"}`, exactly. */
export const newTurnAnswer = { type: 'new_turn', ok: true } as const;

const example = '{"id": 1, "tool_name": "fs_read", "tool_input": {"path": "README.md"}}';

/**
 * Reads one non-blank line of the session protocol (strict JSON, like `--input`):
 *
 * - `{"id": …, "tool_name": "…", "tool_input": {…}}` is a tool call (`"type": "tool_call"` may
 *   be given; `tool_input` defaults to `{}`; other fields are ignored; `id` is any JSON value,
 *   echoed as is, `null` when absent);
 * - `{"type": "new_turn"}` starts a new turn;
 * - anything else is `invalid`, with a stable `code` and a message naming the line and the
 *   problem (the session answers it with an `error` result and goes on).
 */
export function parseSessionLine(text: string, lineNumber: number): SessionMessage {
  const where = `line ${lineNumber}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return invalid(null, null, undefined, 'invalid_json', `${where} is not valid JSON: ${parserMessage(reason)}`);
  }
  // Checked before any of it is used: the answer echoes `id` and the input, and writing back a
  // value thousands of levels deep would overflow the stack. One level more than a tool input
  // may have, for the line's own object.
  if (nestsDeeperThan(value, MAX_JSON_DEPTH + 1)) {
    return invalid(
      null,
      null,
      undefined,
      'nested_too_deep',
      `${where} nests more than ${MAX_JSON_DEPTH + 1} levels deep (a tool input may have ${MAX_JSON_DEPTH}) and was not read`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid(
      null,
      null,
      undefined,
      'not_an_object',
      `${where} must be a JSON object such as ${example}, not ${jsonKind(value)}`,
    );
  }
  const record = value as Record<string, unknown>;
  const id = Object.hasOwn(record, 'id') ? record['id'] : null;
  const given = Object.hasOwn(record, 'tool_input');
  // A call without `tool_input` is a call with `{}`; a line that is not a call shows what it held.
  const toolInput = given ? record['tool_input'] : {};
  const inputAsGiven = given ? record['tool_input'] : null;
  const toolName = typeof record['tool_name'] === 'string' ? record['tool_name'] : null;
  const type = record['type'];
  if (type === 'new_turn') return { kind: 'new_turn' };
  if (type !== undefined && type !== 'tool_call') {
    return invalid(
      id,
      toolName,
      inputAsGiven,
      'unknown_type',
      `${where}: unknown "type" ${parserMessage(JSON.stringify(type) ?? String(type))} (expected "new_turn", or no type for a tool call)`,
    );
  }
  if (!Object.hasOwn(record, 'tool_name')) {
    return invalid(
      id,
      null,
      inputAsGiven,
      'missing_tool_name',
      `${where}: missing "tool_name" (the tool to call, such as "fs_read")`,
    );
  }
  if (toolName === null) {
    return invalid(
      id,
      null,
      inputAsGiven,
      'invalid_tool_name',
      `${where}: "tool_name" must be a string, not ${jsonKind(record['tool_name'])}`,
    );
  }
  return { kind: 'call', id, toolName, toolInput };
}

function invalid(
  id: unknown,
  toolName: string | null,
  toolInput: unknown,
  code: Extract<SessionMessage, { kind: 'invalid' }>['code'],
  message: string,
): SessionMessage {
  return { kind: 'invalid', id, toolName, toolInput: toolInput ?? null, code, message };
}
