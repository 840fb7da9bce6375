import { MAX_JSON_DEPTH, nestsDeeperThan } from '@cosh/hooks';

/** A tool input read from `--input` or `--input-file`, or why it cannot be used. */
export type ToolInputParse =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly message: string };

const MESSAGE_LIMIT = 160;

/** One printable line of at most {@link MESSAGE_LIMIT} characters (parser messages quote the input). */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').trim();
  return flat.length <= MESSAGE_LIMIT ? flat : `${flat.slice(0, MESSAGE_LIMIT - 1)}…`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/**
 * Parses a tool input (SPEC X): strict JSON (no comments, no trailing commas, unlike setup.json)
 * that must be one object. `source` names where it came from in the message (`--input`,
 * `--input-file 'call.json'`). Keys such as `__proto__` stay plain data.
 *
 * @example
 * parseToolInput('[1]', '--input');
 * // { ok: false, message: '--input must be a JSON object such as {"command": "ls"}, not an array' }
 */
export function parseToolInput(text: string, source: string): ToolInputParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `${source} is not valid JSON: ${oneLine(reason)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: `${source} must be a JSON object such as {"command": "ls"}, not ${kindOf(value)}` };
  }
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
    return { ok: false, message: `${source} nests more than ${MAX_JSON_DEPTH} levels deep` };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
