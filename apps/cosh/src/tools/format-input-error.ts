import type { z } from 'zod';
import { suggestClosest } from '@cosh/config';

/**
 * One line that says what is wrong with a tool's input, naming every bad field and what was
 * expected: `bash_run: input.command: expected a string, got number`. Several problems are
 * joined with `; ` after one `<tool>:` prefix, in the order zod found them.
 *
 * zod's own messages ("Invalid input: expected string, received number") are rewritten because
 * this text goes to a model and to people, and must name the field the way they wrote it.
 * Schemas give refinements an `error` that starts with "expected …" (the value found is added)
 * or that is a whole sentence (used as is).
 */
export function formatInputError(
  toolName: string,
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  knownFields: readonly string[],
): string {
  const problems = issues.flatMap((issue) => describeIssue(issue, input, knownFields));
  return `${toolName}: ${problems.length > 0 ? problems.join('; ') : 'input: invalid'}`;
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown, knownFields: readonly string[]): string[] {
  const path = formatPath(issue.path);
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      const expected = withArticle(issue.expected);
      if (value.found === false) return [`${path}: missing; expected ${expected}`];
      return [`${path}: expected ${expected}, got ${typeName(value.value)}`];
    }
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const suggestion = suggestClosest(key, knownFields, { parts: true });
        const hint = suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`;
        const known = knownFields.length > 0 ? `; known fields: ${knownFields.join(', ')}` : '';
        return `${formatPath([...issue.path, key])}: unknown field${hint}${known}`;
      });
    default: {
      if (/^expected\b/.test(issue.message) && value.found) {
        return [`${path}: ${issue.message}, got ${previewValue(value.value)}`];
      }
      return [`${path}: ${issue.message}`];
    }
  }
}

/** `input`, `input.command`, `input.items[0]`, `input["odd key"]`. */
function formatPath(path: readonly PropertyKey[]): string {
  let text = 'input';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][\w$]*$/.test(segment)) text += `.${segment}`;
    else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): { found: true; value: unknown } | { found: false } {
  let current: unknown = input;
  for (const segment of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return { found: false };
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current === undefined ? { found: false } : { found: true, value: current };
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value;
}

function withArticle(typeName: string): string {
  return /^[aeiou]/.test(typeName) ? `an ${typeName}` : `a ${typeName}`;
}

function previewValue(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
