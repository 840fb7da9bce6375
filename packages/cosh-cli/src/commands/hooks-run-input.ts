import { MAX_JSON_DEPTH, nestsDeeperThan } from '@cosh/hooks';
import { printableText, shortenText } from '../terminal-text.ts';

/** A tool input read from `--input` or `--input-file`, or why it cannot be used. */
export type ToolInputParse =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly message: string };

/** A parser's message (it may quote the input) on one printable line of at most 160 characters. */
export function parserMessage(text: string): string {
  return shortenText(printableText(text).trim(), 160);
}

/** `null`, `an array`, `a string`, …: what a JSON value is, for a message. */
export function jsonKind(value: unknown): string {
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
    return { ok: false, message: `${source} is not valid JSON: ${parserMessage(reason)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: `${source} must be a JSON object such as {"command": "ls"}, not ${jsonKind(value)}` };
  }
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
    return { ok: false, message: `${source} nests more than ${MAX_JSON_DEPTH} levels deep` };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
