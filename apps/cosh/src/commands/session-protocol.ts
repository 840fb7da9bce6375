import { jsonKind, parserMessage } from '@cosh/cosh-cli';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '@cosh/hooks';

/** One line of `cosh session`'s input, understood. */
export type SessionMessage =
  | { readonly kind: 'call'; readonly id: unknown; readonly toolName: string; readonly toolInput: unknown }
  | { readonly kind: 'new_turn' }
  /** `{"type": "prompt", "id": …, "prompt": "…"}`: a prompt about to reach the model (E1, E5). */
  | { readonly kind: 'prompt'; readonly id: unknown; readonly prompt: string }
  /** `{"type": "stop", "id": …}`: the agent is about to end its turn (E3, E5). */
  | { readonly kind: 'stop'; readonly id: unknown }
  /** `{"type": "list_tools"}`: the driver asks for the tools and their input schemas. */
  | { readonly kind: 'list_tools'; readonly id: unknown }
  /** `{"type": "permission_response", "id": …, "allow": true|false}`: the answer to a `permission_request`. */
  | { readonly kind: 'permission_response'; readonly id: unknown; readonly allow: boolean }
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
        | 'invalid_permission_response'
        | 'invalid_prompt'
        | 'unexpected_permission_response'
        | 'unknown_type'
        | 'wrong_shape';
      readonly message: string;
    };

/** The answer to `{"type": "new_turn"}`, exactly. */
export const newTurnAnswer = { type: 'new_turn', ok: true } as const;

const example = '{"id": 1, "tool_name": "fs_read", "tool_input": {"path": "README.md"}}';

/** The types a line may have, for messages. */
const knownTypes = '"new_turn", "list_tools", "permission_response", or no type for a tool call';

/** `{"id": 1, "tool_name": "x", "tool_input": {…}}` for a call written in another protocol's shape. */
function callShape(id: unknown, name: unknown): string {
  const shownId = JSON.stringify(id ?? 1) ?? '1';
  const shownName = typeof name === 'string' ? parserMessage(JSON.stringify(name)) : '"fs_read"';
  return `{"id": ${shownId}, "tool_name": ${shownName}, "tool_input": {…}}`;
}

/**
 * The message for a line that looks like a tool call of another protocol, else `undefined`: an
 * Anthropic `tool_use` block (`name`, `input`), an MCP `tools/call` (`name`, `arguments`, or the
 * whole JSON-RPC request with `params`), or a call that names its input `input` or `arguments`.
 */
function otherShapeHint(record: Record<string, unknown>): string | undefined {
  if (record['type'] === 'tool_use') {
    return `this is an Anthropic tool_use block: send ${callShape(record['id'], record['name'])} (did you mean "tool_name" and "tool_input" for "name" and "input"?)`;
  }
  const params = record['params'];
  if (record['method'] === 'tools/call' && typeof params === 'object' && params !== null) {
    const name = (params as Record<string, unknown>)['name'];
    return `this is an MCP tools/call request: send ${callShape(record['id'], name)} (did you mean "tool_name" and "tool_input" for params.name and params.arguments?)`;
  }
  if (Object.hasOwn(record, 'tool_input')) return undefined;
  const inputKey = ['arguments', 'input', 'args', 'parameters'].find((key) => Object.hasOwn(record, key));
  if (inputKey === undefined && !(Object.hasOwn(record, 'name') && !Object.hasOwn(record, 'tool_name')))
    return undefined;
  const renames = [
    ...(Object.hasOwn(record, 'name') && !Object.hasOwn(record, 'tool_name') ? ['"tool_name" for "name"'] : []),
    ...(inputKey === undefined ? [] : [`"tool_input" for "${inputKey}"`]),
  ];
  return `did you mean ${renames.join(' and ')}? A call is ${callShape(record['id'], record['name'] ?? record['tool_name'])}`;
}

/**
 * Reads one non-blank line of the session protocol (strict JSON, like `--input`):
 *
 * - `{"id": …, "tool_name": "…", "tool_input": {…}}` is a tool call (`"type": "tool_call"` may
 *   be given; `tool_input` defaults to `{}`; other fields are ignored; `id` is any JSON value,
 *   echoed as is, `null` when absent);
 * - `{"type": "new_turn"}` starts a new turn;
 * - `{"type": "list_tools"}` asks for the tools;
 * - `{"type": "permission_response", "id": …, "allow": true|false}` answers a `permission_request`;
 * - a call in another protocol's shape (an Anthropic `tool_use` block, an MCP `tools/call`, a
 *   call whose input is named `input` or `arguments`) is `wrong_shape`, with the shape to use;
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
  if (type === 'list_tools') return { kind: 'list_tools', id };
  if (type === 'stop') return { kind: 'stop', id };
  if (type === 'prompt') {
    if (typeof record['prompt'] !== 'string') {
      return invalid(
        id,
        null,
        null,
        'invalid_prompt',
        `${where}: a prompt line needs "prompt": a string (and an "id")`,
      );
    }
    return { kind: 'prompt', id, prompt: record['prompt'] };
  }
  if (type === 'permission_response') {
    if (typeof record['allow'] !== 'boolean') {
      return invalid(
        id,
        null,
        null,
        'invalid_permission_response',
        `${where}: a permission_response needs "allow": true or false (and the "id" of the permission_request)`,
      );
    }
    return { kind: 'permission_response', id, allow: record['allow'] };
  }
  const otherShape = otherShapeHint(record);
  if (otherShape !== undefined) return invalid(id, toolName, inputAsGiven, 'wrong_shape', `${where}: ${otherShape}`);
  if (type !== undefined && type !== 'tool_call') {
    return invalid(
      id,
      toolName,
      inputAsGiven,
      'unknown_type',
      `${where}: unknown "type" ${parserMessage(JSON.stringify(type) ?? String(type))} (expected ${knownTypes})`,
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
