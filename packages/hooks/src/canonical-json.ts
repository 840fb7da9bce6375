/**
 * RFC 8785 (JSON Canonicalization Scheme) of a JSON value: object keys sorted by UTF-16 code
 * units, no whitespace, strings and numbers as ECMAScript's JSON.stringify writes them (which is
 * what the RFC prescribes). Hand-written: the scheme is these few lines over JSON.stringify, and
 * the `canonicalize` package is the same code. `undefined` members are left out, as JSON does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined || typeof member === 'function') continue;
    members.push(`${JSON.stringify(key)}:${canonicalJson(member)}`);
  }
  return `{${members.join(',')}}`;
}
