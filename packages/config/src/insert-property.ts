import type { Edit, FormattingOptions, Node } from 'jsonc-parser';

/** A value this module can lay out: a JSON primitive or a flat object of them. */
export type InsertedValue =
  | boolean
  | number
  | string
  | null
  | Readonly<Record<string, boolean | number | string | null>>;

/**
 * The edits that add `"key": value` as the last property of `objectNode`, laid out the way a
 * person editing the file would: on its own line with the last property's indentation, after
 * that property's trailing comment (never between a value and the comment that describes it),
 * with a trailing comma when the file uses them; or inline in a one-line object. Nothing else
 * in the file is touched. Returns undefined for layouts it does not recognise (the caller then
 * falls back to jsonc-parser's `modify`).
 */
export function propertyInsertionEdits(
  text: string,
  objectNode: Node,
  key: string,
  value: InsertedValue,
  formatting: FormattingOptions,
): Edit[] | undefined {
  if (objectNode.type !== 'object') return undefined;
  const eol = formatting.eol ?? '\n';
  const unit = formatting.insertSpaces === false ? '\t' : ' '.repeat(formatting.tabSize ?? 2);
  const properties = objectNode.children ?? [];
  const last = properties.at(-1);
  const objectEnd = objectNode.offset + objectNode.length;
  const multiLine = /[\r\n]/.test(text.slice(objectNode.offset, objectEnd));

  if (!multiLine) {
    const property = `${JSON.stringify(key)}: ${render(value, '', '', undefined)}`;
    return last === undefined
      ? [{ offset: objectNode.offset + 1, length: 0, content: property }]
      : [{ offset: last.offset + last.length, length: 0, content: `, ${property}` }];
  }

  if (last === undefined) {
    // `{` … `}` with only whitespace or comments between: a new line just above the `}`.
    const closing = objectEnd - 1;
    const lineStart = startOfLine(text, closing);
    const closingIndent = text.slice(lineStart, closing);
    if (!/^[ \t]*$/.test(closingIndent)) return undefined;
    const indent = closingIndent + unit;
    return [
      {
        offset: lineStart,
        length: 0,
        content: `${indent}${JSON.stringify(key)}: ${render(value, indent, unit, eol)}${eol}`,
      },
    ];
  }

  const propertyEnd = last.offset + last.length;
  const after = scanLineAfter(text, propertyEnd);
  if (after === undefined) return undefined;
  const indent = /^[ \t]*/.exec(text.slice(startOfLine(text, last.offset)))?.[0] ?? '';
  const property = `${JSON.stringify(key)}: ${render(value, indent, unit, eol)}`;
  const insertion: Edit = {
    offset: after.lineEnd,
    length: 0,
    content: `${eol}${indent}${property}${after.comma ? ',' : ''}`,
  };
  // applyEdits keeps the order of edits at one offset: the comma must come before the insertion.
  return after.comma ? [insertion] : [{ offset: propertyEnd, length: 0, content: ',' }, insertion];
}

/**
 * From the end of a property to the end of its line: spaces, at most one comma and comments
 * confined to the line. Undefined when anything else follows on that line (a `}`, another
 * property), a layout left to the fallback.
 */
function scanLineAfter(text: string, offset: number): { lineEnd: number; comma: boolean } | undefined {
  let position = offset;
  let comma = false;
  while (position < text.length) {
    const character = text[position];
    if (character === ' ' || character === '\t') {
      position += 1;
    } else if (character === ',' && !comma) {
      comma = true;
      position += 1;
    } else if (text.startsWith('//', position)) {
      const lineBreak = text.slice(position).search(/[\r\n]/);
      return { lineEnd: lineBreak < 0 ? text.length : position + lineBreak, comma };
    } else if (text.startsWith('/*', position)) {
      const close = text.indexOf('*/', position + 2);
      if (close < 0 || /[\r\n]/.test(text.slice(position, close))) return undefined;
      position = close + 2;
    } else if (character === '\r' || character === '\n') {
      return { lineEnd: position, comma };
    } else {
      return undefined;
    }
  }
  return undefined;
}

function startOfLine(text: string, offset: number): number {
  let position = offset;
  while (position > 0 && text[position - 1] !== '\n' && text[position - 1] !== '\r') position -= 1;
  return position;
}

/** JSON for `value`; a flat object spreads over lines when `eol` is given. */
function render(value: InsertedValue, indent: string, unit: string, eol: string | undefined): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).map(([name, item]) => `${JSON.stringify(name)}: ${JSON.stringify(item)}`);
  if (entries.length === 0) return '{}';
  if (eol === undefined) return `{${entries.join(', ')}}`;
  return `{${eol}${entries.map((entry) => `${indent}${unit}${entry}`).join(`,${eol}`)}${eol}${indent}}`;
}
