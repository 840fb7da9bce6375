import type { Edit, Node } from 'jsonc-parser';

/**
 * The edits that remove `property` (one of `objectNode`'s property nodes) the way a person
 * editing the file would: in a multi-line object its line goes (a comment after it on that line
 * stays, on a line of its own), and the comma before it goes when it was the last property and
 * the file does not use trailing commas; in a one-line object, the property and one comma.
 * Comments elsewhere are never touched. Returns undefined for layouts it does not recognise (a
 * property sharing its line with another, a comment inside the removed stretch), so the caller
 * can change the value instead.
 */
export function propertyRemovalEdits(text: string, objectNode: Node, property: Node): Edit[] | undefined {
  if (objectNode.type !== 'object') return undefined;
  const properties = objectNode.children ?? [];
  const position = properties.indexOf(property);
  if (position < 0) return undefined;
  const start = property.offset;
  const end = property.offset + property.length;
  const objectEnd = objectNode.offset + objectNode.length;
  const previous = properties[position - 1];
  const next = properties[position + 1];

  if (!/[\r\n]/.test(text.slice(objectNode.offset, objectEnd))) {
    if (next !== undefined) {
      // `"a": 1, "b": 2` → `"b": 2`
      return onlyCommaBetween(text, end, next.offset)
        ? [{ offset: start, length: next.offset - start, content: '' }]
        : undefined;
    }
    if (previous !== undefined) {
      // `"a": 1, "b": 2` → `"a": 1` (a trailing comma after "b" stays as the file's style)
      const previousEnd = previous.offset + previous.length;
      return onlyCommaBetween(text, previousEnd, start) && blank(text, end, objectEnd - 1, true)
        ? [{ offset: previousEnd, length: end - previousEnd, content: '' }]
        : undefined;
    }
    // The only property: `{ "a": 1 }` → `{}`
    return blank(text, objectNode.offset + 1, start, false) && blank(text, end, objectEnd - 1, true)
      ? [{ offset: objectNode.offset + 1, length: objectEnd - 1 - (objectNode.offset + 1), content: '' }]
      : undefined;
  }

  const lineStart = startOfLine(text, start);
  if (!blank(text, lineStart, start, false)) return undefined;
  const rest = restOfLine(text, end);
  if (rest === undefined) return undefined;
  // The property's own line(s) go; a comment after it keeps its place, indented as it was.
  const removal: Edit =
    rest.commentStart === undefined
      ? { offset: lineStart, length: rest.nextLineStart - lineStart, content: '' }
      : { offset: start, length: rest.commentStart - start, content: '' };
  if (rest.comma || previous === undefined) return [removal];
  if (next !== undefined) return undefined;
  // The last property without a comma after it: the comma after the one before must go.
  const comma = commaBetween(text, previous.offset + previous.length, lineStart);
  return comma === undefined ? undefined : [{ offset: comma, length: 1, content: '' }, removal];
}

/** True when `text` from `from` to `to` is spaces, line breaks, and (when allowed) one comma. */
function blank(text: string, from: number, to: number, commaAllowed: boolean): boolean {
  const between = text.slice(from, to);
  return commaAllowed ? /^\s*,?\s*$/.test(between) : /^\s*$/.test(between);
}

function onlyCommaBetween(text: string, from: number, to: number): boolean {
  return /^\s*,\s*$/.test(text.slice(from, to));
}

function startOfLine(text: string, offset: number): number {
  let position = offset;
  while (position > 0 && text[position - 1] !== '\n' && text[position - 1] !== '\r') position -= 1;
  return position;
}

/**
 * What follows a property up to its line's end: spaces, at most one comma, at most one comment
 * (`//…` or a `/* … *\/` closed on that line, then only spaces). Undefined when anything else
 * follows on that line.
 */
function restOfLine(
  text: string,
  offset: number,
): { comma: boolean; commentStart: number | undefined; nextLineStart: number } | undefined {
  let position = offset;
  let comma = false;
  let commentStart: number | undefined;
  while (position < text.length) {
    const character = text[position];
    if (character === ' ' || character === '\t') {
      position += 1;
    } else if (character === ',' && !comma && commentStart === undefined) {
      comma = true;
      position += 1;
    } else if (text.startsWith('//', position) && commentStart === undefined) {
      commentStart = position;
      const lineBreak = text.slice(position).search(/[\r\n]/);
      position = lineBreak < 0 ? text.length : position + lineBreak;
    } else if (text.startsWith('/*', position) && commentStart === undefined) {
      const close = text.indexOf('*/', position + 2);
      if (close < 0 || /[\r\n]/.test(text.slice(position, close))) return undefined;
      commentStart = position;
      position = close + 2;
    } else if (character === '\r' || character === '\n') {
      const length = text.startsWith('\r\n', position) ? 2 : 1;
      return { comma, commentStart, nextLineStart: position + length };
    } else {
      return undefined;
    }
  }
  return { comma, commentStart, nextLineStart: text.length };
}

/**
 * The offset of the one comma between two properties, skipping spaces, line breaks and
 * comments; undefined when there is none or anything else is there.
 */
function commaBetween(text: string, from: number, to: number): number | undefined {
  let position = from;
  let comma: number | undefined;
  while (position < to) {
    const character = text[position] ?? '';
    if (/\s/.test(character)) {
      position += 1;
    } else if (character === ',' && comma === undefined) {
      comma = position;
      position += 1;
    } else if (text.startsWith('//', position)) {
      const lineBreak = text.slice(position).search(/[\r\n]/);
      position = lineBreak < 0 ? text.length : position + lineBreak;
    } else if (text.startsWith('/*', position)) {
      const close = text.indexOf('*/', position + 2);
      if (close < 0) return undefined;
      position = close + 2;
    } else {
      return undefined;
    }
  }
  return comma;
}
