import { describe, expect, it } from 'vitest';
import { parseHookOutput } from './parse-hook-output.ts';

function problemOf(stdout: string): string {
  const parsed = parseHookOutput(stdout);
  if (parsed.kind !== 'invalid') throw new Error(`expected invalid, got ${parsed.kind}`);
  return parsed.problem;
}

describe('parseHookOutput', () => {
  it('O1: empty or blank stdout (spaces, tabs, CR, LF) is no opinion', () => {
    for (const stdout of ['', ' ', '\n', '\r\n', ' \t\r\n \n']) {
      expect(parseHookOutput(stdout)).toEqual({ kind: 'blank' });
    }
  });

  it('O1: other whitespace is not blank (form feed, no-break space, BOM)', () => {
    for (const stdout of ['\f', '\u00a0', '\ufeff', '\v']) {
      expect(parseHookOutput(stdout).kind).toBe('invalid');
    }
  });

  it('O1: a JSON object with every field, surrounded by blanks', () => {
    expect(
      parseHookOutput('\n  {"decision":"deny","reason":"no","context":"ctx","updated_input":{"a":1}}\r\n\t'),
    ).toEqual({
      kind: 'valid',
      output: { decision: 'deny', reason: 'no', context: 'ctx', updatedInput: { a: 1 } },
    });
  });

  it('O1: a missing decision is none; an empty object is a valid no-opinion output', () => {
    expect(parseHookOutput('{}')).toEqual({
      kind: 'valid',
      output: { decision: 'none', reason: null, context: null, updatedInput: null },
    });
  });

  it('O1, K7: each decision is accepted as written, ask included', () => {
    for (const decision of ['allow', 'deny', 'ask', 'none'] as const) {
      const parsed = parseHookOutput(JSON.stringify({ decision }));
      expect(parsed.kind === 'valid' && parsed.output.decision).toBe(decision);
    }
  });

  it('O1: unknown fields are ignored', () => {
    expect(parseHookOutput('{"decision":"allow","continue":false,"extra":{"deep":[1,2]},"reason2":3}')).toEqual({
      kind: 'valid',
      output: { decision: 'allow', reason: null, context: null, updatedInput: null },
    });
  });

  it('O1: empty or blank reason and context count as absent', () => {
    expect(parseHookOutput('{"reason":"","context":" \\n"}')).toEqual({
      kind: 'valid',
      output: { decision: 'none', reason: null, context: null, updatedInput: null },
    });
  });

  it('O2: text before the JSON object is invalid, with its position', () => {
    expect(problemOf('Checking...\n{"decision":"allow"}')).toBe(
      'expected one JSON object, found text before it at position 0',
    );
    expect(problemOf('  note {"decision":"allow"}')).toBe(
      'expected one JSON object, found text before it at position 2',
    );
  });

  it('O2: text after the JSON object is invalid, with its position', () => {
    expect(problemOf('{"decision":1} done')).toBe('expected one JSON object, found text after it at position 15');
    expect(problemOf('{"decision":"allow"}\n{"decision":"deny"}')).toBe(
      'expected one JSON object, found text after it at position 21',
    );
    // Braces inside strings do not confuse the search for the end of the object.
    expect(problemOf('{"reason":"a } and { and \\" quote"} x')).toBe(
      'expected one JSON object, found text after it at position 36',
    );
  });

  it('O2: plain text is invalid and quoted in the problem', () => {
    expect(problemOf('HALTED\n')).toBe('expected one JSON object, found plain text ("HALTED")');
    expect(problemOf('x'.repeat(100))).toBe(`expected one JSON object, found plain text ("${'x'.repeat(40)}"…)`);
  });

  it('O2: invalid JSON is invalid with the parser message', () => {
    expect(problemOf('{decision: "allow"}')).toMatch(/^not valid JSON: .*position 1/);
    expect(problemOf('{"decision": "allow",}')).toMatch(/^not valid JSON: /);
    expect(problemOf('{"decision": "allow"')).toMatch(/^not valid JSON: /);
    expect(problemOf("{'decision': 'allow'}")).toMatch(/^not valid JSON: /);
  });

  it('O2: a JSON value that is not an object is invalid, named by kind', () => {
    expect(problemOf('[{"decision":"allow"}]')).toBe('expected one JSON object, found an array');
    expect(problemOf('"allow"')).toBe('expected one JSON object, found a string ("allow")');
    expect(problemOf('42')).toBe('expected one JSON object, found a number (42)');
    expect(problemOf('null')).toBe('expected one JSON object, found null');
    expect(problemOf('true')).toBe('expected one JSON object, found true');
  });

  it('O2: an unknown decision is invalid, case-sensitive: "block", "Deny"', () => {
    expect(problemOf('{"decision":"block"}')).toBe(
      'decision must be one of allow, deny, ask, none (got "block"; did you mean "deny"?)',
    );
    expect(problemOf('{"decision":"Deny"}')).toBe(
      'decision must be one of allow, deny, ask, none (got "Deny"; did you mean "deny"?)',
    );
    expect(problemOf('{"decision":""}')).toBe('decision must be one of allow, deny, ask, none (got "")');
  });

  it('O2: fields of the wrong type are invalid, every problem listed', () => {
    expect(problemOf('{"decision":true}')).toBe('decision must be one of allow, deny, ask, none (got true)');
    expect(problemOf('{"decision":null}')).toBe('decision must be one of allow, deny, ask, none (got null)');
    expect(problemOf('{"reason":42}')).toBe('reason must be a string (got 42)');
    expect(problemOf('{"context":["a"]}')).toBe('context must be a string (got an array)');
    expect(problemOf('{"decision":"block","reason":{},"context":null}')).toBe(
      'decision must be one of allow, deny, ask, none (got "block"; did you mean "deny"?); reason must be a string (got an object); ' +
        'context must be a string (got null)',
    );
  });

  it('O2: updated_input that is not an object is invalid (array, null, string, number)', () => {
    expect(problemOf('{"updated_input":["a"]}')).toBe('updated_input must be an object (got an array)');
    expect(problemOf('{"updated_input":null}')).toBe('updated_input must be an object (got null)');
    expect(problemOf('{"updated_input":"x"}')).toBe('updated_input must be an object (got "x")');
    expect(problemOf('{"updated_input":7}')).toBe('updated_input must be an object (got 7)');
  });

  it('O2: a 100,000-deep nested value is invalid, never an exception', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(problemOf(deep)).toBe('expected one JSON object, found an array');
    expect(problemOf('['.repeat(100_000))).toMatch(/^not valid JSON: /);
    expect(problemOf(`{"a":${'{"a":'.repeat(100_000)}`)).toMatch(/^not valid JSON: /);
    expect(problemOf(`{"decision":${deep}}`)).toBe('decision must be one of allow, deny, ask, none (got an array)');
  });

  it('O2: a 100,000-deep value inside updated_input is invalid, not an input no host could serialise again', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(problemOf(`{"updated_input":{"a":${deep}}}`)).toMatch(/^updated_input nests more than 512 levels deep/);
  });

  it('O2: a huge string is quoted only in part', () => {
    const huge = 'y'.repeat(1_000_000);
    const problem = problemOf(JSON.stringify({ decision: huge }));
    expect(problem.length).toBeLessThan(120);
  });

  it('A7: JSON.parse and validation keep __proto__ as a plain own key of updated_input', () => {
    const parsed = parseHookOutput(
      '{"updated_input":{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"a":1}}',
    );
    if (parsed.kind !== 'valid' || parsed.output.updatedInput === null) throw new Error('expected valid input');
    const updatedInput = parsed.output.updatedInput;
    expect(Object.keys(updatedInput)).toEqual(['__proto__', 'constructor', 'a']);
    expect(Object.getPrototypeOf(updatedInput)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(updatedInput, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('O1: a top-level __proto__ key is an ignored unknown field, not a source of fields', () => {
    expect(parseHookOutput('{"__proto__":{"decision":"deny","reason":"sneaky"}}')).toEqual({
      kind: 'valid',
      output: { decision: 'none', reason: null, context: null, updatedInput: null },
    });
  });
});
