const EXCERPT_LENGTH = 40;

/**
 * A short, safe description of a JSON value for a diagnostic: strings quoted and cut, containers
 * named rather than printed (a hostile value may be megabytes long or deeply nested).
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return quoteExcerpt(value);
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** `text` as a JSON string literal, cut to a readable length. */
export function quoteExcerpt(text: string): string {
  if (text.length <= EXCERPT_LENGTH) return JSON.stringify(text);
  let end = EXCERPT_LENGTH;
  // Do not cut a surrogate pair in half.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${JSON.stringify(text.slice(0, end))}…`;
}
