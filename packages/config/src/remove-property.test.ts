import { applyEdits, type Node, parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { propertyRemovalEdits } from './remove-property.ts';

/** `text` without the property `key` of the object at `path` (`undefined` when the remover declines). */
function removing(text: string, key: string, path: readonly (string | number)[] = []): string | undefined {
  let node: Node | undefined = parseTree(text, [], { allowTrailingComma: true });
  for (const segment of path) {
    node =
      typeof segment === 'number'
        ? node?.children?.[segment]
        : node?.children?.find((property) => property.children?.[0]?.value === segment)?.children?.[1];
  }
  const property = node?.children?.find((candidate) => candidate.children?.[0]?.value === key);
  if (node === undefined || property === undefined) throw new Error(`no ${key}`);
  const edits = propertyRemovalEdits(text, node, property);
  return edits === undefined ? undefined : applyEdits(text, edits);
}

describe('propertyRemovalEdits', () => {
  it('C8: one-line objects: the property and one comma go, the rest stays as written', () => {
    expect(removing('{"a": 1, "b": 2, "c": 3}', 'b')).toBe('{"a": 1, "c": 3}');
    expect(removing('{"a": 1, "b": 2}', 'a')).toBe('{"b": 2}');
    expect(removing('{"a": 1, "b": 2}', 'b')).toBe('{"a": 1}');
    expect(removing('{"a": 1, "b": 2,}', 'b')).toBe('{"a": 1,}');
    expect(removing('{ "a": 1 }', 'a')).toBe('{}');
  });

  it('C8: multi-line objects: the line goes; the comma before a last property goes unless the file uses trailing commas', () => {
    expect(removing('{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}', 'b')).toBe('{\n  "a": 1,\n  "c": 3\n}');
    expect(removing('{\n  "a": 1,\n  "b": 2\n}', 'b')).toBe('{\n  "a": 1\n}');
    expect(removing('{\n  "a": 1,\n  "b": 2,\n}', 'b')).toBe('{\n  "a": 1,\n}');
    expect(removing('{\n  "a": 1\n}', 'a')).toBe('{\n}');
    expect(removing('{\r\n\t"a": 1,\r\n\t"b": 2\r\n}', 'a')).toBe('{\r\n\t"b": 2\r\n}');
  });

  it('C8: a value over several lines goes whole', () => {
    expect(removing('{\n  "a": 1,\n  "b": {\n    "x": true\n  }\n}\n', 'b')).toBe('{\n  "a": 1\n}\n');
  });

  it('C8: comments stay: above, after the removed property, and after the comma that goes', () => {
    expect(removing('{\n  "a": 1,\n  // about b\n  "b": 2\n}', 'b')).toBe('{\n  "a": 1\n  // about b\n}');
    expect(removing('{\n  "a": 1, // about a\n  "b": 2 // about b\n}', 'b')).toBe(
      '{\n  "a": 1 // about a\n  // about b\n}',
    );
    expect(removing('{\n  "a": 1 /* a */ ,\n  "b": 2\n}', 'b')).toBe('{\n  "a": 1 /* a */ \n}');
    expect(removing('{\n  "b": 2, /* b */\n  "c": 3\n}', 'b')).toBe('{\n  /* b */\n  "c": 3\n}');
  });

  it('declines layouts it does not know, so the caller writes the value instead', () => {
    expect(removing('{"a": 1 /* a */, "b": 2}', 'b')).toBeUndefined();
    expect(removing('{\n  "a": 1, "b": 2\n}', 'b')).toBeUndefined();
    expect(removing('{ "b": 2,\n  "c": 3\n}', 'b')).toBeUndefined();
    expect(removing('{\n  "b": 2 /* open\n  */\n}', 'b')).toBeUndefined();
  });

  it('works inside nested objects (a hook entry)', () => {
    const text = '{"hooks": {"PreToolUse": [{"command": "x", "enabled": false}]}}';
    expect(removing(text, 'enabled', ['hooks', 'PreToolUse', 0])).toBe('{"hooks": {"PreToolUse": [{"command": "x"}]}}');
  });
});
