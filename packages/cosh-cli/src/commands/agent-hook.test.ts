import { Readable } from 'node:stream';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { captureStream } from '../__fixtures__/run-in-process.ts';
import { createCliContext } from '../cli-context.ts';
import { ExitError } from '../cli-errors.ts';
import { runAgentHook } from './agent-hook.ts';

const makeFolder = temporaryFolders('cosh-agent-hook-');

/**
 * An environment whose reading of the project variables fails: an unexpected error inside the
 * bridge's run of a call (it is read once the stdin is read, before any layer is loaded).
 */
function failingEnv(): NodeJS.ProcessEnv {
  return new Proxy({ COSH_TRUST: 'all' } as NodeJS.ProcessEnv, {
    get(target, key) {
      if (key === 'CLAUDE_PROJECT_DIR' || key === 'GEMINI_PROJECT_DIR') throw new Error('the environment broke');
      return Reflect.get(target, key);
    },
  });
}

/** Runs one bridge command in this process on `stdin`: its JSON answer, exit status and stderr. */
async function bridge(
  command: 'claude-hook' | 'gemini-hook',
  stdin: object,
): Promise<{ answer: Record<string, unknown>; code: number; stderr: string }> {
  const cwd = makeFolder();
  const stdout = captureStream();
  const stderr = captureStream();
  const context = createCliContext({ stdout, stderr, cwd, env: failingEnv() });
  let code = 0;
  try {
    await runAgentHook(
      context,
      { command, configPath: undefined },
      Readable.from([JSON.stringify({ cwd, session_id: 's', ...stdin })]),
    );
  } catch (error) {
    if (!(error instanceof ExitError)) throw error;
    code = error.exitCode;
  }
  return { answer: JSON.parse(stdout.text()) as Record<string, unknown>, code, stderr: stderr.text() };
}

describe("the bridge's own unexpected failure (K8, E5)", () => {
  it("E5: on a session event it is that event's warning, not a tool call's deny: Claude Code's prompt is sent", async () => {
    const { answer, code } = await bridge('claude-hook', { hook_event_name: 'UserPromptSubmit', prompt: 'hi' });
    expect(code).toBe(0);
    expect(answer).toEqual({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit' },
      systemMessage: expect.stringContaining('the environment broke'),
    });
    expect(answer['systemMessage']).toContain('the prompt is sent without the Cosh hooks');
  });

  it("E5: Gemini CLI's AfterAgent (Stop) gets no deny and no exit 2: the turn ends", async () => {
    const { answer, code } = await bridge('gemini-hook', { hook_event_name: 'AfterAgent', prompt_response: 'done' });
    expect(code).toBe(0);
    expect(answer).not.toHaveProperty('decision');
    expect(JSON.stringify(answer)).toContain('the environment broke');
  });

  it('K8: on a tool call it stays a deny (fail closed)', async () => {
    const { answer } = await bridge('claude-hook', {
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    });
    expect(answer).toMatchObject({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' },
    });
    expect(JSON.stringify(answer)).toContain('the environment broke');
  });
});
