import { AGENT_NAMES } from '@cosh/spec';
import { describe, expect, it } from 'vitest';
import { agentHooksFile } from './agent-settings-files.ts';
import { loadAgentBridge, loadAgentConnection } from './load-agent-bridge.ts';

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

  it('X/B9: every agent of the table loads its wiring and fence check, its hooks file read from the table', async () => {
    for (const agent of AGENT_NAMES) {
      const connection = await loadAgentConnection(agent);
      expect(connection.fenceLayerFiles({ HOME: '/h' }, '/p').length).toBeGreaterThan(0);
    }
    expect(agentHooksFile('claude', 'user', { HOME: '/h' }, '/p')).toBe('/h/.claude/settings.json');
    expect(agentHooksFile('codex', 'user', { HOME: '/h', CODEX_HOME: '/c' }, '/p')).toBe('/c/hooks.json');
    expect(agentHooksFile('codex', 'user', { HOME: '/h', CODEX_HOME: 'relative' }, '/p')).toBe('/h/.codex/hooks.json');
    expect(agentHooksFile('gemini', 'project', { HOME: '/h' }, '/p')).toBe('/p/.gemini/settings.json');
  });
});
