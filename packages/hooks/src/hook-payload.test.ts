import { describe, expect, it } from 'vitest';
import { hookPayload } from './hook-payload.ts';

describe('hookPayload (R3)', () => {
  it('R3: PreToolUse is compact JSON, keys event, tool_name, tool_input, and one newline', () => {
    expect(hookPayload({ event: 'PreToolUse', toolName: 'bash_run', toolInput: { command: 'ls', n: [1, 2] } })).toBe(
      '{"event":"PreToolUse","tool_name":"bash_run","tool_input":{"command":"ls","n":[1,2]}}\n',
    );
  });

  it('R3: PostToolUse adds tool_output last, escaped, even when empty', () => {
    expect(hookPayload({ event: 'PostToolUse', toolName: 'fs_read', toolInput: {}, toolOutput: 'a\n"b"\u0000' })).toBe(
      '{"event":"PostToolUse","tool_name":"fs_read","tool_input":{},"tool_output":"a\\n\\"b\\"\\u0000"}\n',
    );
    expect(hookPayload({ event: 'PostToolUse', toolName: 't', toolInput: {} })).toBe(
      '{"event":"PostToolUse","tool_name":"t","tool_input":{},"tool_output":""}\n',
    );
  });

  it('R3: the payload is exactly one line whatever the input holds (newlines are escaped)', () => {
    const payload = hookPayload({ event: 'PreToolUse', toolName: 'a\nb', toolInput: { text: 'x\ny\r\n' } });
    expect(payload.indexOf('\n')).toBe(payload.length - 1);
    expect(JSON.parse(payload)).toEqual({ event: 'PreToolUse', tool_name: 'a\nb', tool_input: { text: 'x\ny\r\n' } });
  });

  it('A7: a __proto__ key of the input is sent as an ordinary key', () => {
    const toolInput = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
    expect(hookPayload({ event: 'PreToolUse', toolName: 't', toolInput })).toBe(
      '{"event":"PreToolUse","tool_name":"t","tool_input":{"__proto__":{"polluted":true},"a":1}}\n',
    );
  });

  it('throws for an input that cannot be JSON or does not serialise to an object', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => hookPayload({ event: 'PreToolUse', toolName: 't', toolInput: cyclic })).toThrow(TypeError);
    expect(() => hookPayload({ event: 'PreToolUse', toolName: 't', toolInput: { n: 1n } })).toThrow(TypeError);
    expect(() => hookPayload({ event: 'PreToolUse', toolName: 't', toolInput: { toJSON: () => [1] } })).toThrow(
      'the tool input does not serialise to a JSON object',
    );
  });
});
