import { describe, expect, it } from 'vitest';
import { parseSessionLine } from './session-protocol.ts';

describe('parseSessionLine', () => {
  it('reads a tool call, echoing any JSON id and defaulting tool_input to {}', () => {
    expect(parseSessionLine('{"id": "a1", "tool_name": "fs_read", "tool_input": {"path": "x"}}', 1)).toEqual({
      kind: 'call',
      id: 'a1',
      toolName: 'fs_read',
      toolInput: { path: 'x' },
    });
    expect(parseSessionLine('{"id": {"n": 1}, "type": "tool_call", "tool_name": "fs_read", "extra": true}', 2)).toEqual(
      {
        kind: 'call',
        id: { n: 1 },
        toolName: 'fs_read',
        toolInput: {},
      },
    );
    expect(parseSessionLine('{"tool_name": "fs_read", "tool_input": 5}', 3)).toMatchObject({
      kind: 'call',
      id: null,
      toolInput: 5,
    });
  });

  it('L3: reads a new turn', () => {
    expect(parseSessionLine('{"type": "new_turn"}', 4)).toEqual({ kind: 'new_turn' });
  });

  it('reads list_tools and permission_response lines (issue 13)', () => {
    expect(parseSessionLine('{"type": "list_tools", "id": "t"}', 1)).toEqual({ kind: 'list_tools', id: 't' });
    expect(parseSessionLine('{"type": "list_tools"}', 1)).toEqual({ kind: 'list_tools', id: null });
    expect(parseSessionLine('{"type": "permission_response", "id": 4, "allow": true}', 1)).toEqual({
      kind: 'permission_response',
      id: 4,
      allow: true,
    });
    expect(parseSessionLine('{"type": "permission_response", "id": 4, "allow": "yes"}', 2)).toMatchObject({
      kind: 'invalid',
      code: 'invalid_permission_response',
      id: 4,
      message: 'line 2: a permission_response needs "allow": true or false (and the "id" of the permission_request)',
    });
  });

  it.each([
    [
      'an Anthropic tool_use block',
      '{"type": "tool_use", "id": "toolu_1", "name": "bash_run", "input": {"command": "ls"}}',
      'line 3: this is an Anthropic tool_use block: send {"id": "toolu_1", "tool_name": "bash_run", "tool_input": {…}} (did you mean "tool_name" and "tool_input" for "name" and "input"?)',
    ],
    [
      'an MCP tools/call request',
      '{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "fs_read", "arguments": {"path": "a"}}}',
      'line 3: this is an MCP tools/call request: send {"id": 5, "tool_name": "fs_read", "tool_input": {…}} (did you mean "tool_name" and "tool_input" for params.name and params.arguments?)',
    ],
    [
      'MCP-shaped name and arguments',
      '{"id": 2, "name": "fs_read", "arguments": {"path": "a"}}',
      'line 3: did you mean "tool_name" for "name" and "tool_input" for "arguments"? A call is {"id": 2, "tool_name": "fs_read", "tool_input": {…}}',
    ],
    [
      'an input named input',
      '{"id": 2, "tool_name": "fs_read", "input": {"path": "a"}}',
      'line 3: did you mean "tool_input" for "input"? A call is {"id": 2, "tool_name": "fs_read", "tool_input": {…}}',
    ],
  ])('%s is wrong_shape with the shape to use (issue 13)', (_label, text, message) => {
    expect(parseSessionLine(text, 3)).toMatchObject({ kind: 'invalid', code: 'wrong_shape', message });
  });

  it.each([
    ['{"tool_name": "fs_read",}', 'invalid_json', null, /^line 7 is not valid JSON: /],
    ['// a comment', 'invalid_json', null, /^line 7 is not valid JSON: /],
    ['[1, 2]', 'not_an_object', null, /^line 7 must be a JSON object such as \{"id": 1, .*, not an array$/],
    ['"fs_read"', 'not_an_object', null, /not a string$/],
    ['{"id": 9, "tool_input": {}}', 'missing_tool_name', 9, /^line 7: missing "tool_name"/],
    ['{"id": 9, "tool_name": 3}', 'invalid_tool_name', 9, /^line 7: "tool_name" must be a string, not a number$/],
    [
      '{"id": 9, "type": "end_turn"}',
      'unknown_type',
      9,
      /^line 7: unknown "type" "end_turn" \(expected "new_turn", "list_tools", "permission_response", or no type for a tool call\)$/,
    ],
  ])(
    'a line that is not a call (%s) is invalid with code %s, its id when readable, and a message',
    (text, code, id, message) => {
      const parsed = parseSessionLine(text, 7);
      expect(parsed).toMatchObject({ kind: 'invalid', code, id });
      expect(parsed.kind === 'invalid' ? parsed.message : '').toMatch(message);
    },
  );

  it('a line nested deeper than a tool input may be is refused whole (nested_too_deep), its id and input unread', () => {
    const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
    // The line's object, tool_input, then 511 arrays: 513 levels, the most a line may have.
    expect(parseSessionLine(`{"tool_name": "fs_read", "tool_input": {"a": ${deep(511)}}}`, 1)).toMatchObject({
      kind: 'call',
    });
    for (const text of [
      `{"id": 1, "tool_name": "fs_read", "tool_input": {"a": ${deep(512)}}}`,
      `{"id": ${deep(100_000)}}`,
    ]) {
      expect(parseSessionLine(text, 8)).toEqual({
        kind: 'invalid',
        id: null,
        toolName: null,
        toolInput: null,
        code: 'nested_too_deep',
        message: 'line 8 nests more than 513 levels deep (a tool input may have 512) and was not read',
      });
    }
  });

  it('keeps a long parser message on one bounded line', () => {
    const parsed = parseSessionLine(`{"tool_name": "${'x'.repeat(1000)}"\n\u0007`, 1);
    expect(parsed.kind === 'invalid' ? parsed.message.length : 0).toBeLessThanOrEqual(170);
    expect(parsed.kind === 'invalid' ? parsed.message : '').not.toMatch(/[\u0000-\u001f]/);
  });
});

describe('parseSessionLine: the session events (E5)', () => {
  it('E5: a prompt line and a stop line are read with their ids; a prompt that is no string is invalid', () => {
    expect(parseSessionLine('{"type": "prompt", "id": 3, "prompt": "hello"}', 1)).toEqual({
      kind: 'prompt',
      id: 3,
      prompt: 'hello',
    });
    expect(parseSessionLine('{"type": "stop", "id": "s"}', 2)).toEqual({ kind: 'stop', id: 's' });
    expect(parseSessionLine('{"type": "prompt", "id": 4, "prompt": 7}', 3)).toMatchObject({
      kind: 'invalid',
      code: 'invalid_prompt',
      id: 4,
    });
  });
});
