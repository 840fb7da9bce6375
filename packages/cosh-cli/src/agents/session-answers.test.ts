import { describe, expect, it } from 'vitest';
import { agentSessionEvents } from '../commands/bridge-session-event.ts';
import { claudeSessionAnswer, claudeSessionFailure } from './claude/claude-session-answer.ts';
import { geminiSessionAnswer, geminiSessionFailure } from './gemini/gemini-session-answer.ts';

const verdict = (fields: Partial<Parameters<typeof claudeSessionAnswer>[1]> = {}) => ({
  decision: 'none' as const,
  halt: false,
  reasons: [] as string[],
  context: '',
  diagnostics: [],
  ...fields,
});

describe('the session events in the bridges (E5)', () => {
  it("E5: each agent's names of the session events: Claude's and Codex's are Cosh's, Gemini's BeforeAgent and AfterAgent", () => {
    expect(agentSessionEvents('claude')).toEqual({
      UserPromptSubmit: 'UserPromptSubmit',
      SessionStart: 'SessionStart',
      Stop: 'Stop',
      SessionEnd: 'SessionEnd',
    });
    expect(agentSessionEvents('gemini')).toEqual({
      BeforeAgent: 'UserPromptSubmit',
      SessionStart: 'SessionStart',
      AfterAgent: 'Stop',
      SessionEnd: 'SessionEnd',
    });
  });

  it('E1/E3: a deny is decision "block" on a prompt and a stop, never with an empty reason (Codex refuses one)', () => {
    expect(claudeSessionAnswer('UserPromptSubmit', verdict({ decision: 'deny', reasons: ['no'] }), [])).toEqual({
      decision: 'block',
      reason: 'no',
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit' },
    });
    expect(claudeSessionAnswer('Stop', verdict({ decision: 'deny', reasons: [] }), [])).toEqual({
      decision: 'block',
      reason: 'blocked by a Cosh hook',
    });
  });

  it('E2/E4: SessionStart carries only its context; SessionEnd nothing but the warnings', () => {
    expect(claudeSessionAnswer('SessionStart', verdict({ context: 'hi' }), [])).toEqual({
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'hi' },
    });
    expect(claudeSessionAnswer('SessionEnd', verdict(), ['w'])).toEqual({ systemMessage: 'w' });
  });

  it("E1/E5/K8: halt is continue false; the bridge's own failure never blocks a prompt or a stop, it only reports", () => {
    expect(claudeSessionAnswer('Stop', verdict({ halt: true, reasons: ['out of budget'] }), [])).toEqual({
      continue: false,
      stopReason: 'out of budget',
    });
    expect(claudeSessionFailure('UserPromptSubmit', 'broken', ['untrusted'])).toEqual({
      systemMessage: 'untrusted\nbroken',
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit' },
    });
    expect(claudeSessionFailure('Stop', 'broken')).toEqual({ systemMessage: 'broken' });
  });

  it("K10/E5: Gemini's deny is decision deny with exit 2; its context goes under Gemini's event name", () => {
    expect(
      geminiSessionAnswer('UserPromptSubmit', 'BeforeAgent', verdict({ decision: 'deny', reasons: ['no'] }), []),
    ).toEqual({
      json: { decision: 'deny', reason: 'no' },
      exitCode: 2,
      stderr: 'no',
      contextToKeep: '',
    });
    expect(geminiSessionAnswer('UserPromptSubmit', 'BeforeAgent', verdict({ context: 'c' }), []).json).toEqual({
      hookSpecificOutput: { hookEventName: 'BeforeAgent', additionalContext: 'c' },
    });
    // Gemini shows a block's systemMessage in place of its reason: with warnings, the reason leads it.
    expect(
      geminiSessionAnswer('UserPromptSubmit', 'BeforeAgent', verdict({ decision: 'deny', reasons: ['no'] }), ['w'])
        .json,
    ).toEqual({ decision: 'deny', reason: 'no', systemMessage: 'no\nw' });
    // E5: the bridge's own failure is a message, never a deny, on BeforeAgent too.
    expect(geminiSessionFailure('broken')).toEqual({
      json: { systemMessage: 'broken' },
      exitCode: 0,
      stderr: '',
      contextToKeep: '',
    });
  });
});
