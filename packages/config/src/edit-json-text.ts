import { applyEdits, format, type JSONPath, modify } from 'jsonc-parser';
import { detectFormatting } from './detect-formatting.ts';
import { parseJsonc, stripByteOrderMark } from './parse-jsonc.ts';

/** One change of a JSON document: set the value at `path`, or insert it into the array there. */
export interface JsonTextEdit {
  readonly path: JSONPath;
  readonly value: unknown;
  /** Insert `value` before the array index `path` ends with (its length: append) instead of replacing. */
  readonly insert?: boolean | undefined;
}

/**
 * A JSON (or JSONC) text with `edits` applied one after another, the way C8 writes setup.json:
 * the file's own indentation and line ending, its comments, key order and other content kept;
 * only the changed values are written. For files Cosh changes on a person's behalf in other
 * programs' settings (`cosh connect`). An empty text is read as `{}`.
 *
 * @example
 * editJsonText('{\n  // mine\n  "a": 1\n}\n', [{ path: ['hooks'], value: {} }]);
 * // '{\n  // mine\n  "a": 1,\n  "hooks": {}\n}\n'
 */
export function editJsonText(text: string, edits: readonly JsonTextEdit[]): string {
  let current = stripByteOrderMark(text).trim() === '' ? '{}\n' : stripByteOrderMark(text);
  const formattingOptions = detectFormatting(current);
  for (const edit of edits) {
    // Unformatted first, then only the new text laid out in the file's style: jsonc-parser's own
    // formatting of an insertion would also re-lay the array's earlier elements.
    const changes = modify(current, edit.path, edit.value, edit.insert === true ? { isArrayInsertion: true } : {});
    for (const change of [...changes].sort((left, right) => right.offset - left.offset)) {
      current = applyEdits(current, [change]);
      const range = { offset: change.offset, length: change.content.length };
      current = applyEdits(current, format(current, range, formattingOptions));
    }
  }
  return current;
}

/** The value of a JSON (or JSONC) text, or the first problem as `file:line:col: message`. */
export function readJsonText(
  text: string,
  file: string,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  const stripped = stripByteOrderMark(text);
  if (stripped.trim() === '') return { ok: true, value: {} };
  const parsed = parseJsonc(stripped);
  if (parsed.ok) return { ok: true, value: parsed.value };
  const first = parsed.problems[0];
  return {
    ok: false,
    problem: first === undefined ? `${file}: not JSON` : `${file}:${first.line}:${first.column}: ${first.message}`,
  };
}
