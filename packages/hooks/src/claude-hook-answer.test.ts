import { describe, expect, it } from 'vitest';
import { type AnsweredVerdict, claudeFailureAnswer, claudeHookAnswer } from './claude-hook-answer.ts';
import { toCoshToolInput } from './claude-tool-input.ts';

function verdict(overrides: Partial<AnsweredVerdict> = {}): AnsweredVerdict {
  return { decision: 'none', halt: false, reasons: [], context: '', diagnostics: [], ...overrides };
}

const claudeInput = { command: 'git push origin main', timeout: 120000, description: 'Push the branch' };
const coshInput = toCoshToolInput('bash_run', claudeInput);
const call = { toolName: 'bash_run', cwd: '/repo', claudeInput, coshInput };

describe('claudeHookAnswer (K8)', () => {
  it('K8: no opinion: only hookSpecificOutput.hookEventName', () => {
    expect(claudeHookAnswer('PreToolUse', verdict({ toolInput: coshInput }), call)).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse' },
    });
    expect(claudeHookAnswer('PostToolUse', verdict())).toEqual({
      hookSpecificOutput: { hookEventName: 'PostToolUse' },
    });
  });

  it('K8: deny and ask carry permissionDecision with the reasons; allow carries allow', () => {
    expect(
      claudeHookAnswer('PreToolUse', verdict({ decision: 'deny', reasons: ['no pushes to main', 'frozen'] })),
    ).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'no pushes to main; frozen',
      },
    });
    expect(claudeHookAnswer('PreToolUse', verdict({ decision: 'ask', reasons: ['pushes to main'] }))).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'ask',
        permissionDecisionReason: 'pushes to main',
      },
    });
    expect(claudeHookAnswer('PreToolUse', verdict({ decision: 'allow' }))).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' },
    });
  });

  it("K8: a rewritten input is Claude's input with the rewritten fields in Claude's terms, the rest kept", () => {
    const rewritten = { ...coshInput, command: 'git push --dry-run origin main', timeout: 30 };
    expect(claudeHookAnswer('PreToolUse', verdict({ decision: 'allow', toolInput: rewritten }), call)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { command: 'git push --dry-run origin main', timeout: 30000, description: 'Push the branch' },
      },
    });
    // With no decision or an ask, the rewrite is carried as well.
    expect(
      claudeHookAnswer('PreToolUse', verdict({ toolInput: rewritten }), call).hookSpecificOutput?.updatedInput,
    ).toMatchObject({
      timeout: 30000,
    });
    expect(
      claudeHookAnswer('PreToolUse', verdict({ decision: 'ask', reasons: ['r'], toolInput: rewritten }), call)
        .hookSpecificOutput?.updatedInput,
    ).toMatchObject({ command: 'git push --dry-run origin main' });
  });

  it("K8: a rewritten path is made absolute against the payload's cwd; Claude-only fields stay", () => {
    const readInput = { file_path: '/repo/.env', offset: 1 };
    const readCall = {
      toolName: 'fs_read',
      cwd: '/repo',
      claudeInput: readInput,
      coshInput: toCoshToolInput('fs_read', readInput),
    };
    const answer = claudeHookAnswer(
      'PreToolUse',
      verdict({ toolInput: { path: '.env.example', offset: 1 } }),
      readCall,
    );
    expect(answer.hookSpecificOutput?.updatedInput).toEqual({ file_path: '/repo/.env.example', offset: 1 });
  });

  it("K8: Grep keeps Claude's own output_mode: the fixed fields Cosh sends its hooks are not laid over it", () => {
    const grepInput = { pattern: 'TODO', output_mode: 'files_with_matches' };
    const grepCall = {
      toolName: 'find_grep',
      cwd: '/repo',
      claudeInput: grepInput,
      coshInput: toCoshToolInput('find_grep', grepInput),
    };
    const answer = claudeHookAnswer(
      'PreToolUse',
      verdict({ toolInput: { ...grepCall.coshInput, path: 'src' } }),
      grepCall,
    );
    expect(answer.hookSpecificOutput?.updatedInput).toEqual({
      pattern: 'TODO',
      output_mode: 'files_with_matches',
      path: '/repo/src',
    });
  });

  it('K8: an unchanged input (same object or equal fields) is no updatedInput; a deny carries none', () => {
    expect(
      claudeHookAnswer('PreToolUse', verdict({ decision: 'allow', toolInput: { ...coshInput } }), call)
        .hookSpecificOutput,
    ).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
    });
    const denied = claudeHookAnswer(
      'PreToolUse',
      verdict({ decision: 'deny', reasons: ['no'], toolInput: { command: 'ls' } }),
      call,
    );
    expect(denied.hookSpecificOutput?.updatedInput).toBeUndefined();
  });

  it('K8: contexts become additionalContext; diagnostics become the systemMessage, one per line', () => {
    const answer = claudeHookAnswer(
      'PreToolUse',
      verdict({
        context: 'Tests live in test/\nUse pnpm',
        diagnostics: [
          { level: 'error', hook: 'a', message: `hook 'a' exited 1: the call was not blocked` },
          { level: 'info', hook: 'b', message: `hook 'b': formatted 2 files` },
        ],
      }),
    );
    expect(answer).toEqual({
      systemMessage: `hook 'a' exited 1: the call was not blocked\nhook 'b': formatted 2 files`,
      hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'Tests live in test/\nUse pnpm' },
    });
  });

  it('K8: PostToolUse [hook] lines become decision block with the reasons', () => {
    expect(
      claudeHookAnswer('PostToolUse', verdict({ decision: 'deny', reasons: ['secret on line 3', 'lint failed'] })),
    ).toEqual({
      decision: 'block',
      reason: 'secret on line 3; lint failed',
      hookSpecificOutput: { hookEventName: 'PostToolUse' },
    });
    expect(claudeHookAnswer('PostToolUse', verdict({ decision: 'allow', context: 'ok' }))).toEqual({
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'ok' },
    });
  });

  it('K8: a halt is continue false with stopReason, and in PreToolUse a deny as well', () => {
    expect(
      claudeHookAnswer('PreToolUse', verdict({ halt: true, decision: 'allow', reasons: ['build is broken'] }), call),
    ).toEqual({
      continue: false,
      stopReason: 'build is broken',
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'build is broken',
      },
    });
    expect(claudeHookAnswer('PostToolUse', verdict({ halt: true, decision: 'deny', reasons: ['stop now'] }))).toEqual({
      continue: false,
      stopReason: 'stop now',
      hookSpecificOutput: { hookEventName: 'PostToolUse' },
    });
  });

  it('K8: the answer is one JSON line when printed', () => {
    const line = JSON.stringify(claudeHookAnswer('PreToolUse', verdict({ decision: 'deny', reasons: ['a\nb'] })));
    expect(line).not.toContain('\n');
  });
});

describe('claudeFailureAnswer (K8)', () => {
  it('K8: a configuration error denies (fail closed) with the problem, in both events', () => {
    const problem = `setup.json:4:7: unknown field "matchr" (did you mean matcher?)`;
    expect(claudeFailureAnswer('PreToolUse', problem, { deny: true })).toEqual({
      systemMessage: problem,
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: problem,
      },
    });
    expect(claudeFailureAnswer('PostToolUse', problem, { deny: true })).toEqual({
      decision: 'block',
      reason: problem,
      systemMessage: problem,
      hookSpecificOutput: { hookEventName: 'PostToolUse' },
    });
  });

  it('K8: other failures only tell the person; without a known event there is no hookSpecificOutput', () => {
    expect(claudeFailureAnswer('PreToolUse', 'x', { deny: false })).toEqual({
      systemMessage: 'x',
      hookSpecificOutput: { hookEventName: 'PreToolUse' },
    });
    expect(claudeFailureAnswer(null, 'stdin is not JSON', { deny: false })).toEqual({
      systemMessage: 'stdin is not JSON',
    });
  });
});
