import { describe, expect, it } from 'vitest';
import { claudeHookPayload } from './claude-hook-payload.ts';

const common = {
  sessionId: '2f1c7b1e-5d6a-4c55-9a53-0c1f1b2e7d10',
  cwd: '/home/ada/repo',
  toolUseId: 'toolu_0001',
} as const;

describe('claudeHookPayload (K4)', () => {
  it("K4: PreToolUse is one compact line with Claude Code's keys in order", () => {
    const payload = claudeHookPayload({
      ...common,
      event: 'PreToolUse',
      toolName: 'Bash',
      toolInput: { command: 'ls', timeout: 5000 },
    });
    expect(payload).toBe(
      '{"session_id":"2f1c7b1e-5d6a-4c55-9a53-0c1f1b2e7d10","transcript_path":"","cwd":"/home/ada/repo",' +
        '"permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash",' +
        '"tool_input":{"command":"ls","timeout":5000},"tool_use_id":"toolu_0001"}\n',
    );
  });

  it('K4: PostToolUse adds tool_response last; the transcript path is given when there is one', () => {
    const payload = claudeHookPayload({
      ...common,
      event: 'PostToolUse',
      transcriptPath: '/home/ada/.local/state/cosh/history.jsonl',
      toolName: 'Read',
      toolInput: { file_path: '/home/ada/repo/a' },
      toolResponse: { type: 'text', file: { filePath: '/home/ada/repo/a', content: 'x\n' } },
    });
    expect(Object.keys(JSON.parse(payload) as object)).toEqual([
      'session_id',
      'transcript_path',
      'cwd',
      'permission_mode',
      'hook_event_name',
      'tool_name',
      'tool_input',
      'tool_use_id',
      'tool_response',
    ]);
    expect(JSON.parse(payload)).toMatchObject({
      transcript_path: '/home/ada/.local/state/cosh/history.jsonl',
      hook_event_name: 'PostToolUse',
      tool_response: { file: { content: 'x\n' } },
    });
    expect(payload.indexOf('\n')).toBe(payload.length - 1);
  });

  it('K4: a missing tool_response is null, never a hole in the JSON', () => {
    expect(
      JSON.parse(claudeHookPayload({ ...common, event: 'PostToolUse', toolName: 'Bash', toolInput: {} })),
    ).toMatchObject({
      tool_response: null,
    });
  });

  it('K4: newlines in values are escaped, so the payload stays one line', () => {
    const payload = claudeHookPayload({
      ...common,
      event: 'PreToolUse',
      toolName: 'Bash',
      toolInput: { command: 'a\nb' },
    });
    expect(payload.indexOf('\n')).toBe(payload.length - 1);
  });

  it('A7: a __proto__ key of the input is sent as an ordinary key', () => {
    const toolInput = JSON.parse('{"__proto__":{"x":1}}') as Record<string, unknown>;
    expect(claudeHookPayload({ ...common, event: 'PreToolUse', toolName: 't', toolInput })).toContain(
      '"tool_input":{"__proto__":{"x":1}}',
    );
  });

  it('throws for an input that cannot be JSON or does not serialise to an object', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => claudeHookPayload({ ...common, event: 'PreToolUse', toolName: 't', toolInput: cyclic })).toThrow(
      TypeError,
    );
    expect(() =>
      claudeHookPayload({ ...common, event: 'PreToolUse', toolName: 't', toolInput: { toJSON: () => 'x' } }),
    ).toThrow('the tool input does not serialise to a JSON object');
  });
});
