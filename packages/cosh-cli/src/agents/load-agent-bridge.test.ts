import { AGENT_NAMES } from '@cosh/spec';
import { describe, expect, it } from 'vitest';
import { loadAgentBridge } from './load-agent-bridge.ts';

describe('one module per agent (K8–K10)', () => {
  it('K8–K10: every agent of the table loads its own module', async () => {
    for (const agent of AGENT_NAMES) expect((await loadAgentBridge(agent)).agent).toBe(agent);
  });

  it("K8/K10: a bridge's own failure is a deny in each agent's form (Claude exit 0, Gemini exit 2)", async () => {
    const claude = (await loadAgentBridge('claude')).toolFailure('PreToolUse', 'broken', ['a warning']);
    expect(claude).toEqual({
      json: {
        systemMessage: 'a warning\nbroken',
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'broken',
        },
      },
      exitCode: 0,
      stderr: '',
    });
    const gemini = (await loadAgentBridge('gemini')).toolFailure('PreToolUse', 'broken', ['a warning']);
    expect(gemini).toMatchObject({ json: { decision: 'deny', reason: 'broken' }, exitCode: 2, stderr: 'broken' });
  });
});
