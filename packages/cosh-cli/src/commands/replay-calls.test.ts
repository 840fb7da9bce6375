import { describe, expect, it } from 'vitest';
import { inputSummary } from './hooks-replay.ts';
import { outcomeOf, readReplayCalls } from './replay-calls.ts';

const jsonl = (...values: unknown[]): string => `${values.map((value) => JSON.stringify(value)).join('\n')}\n`;

describe('X hooks replay: reading recorded calls', () => {
  it('X: none, allow and ask ran; deny and halt were blocked', () => {
    expect(['none', 'allow', 'ask'].map((decision) => outcomeOf(decision, false))).toEqual(['ran', 'ran', 'ran']);
    expect(outcomeOf('deny', false)).toBe('blocked');
    expect(outcomeOf('none', true)).toBe('blocked');
  });

  it('X/K3: a Claude Code transcript: tool_use blocks mapped back to Cosh, a tool_result error naming a hook is blocked', () => {
    const text = jsonl(
      { type: 'summary', summary: 'x' },
      {
        type: 'assistant',
        message: {
          role: 'assistant',
          content: [
            { type: 'text', text: 'let me' },
            { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'rm -rf build', description: 'x' } },
          ],
        },
      },
      {
        type: 'user',
        message: {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', is_error: true, content: 'PreToolUse:Bash hook error: no rm' },
          ],
        },
      },
      {
        type: 'assistant',
        message: { content: [{ type: 'tool_use', id: 't2', name: 'Read', input: { file_path: '/a' } }] },
      },
      {
        type: 'user',
        message: { content: [{ type: 'tool_result', tool_use_id: 't2', content: [{ type: 'text', text: 'hello' }] }] },
      },
    );
    const read = readReplayCalls(text);
    expect(read).toMatchObject({ ok: true, source: 'transcript' });
    if (!read.ok) return;
    expect(read.calls).toEqual([
      {
        line: 2,
        toolName: 'bash_run',
        agentToolName: 'Bash',
        toolInput: { command: 'rm -rf build' },
        toolOutput: null,
        recorded: 'blocked',
        recordedDecision: 'blocked',
      },
      {
        line: 4,
        toolName: 'fs_read',
        agentToolName: 'Read',
        toolInput: { path: '/a' },
        toolOutput: 'hello',
        recorded: 'ran',
        recordedDecision: 'ran',
      },
    ]);
  });

  it("X: a --history file: the hooks' decision, the input as given, the output of a call that ran", () => {
    const record = (status: string, decision: string, halt = false) => ({
      id: null,
      timestamp: '2026-01-01T00:00:00.000Z',
      tool_name: 'bash_run',
      status,
      error_code: null,
      blocked_by: status === 'blocked' ? 'hook' : null,
      output: 'out',
      tool_input_as_given: { command: 'ls' },
      tool_input: null,
      pre_tool_use: { decision, halt },
      post_tool_use: null,
      halt,
    });
    const read = readReplayCalls(
      jsonl(record('ok', 'none'), { type: 'async_result' }, record('blocked', 'deny'), record('halted', 'none', true)),
    );
    expect(
      read.ok && read.calls.map((call) => [call.line, call.recorded, call.recordedDecision, call.toolOutput]),
    ).toEqual([
      [1, 'ran', 'none', 'out'],
      [3, 'blocked', 'deny', null],
      [4, 'blocked', 'halt', null],
    ]);
  });

  it('X: a history line of an older version, a line that is not JSON: the line is named', () => {
    expect(readReplayCalls(jsonl({ tool_name: 'bash_run', status: 'ok', output: '' }))).toEqual({
      ok: false,
      line: 1,
      problem:
        'line 1: a --history line of an older version of cosh (it has no "tool_input_as_given"): record the calls again with this version',
    });
    const transcript = `${JSON.stringify({ type: 'user', message: { content: [] } })}\n{"type": "assistant", "mess\n`;
    expect(readReplayCalls(transcript)).toEqual({ ok: false, line: 2, problem: 'line 2 is not JSON' });
    expect(readReplayCalls('')).toMatchObject({ ok: false, line: 0 });
  });

  it('X: a journal (no inputs) and a cosh session input', () => {
    const journal = readReplayCalls(
      jsonl(
        {
          time: 't',
          event: 'PreToolUse',
          tool_name: 'bash_run',
          agent_tool_name: 'Bash',
          input_sha256: 'x',
          decision: 'deny',
          halt: false,
          seq: 1,
          prev: 'p',
        },
        {
          time: 't',
          event: 'PostToolUse',
          tool_name: 'bash_run',
          input_sha256: 'x',
          decision: 'none',
          halt: false,
          seq: 2,
          prev: 'q',
        },
      ),
    );
    expect(journal.ok && journal.calls).toEqual([
      {
        line: 1,
        toolName: 'bash_run',
        agentToolName: 'Bash',
        toolInput: null,
        toolOutput: null,
        recorded: 'blocked',
        recordedDecision: 'deny',
      },
    ]);
    const session = readReplayCalls(
      jsonl({ type: 'new_turn' }, { id: 1, tool_name: 'fs_read', tool_input: { path: 'a' } }),
    );
    expect(session.ok && session.source).toBe('session');
    expect(session.ok && session.calls.map((call) => [call.line, call.toolName, call.recorded])).toEqual([
      [2, 'fs_read', 'ran'],
    ]);
  });

  it('X: the input summary shows the command or path, cut', () => {
    expect(inputSummary({ toolName: 'bash_run', toolInput: { command: 'rm  -rf\nbuild' } })).toBe('rm -rf build');
    expect(inputSummary({ toolName: 'x', toolInput: null })).toBe('(input not recorded)');
    expect(inputSummary({ toolName: 'x', toolInput: { a: 'b'.repeat(200) } })).toHaveLength(80);
  });
});
