import { describe, expect, it } from 'vitest';
import type { AnsweredVerdict } from '@cosh/hooks';
import { codexHookAnswer, combineVerdicts } from './codex-hook-answer.ts';
import { parseApplyPatch as parseCodexPatch } from '@cosh/hooks';
import { codexToolOutput, fromCodexToolCall, shellApplyPatch } from './codex-tool-call.ts';

function verdict(overrides: Partial<AnsweredVerdict> = {}): AnsweredVerdict {
  return { decision: 'none', halt: false, reasons: [], context: '', diagnostics: [], ...overrides };
}

describe('fromCodexToolCall (K9 names)', () => {
  it('K9: Bash, shell, exec_command and local_shell are bash_run; an argv of bash -lc is its script', () => {
    for (const name of ['Bash', 'shell', 'exec_command', 'local_shell']) {
      expect(fromCodexToolCall(name, { command: 'ls -la' }, '/repo').calls).toEqual([
        { toolName: 'bash_run', mcpServer: null, toolInput: { command: 'ls -la' } },
      ]);
    }
    expect(fromCodexToolCall('shell', { command: ['bash', '-lc', 'rm -rf /'] }, '/r').calls[0]?.toolInput).toEqual({
      command: 'rm -rf /',
    });
    expect(fromCodexToolCall('shell', { command: ['ls', 'a b'] }, '/r').calls[0]?.toolInput).toEqual({
      command: "ls 'a b'",
    });
    expect(fromCodexToolCall('exec_command', { cmd: 'pwd' }, '/r').calls[0]?.toolInput).toEqual({ command: 'pwd' });
  });

  it('K9: a rewrite of a shell call goes back into its own field, the other fields kept', () => {
    const call = fromCodexToolCall('Bash', { command: 'ls', workdir: '/x' }, '/r');
    expect(call.toCodexInput({ command: 'echo hi' })).toEqual({ command: 'echo hi', workdir: '/x' });
    expect(fromCodexToolCall('exec_command', { cmd: 'pwd' }, '/r').toCodexInput({ command: 'id' })).toEqual({
      cmd: 'id',
    });
  });

  it('K9: apply_patch is one fs_write per added file and one fs_edit per updated file, paths absolute', () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: notes/new.txt',
      '+hello',
      '+world',
      '*** Update File: src/.env',
      '@@ first',
      ' KEEP=1',
      '-A=1',
      '+A=2',
      '*** Delete File: old.txt',
      '*** End Patch',
    ].join('\n');
    const call = fromCodexToolCall('apply_patch', { command: patch }, '/repo');
    expect(call.calls).toEqual([
      { toolName: 'fs_write', mcpServer: null, toolInput: { path: '/repo/notes/new.txt', content: 'hello\nworld\n' } },
      {
        toolName: 'fs_edit',
        mcpServer: null,
        toolInput: { path: '/repo/src/.env', edits: [{ old_string: 'KEEP=1\nA=1', new_string: 'KEEP=1\nA=2' }] },
      },
      { toolName: 'apply_patch', mcpServer: null, toolInput: { command: patch, path: '/repo/old.txt' } },
    ]);
    // A patch cannot carry a rewrite back.
    expect(call.toCodexInput({ path: '/x' })).toBeNull();
    expect(parseCodexPatch('not a patch')).toBeNull();
  });

  it('K9: an apply_patch given to the shell is also read as the patch (Codex applies it itself)', () => {
    const patch = ['*** Begin Patch', '*** Update File: locked.txt', '@@', '-old', '+new', '*** End Patch'].join('\n');
    const command = `apply_patch <<'PATCH'\n${patch}\nPATCH`;
    const call = fromCodexToolCall('Bash', { command }, '/repo');
    expect(call.calls).toEqual([
      { toolName: 'bash_run', mcpServer: null, toolInput: { command } },
      {
        toolName: 'fs_edit',
        mcpServer: null,
        toolInput: { path: '/repo/locked.txt', edits: [{ old_string: 'old', new_string: 'new' }] },
      },
    ]);
    expect(shellApplyPatch(`applypatch "${patch}"`)).toBe(patch);
    // Only a command that is the patch: another command that mentions one stays a shell command.
    expect(shellApplyPatch(`cat <<'P'\n${patch}\nP`)).toBeNull();
    expect(shellApplyPatch('apply_patch_helper x')).toBeNull();
    expect(fromCodexToolCall('Bash', { command: `echo '${patch}'` }, '/repo').calls).toHaveLength(1);
  });

  it('K9: read_file is fs_read, MCP names are the server and tool, other names stay', () => {
    expect(fromCodexToolCall('read_file', { file_path: 'a.ts' }, '/repo').calls[0]).toEqual({
      toolName: 'fs_read',
      mcpServer: null,
      toolInput: { path: '/repo/a.ts' },
    });
    expect(fromCodexToolCall('mcp__github__create_issue', { title: 't' }, '/r').calls[0]).toEqual({
      toolName: 'create_issue',
      mcpServer: 'github',
      toolInput: { title: 't' },
    });
    expect(fromCodexToolCall('web_search', { q: 'x' }, '/r').calls[0]?.toolName).toBe('web_search');
  });
});

describe('codexHookAnswer (K9 answers)', () => {
  const bash = fromCodexToolCall('Bash', { command: 'ls' }, '/r');

  it('K9: a halt is a deny with the reasons, never continue: false', () => {
    const answer = codexHookAnswer('PreToolUse', [verdict({ halt: true, reasons: ['stop'] })], bash);
    expect(answer).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'stop' },
    });
  });

  it('K9: a deny always carries a reason; an ask is a deny that says so', () => {
    expect(codexHookAnswer('PreToolUse', [verdict({ decision: 'deny' })], bash).hookSpecificOutput).toMatchObject({
      permissionDecision: 'deny',
      permissionDecisionReason: 'blocked by a Cosh hook',
    });
    expect(
      codexHookAnswer('PreToolUse', [verdict({ decision: 'ask', reasons: ['sure?'] })], bash).hookSpecificOutput,
    ).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'a hook asked for confirmation, which Codex cannot ask: sure?',
    });
  });

  it('K9: a rewrite goes with an allow only; without an allow it is a deny showing the rewrite; a bare allow is no decision', () => {
    expect(
      codexHookAnswer('PreToolUse', [verdict({ decision: 'allow', toolInput: { command: 'echo ok' } })], bash),
    ).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { command: 'echo ok' },
      },
    });
    const denied = codexHookAnswer('PreToolUse', [verdict({ toolInput: { command: 'echo ok' } })], bash);
    expect(denied.hookSpecificOutput?.permissionDecision).toBe('deny');
    expect(denied.hookSpecificOutput?.permissionDecisionReason).toContain('{"command":"echo ok"}');
    expect(denied.hookSpecificOutput).not.toHaveProperty('updatedInput');
    expect(codexHookAnswer('PreToolUse', [verdict({ decision: 'allow', toolInput: { command: 'ls' } })], bash)).toEqual(
      {
        hookSpecificOutput: { hookEventName: 'PreToolUse' },
      },
    );
  });

  it('K9: PostToolUse answers as Claude Code: block for [hook] lines, context, continue: false on halt', () => {
    expect(
      codexHookAnswer('PostToolUse', [verdict({ decision: 'deny', reasons: ['leak'], context: 'c' })], bash),
    ).toEqual({
      decision: 'block',
      reason: 'leak',
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'c' },
    });
    expect(codexHookAnswer('PostToolUse', [verdict({ halt: true, reasons: ['h'] })], bash)).toMatchObject({
      continue: false,
      stopReason: 'h',
    });
  });

  it('K9: the calls of one patch combine: any deny denies, allow only when all allow', () => {
    expect(
      combineVerdicts([verdict({ decision: 'allow' }), verdict({ decision: 'deny', reasons: ['no'] })]),
    ).toMatchObject({
      decision: 'deny',
      reasons: ['no'],
    });
    expect(combineVerdicts([verdict({ decision: 'allow' }), verdict()]).decision).toBe('none');
    expect(combineVerdicts([verdict({ decision: 'allow' }), verdict({ decision: 'allow' })]).decision).toBe('allow');
  });
});

describe('codexToolOutput (K9 PostToolUse)', () => {
  it("K9: Codex's tool_response is read as text: a string, an MCP result's text items, an output field", () => {
    expect(codexToolOutput('bash_run', 'out\n', null).output).toBe('out\n');
    expect(
      codexToolOutput(
        't',
        {
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
        's',
      ).output,
    ).toBe('a\nb');
    expect(codexToolOutput('bash_run', { output: 'x', exit_code: 0 }, null).output).toBe('x');
    expect(codexToolOutput('bash_run', { stdout: 'o', stderr: '' }, null).output).toBe('o\n');
  });
});
