import { isBlank, trimBlank } from './blank-text.ts';
import { describeValue, quoteExcerpt } from './describe-value.ts';
import type { Decision } from './hook-outcome.ts';
import { hookOutputSchema, isJsonObject, isWellFormedHookOutput, type RawHookOutput } from './hook-output-schema.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';

/** A valid hook output (O1), with empty strings normalized away. */
export interface HookOutput {
  /** `'none'` when the field was missing. */
  readonly decision: Decision;
  /** `null` when missing or blank. */
  readonly reason: string | null;
  /** `null` when missing or blank. */
  readonly context: string | null;
  /** The object exactly as JSON.parse made it (own `__proto__` keys included), or `null`. */
  readonly updatedInput: Readonly<Record<string, unknown>> | null;
}

/** What a hook's stdout says: nothing (blank), a valid output, or the exact problem (O2). */
export type ParsedHookOutput =
  | { readonly kind: 'blank' }
  | { readonly kind: 'valid'; readonly output: HookOutput }
  | { readonly kind: 'invalid'; readonly problem: string };

const OPEN_BRACE = 0x7b;

/**
 * Where the JSON object starting at `start` (a `{`) ends (exclusive), found by balancing
 * brackets outside strings; -1 if it never closes. Iterative, so nesting depth cannot overflow.
 */
function findObjectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') {
      inString = true;
    } else if (character === '{' || character === '[') {
      depth += 1;
    } else if (character === '}' || character === ']') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

type JsonAttempt =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string; readonly notJson: boolean };

function tryParseJson(text: string): JsonAttempt {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    // Whatever a hostile output makes JSON.parse throw (SyntaxError, RangeError on extreme
    // nesting, out of memory), it is that hook's invalid output, never the engine's crash.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message, notJson: error instanceof SyntaxError };
  }
}

function isObjectAt(text: string, start: number): boolean {
  const end = findObjectEnd(text, start);
  if (end === -1) return false;
  const attempt = tryParseJson(text.slice(start, end));
  return attempt.ok && isJsonObject(attempt.value);
}

/** Explain why a non-blank stdout is not one JSON object. */
function describeNonObject(stdout: string, parseMessage: string): string {
  const first = firstNonBlank(stdout);
  if (stdout.charCodeAt(first) === OPEN_BRACE) {
    // The whole text did not parse, so a complete object at the start means trailing text.
    if (isObjectAt(stdout, first)) {
      const end = findObjectEnd(stdout, first);
      return `expected one JSON object, found text after it at position ${firstNonBlank(stdout, end)}`;
    }
    return `not valid JSON: ${parseMessage}`;
  }
  const brace = stdout.indexOf('{', first);
  if (brace !== -1 && isObjectAt(stdout, brace)) {
    return `expected one JSON object, found text before it at position ${first}`;
  }
  // Broken JSON of another kind: the parser's message says where it broke.
  if ('["-0123456789'.includes(stdout[first] as string)) return `not valid JSON: ${parseMessage}`;
  return `expected one JSON object, found plain text (${quoteExcerpt(trimBlank(stdout))})`;
}

function firstNonBlank(text: string, from = 0): number {
  let index = from;
  while (index < text.length && isBlank(text[index] as string)) index += 1;
  return index;
}

/**
 * Read a hook's stdout (O1, O2): blank means no opinion; otherwise it must be exactly one JSON
 * object with well-typed fields, or the result names the exact problem. Never throws, whatever
 * the text (deeply nested, huge, hostile keys).
 *
 * @example
 * parseHookOutput('{"decision": "block"}');
 * // { kind: 'invalid', problem: 'decision must be one of allow, deny, ask, none (got "block")' }
 */
export function parseHookOutput(stdout: string): ParsedHookOutput {
  const read = readJsonObject(stdout);
  if (read.kind === 'blank') return read;
  if (read.kind === 'invalid') return { kind: 'invalid', problem: read.problem };
  let fields: RawHookOutput;
  if (isWellFormedHookOutput(read.value)) fields = read.value;
  else {
    const result = hookOutputSchema.safeParse(read.value);
    if (!result.success) {
      return { kind: 'invalid', problem: result.error.issues.map((issue) => issue.message).join('; ') };
    }
    fields = result.data;
  }
  const { decision, reason, context, updated_input: updatedInput } = fields;
  if (updatedInput !== undefined && nestsDeeperThan(updatedInput, MAX_JSON_DEPTH)) {
    return {
      kind: 'invalid',
      problem: `updated_input nests more than ${MAX_JSON_DEPTH} levels deep: the input it makes could not be sent as JSON`,
    };
  }
  return {
    kind: 'valid',
    output: {
      decision: decision ?? 'none',
      reason: reason === undefined || isBlank(reason) ? null : reason,
      context: context === undefined || isBlank(context) ? null : context,
      updatedInput: updatedInput ?? null,
    },
  };
}

/** A stdout read as one JSON object: blank, the object, or why it is not one (O2). */
export type JsonObjectText =
  | { readonly kind: 'blank' }
  | { readonly kind: 'object'; readonly value: Record<string, unknown> }
  | {
      readonly kind: 'invalid';
      readonly problem: string;
      /** The text is not JSON at all (a syntax error), rather than JSON of another kind or too deep to read. */
      readonly notJson: boolean;
    };

/**
 * Read a stdout that must be blank or exactly one JSON object (strict `JSON.parse`, blanks around
 * it allowed), naming the exact problem otherwise: text before or after the object, broken JSON,
 * another JSON value. Shared by both protocols (O1, O2, K5). Never throws.
 */
export function readJsonObject(stdout: string): JsonObjectText {
  if (isBlank(stdout)) return { kind: 'blank' };
  // JSON's own whitespace is exactly O1's blank set, so parsing the untrimmed text accepts the
  // same outputs and keeps every position in a message relative to what the hook printed.
  const attempt = tryParseJson(stdout);
  if (!attempt.ok) {
    return { kind: 'invalid', problem: describeNonObject(stdout, attempt.message), notJson: attempt.notJson };
  }
  if (!isJsonObject(attempt.value)) {
    return {
      kind: 'invalid',
      problem: `expected one JSON object, found ${describeJsonKind(attempt.value)}`,
      notJson: false,
    };
  }
  return { kind: 'object', value: attempt.value };
}

function describeJsonKind(value: unknown): string {
  if (typeof value === 'string') return `a string (${describeValue(value)})`;
  if (typeof value === 'number') return `a number (${describeValue(value)})`;
  return describeValue(value);
}
