import { describe, expect, it } from 'vitest';
import { parseToolInput } from './hooks-run-input.ts';

describe('parseToolInput (X: --input must be a JSON object)', () => {
  it('X: accepts one strict JSON object, whitespace around it allowed', () => {
    expect(parseToolInput(' {"command": "ls", "n": [1]}\n', '--input')).toEqual({
      ok: true,
      value: { command: 'ls', n: [1] },
    });
  });

  it.each([
    ['[1, 2]', '--input must be a JSON object such as {"command": "ls"}, not an array'],
    ['null', '--input must be a JSON object such as {"command": "ls"}, not null'],
    ['"ls"', '--input must be a JSON object such as {"command": "ls"}, not a string'],
    ['42', '--input must be a JSON object such as {"command": "ls"}, not a number'],
    ['true', '--input must be a JSON object such as {"command": "ls"}, not a boolean'],
  ])('X: rejects %s with a clear one-line message', (text, message) => {
    expect(parseToolInput(text, '--input')).toEqual({ ok: false, message });
  });

  it.each([['{"a": 1,}'], ['{a: 1}'], ['// c\n{}'], [''], ['{"a":1} {"b":2}'], ["{'a': 1}"]])(
    'C2/X: %j is not strict JSON: rejected on one line naming the source',
    (text) => {
      const parsed = parseToolInput(text, "--input-file 'call.json'");
      expect(parsed.ok).toBe(false);
      if (parsed.ok) return;
      expect(parsed.message).toMatch(/^--input-file 'call\.json' is not valid JSON: \S/);
      expect(parsed.message).not.toContain('\n');
    },
  );

  it('keeps the message short and printable even when the parser quotes a long, hostile input', () => {
    const parsed = parseToolInput(`{"a": "${'x'.repeat(500)}\u001b[31m\n`, '--input');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message.length).toBeLessThanOrEqual(200);
    expect(parsed.message).not.toMatch(/[\u0000-\u001f]/);
  });

  it('A7: a __proto__ key stays a plain key of the input', () => {
    const parsed = parseToolInput('{"__proto__": {"polluted": true}}', '--input');
    expect(parsed.ok && Object.keys(parsed.value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('X: an input nested more than 512 levels is bad usage, not a stack overflow when the result is printed', () => {
    expect(parseToolInput(`{"a": ${'['.repeat(511)}${']'.repeat(511)}}`, '--input').ok).toBe(true);
    for (const depth of [512, 100_000]) {
      expect(parseToolInput(`{"a": ${'['.repeat(depth)}${']'.repeat(depth)}}`, '--input')).toEqual({
        ok: false,
        message: '--input nests more than 512 levels deep',
      });
    }
  });
});
