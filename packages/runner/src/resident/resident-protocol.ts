// SPEC R12: the line protocol of a resident hook, shared by the pool (one process, many calls)
// and the one-call process of one-shot commands (one line, then stdin closes).

const openBrace = 0x7b;
const closeBrace = 0x7d;
const newline = 0x0a;

/**
 * The call's line: the payload (R3's or K4's JSON object, one line) with `"id"` added as its first
 * field, ending in one newline. The payload's bytes are copied once, never parsed again, into the
 * one buffer of the line.
 *
 * @example
 * residentLine(Buffer.from('{"event":"PreToolUse"}\n'), '7').toString(); // '{"id":"7","event":"PreToolUse"}\n'
 */
export function residentLine(payload: Uint8Array, id: string): Buffer {
  let end = payload.length;
  while (end > 0 && (payload[end - 1] === newline || payload[end - 1] === 0x0d)) end -= 1;
  if (payload[0] !== openBrace || end < 2) throw new TypeError('a resident payload must be one JSON object');
  const empty = end === 2 && payload[1] === closeBrace;
  const head = `{"id":${JSON.stringify(id)}${empty ? '' : ','}`;
  const headLength = Buffer.byteLength(head);
  const line = Buffer.allocUnsafe(headLength + (end - 1) + 1);
  line.write(head, 0);
  line.set(payload.subarray(1, end), headLength);
  line[line.length - 1] = newline;
  return line;
}

/** One line a resident hook printed: an answer object with a string `id`, or what is wrong with it. */
export type ResidentAnswerLine =
  | { readonly ok: true; readonly id: string; readonly answer: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly problem: string };

/** Reads one answer line (R12): a JSON object with a string `"id"`. */
export function readResidentAnswer(line: string): ResidentAnswerLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, problem: `it printed a line that is not JSON: ${shortened(line)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: `it printed a line that is not a JSON object: ${shortened(line)}` };
  }
  const id = (value as Record<string, unknown>)['id'];
  if (typeof id !== 'string')
    return { ok: false, problem: `it printed an answer without a string "id": ${shortened(line)}` };
  return { ok: true, id, answer: value as Record<string, unknown> };
}

/** A line as a diagnostic quotes it: at most 120 characters. */
function shortened(line: string): string {
  const trimmed = line.trim();
  return JSON.stringify(trimmed.length > 120 ? `${trimmed.slice(0, 117)}...` : trimmed);
}
