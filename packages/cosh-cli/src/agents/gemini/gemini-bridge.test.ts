import { describe, expect, it } from 'vitest';
import type { AnsweredVerdict } from '@cosh/hooks';
import { geminiHookAnswer } from './gemini-hook-answer.ts';
import { fromGeminiToolCall, geminiToolOutput } from './gemini-tool-call.ts';

function verdict(overrides: Partial<AnsweredVerdict> & { toolOutput?: string } = {}) {
  return { decision: 'none' as const, halt: false, reasons: [], context: '', diagnostics: [], ...overrides };
}
const plain = { systemMessage: null, keptContext: '' };

describe('fromGeminiToolCall (K10 names)', () => {
  it("K10: Gemini's built-in tools are Cosh's, paths absolute against cwd", () => {
    const read = (name: string, input: Record<string, unknown>) => {
      const call = fromGeminiToolCall(name, input, '/repo');
      return [call.toolName, call.toolInput];
    };
    expect(read('run_shell_command', { command: 'ls', description: 'list' })).toEqual(['bash_run', { command: 'ls' }]);
    expect(read('read_file', { absolute_path: '/a.txt' })).toEqual(['fs_read', { path: '/a.txt' }]);
    expect(read('read_file', { file_path: 'b.txt' })).toEqual(['fs_read', { path: '/repo/b.txt' }]);
    expect(read('write_file', { file_path: '/x', content: 'c' })).toEqual(['fs_write', { path: '/x', content: 'c' }]);
    expect(read('replace', { file_path: '/x', old_string: 'a', new_string: 'b', allow_multiple: true })).toEqual([
      'fs_edit',
      { path: '/x', old_string: 'a', new_string: 'b', replace_all: true },
    ]);
    expect(read('search_file_content', { pattern: 'p', path: 'src' })).toEqual([
      'find_grep',
      { pattern: 'p', path: '/repo/src' },
    ]);
    expect(read('grep_search', { pattern: 'p', dir_path: '/s' })).toEqual(['find_grep', { pattern: 'p', path: '/s' }]);
    expect(read('glob', { pattern: '*' })).toEqual(['glob', { pattern: '*' }]);
    const mcp = fromGeminiToolCall('mcp__github__create_issue', { title: 't' }, '/r');
    expect([mcp.toolName, mcp.mcpServer]).toEqual(['create_issue', 'github']);
  });

  it("K10: a rewrite is Gemini's whole input: its own fields, the rewritten ones laid over them", () => {
    const call = fromGeminiToolCall(
      'replace',
      { file_path: 'a', old_string: 'x', new_string: 'y', instruction: 'i' },
      '/r',
    );
    expect(call.toGeminiInput({ path: '/r/a', old_string: 'x', new_string: 'z' })).toEqual({
      file_path: 'a',
      old_string: 'x',
      new_string: 'z',
      instruction: 'i',
    });
  });

  it("K10: AfterTool's tool_response is read as its llmContent text", () => {
    expect(geminiToolOutput({ llmContent: 'out', returnDisplay: 'shown' })).toBe('out');
    expect(geminiToolOutput({ llmContent: [{ text: 'a' }, { text: 'b' }] })).toBe('a\nb');
    expect(geminiToolOutput({ returnDisplay: 'shown' })).toBe('shown');
  });
});

describe('geminiHookAnswer (K10 answers)', () => {
  const shell = fromGeminiToolCall('run_shell_command', { command: 'ls', description: 'd' }, '/r');

  it('K10: deny is exit 2 with the reasons on stderr and a JSON deny; allow is {"decision":"allow"}', () => {
    expect(
      geminiHookAnswer('PreToolUse', verdict({ decision: 'deny', reasons: ['no', 'never'] }), shell, plain),
    ).toEqual({
      json: { decision: 'deny', reason: 'no; never' },
      exitCode: 2,
      stderr: 'no; never',
      contextToKeep: '',
    });
    expect(geminiHookAnswer('PreToolUse', verdict({ decision: 'allow' }), shell, plain).json).toEqual({
      decision: 'allow',
    });
    expect(geminiHookAnswer('PreToolUse', verdict(), shell, plain).json).toEqual({});
  });

  it('K10: a rewrite is hookSpecificOutput.tool_input, the whole input; a halt is continue: false', () => {
    expect(geminiHookAnswer('PreToolUse', verdict({ toolInput: { command: 'echo' } }), shell, plain).json).toEqual({
      hookSpecificOutput: { tool_input: { command: 'echo', description: 'd' } },
    });
    expect(geminiHookAnswer('PreToolUse', verdict({ halt: true, reasons: ['stop'] }), shell, plain)).toMatchObject({
      json: { continue: false, stopReason: 'stop' },
      exitCode: 0,
    });
  });

  it('K10: a BeforeTool context is kept, not answered; AfterTool gives it first, then its own', () => {
    const before = geminiHookAnswer('PreToolUse', verdict({ context: 'pre' }), shell, plain);
    expect(before.json).toEqual({});
    expect(before.contextToKeep).toBe('pre');
    expect(
      geminiHookAnswer('PostToolUse', verdict({ context: 'post' }), shell, {
        systemMessage: 'warn',
        keptContext: 'pre',
      }).json,
    ).toEqual({ hookSpecificOutput: { additionalContext: 'pre\npost' }, systemMessage: 'warn' });
  });

  it('K10: an AfterTool deny replaces the result with the output Cosh would let through', () => {
    const answer = geminiHookAnswer(
      'PostToolUse',
      verdict({ decision: 'deny', reasons: ['secret'], toolOutput: 'out\n[hook] secret' }),
      shell,
      plain,
    );
    expect(answer).toMatchObject({
      json: { decision: 'deny', reason: 'out\n[hook] secret' },
      exitCode: 2,
      stderr: 'secret',
    });
  });
});
