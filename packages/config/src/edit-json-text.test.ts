import { describe, expect, it } from 'vitest';
import { editJsonText, readJsonText } from './edit-json-text.ts';

describe('editJsonText (cosh connect writes as C8 does)', () => {
  it('X: appends to an array without re-laying its earlier elements; comments and key order stay', () => {
    const text =
      '{\n  // mine\n  "model": "opus",\n  "hooks": {\n    "PreToolUse": [\n      {"matcher": "Bash", "hooks": []}\n    ]\n  }\n}\n';
    const edited = editJsonText(text, [{ path: ['hooks', 'PreToolUse', 1], value: { matcher: '*' }, insert: true }]);
    expect(edited).toBe(
      '{\n  // mine\n  "model": "opus",\n  "hooks": {\n    "PreToolUse": [\n      {"matcher": "Bash", "hooks": []},\n      {\n        "matcher": "*"\n      }\n    ]\n  }\n}\n',
    );
  });

  it("X: adds a property in the file's own indentation; an empty text is {}", () => {
    expect(editJsonText('{\n\t"a": 1\n}\n', [{ path: ['b'], value: [1] }])).toBe(
      '{\n\t"a": 1,\n\t"b": [\n\t\t1\n\t]\n}\n',
    );
    expect(JSON.parse(editJsonText('', [{ path: ['hooks'], value: {} }]))).toEqual({ hooks: {} });
  });

  it('X: readJsonText reads JSONC and names the first problem by line and column', () => {
    expect(readJsonText('{"a": 1, // c\n}', 'f.json')).toEqual({ ok: true, value: { a: 1 } });
    const bad = readJsonText('{\n  "a": \n}', 'f.json');
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.problem).toMatch(/^f\.json:\d+:\d+: /);
  });
});
