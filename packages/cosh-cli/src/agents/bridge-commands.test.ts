import { AGENT_NAMES, AGENTS } from '@cosh/spec';
import { describe, expect, it } from 'vitest';
import { BRIDGE_COMMANDS, bridgeAgentOf, bridgeCommandNamed } from './bridge-commands.ts';

describe('the bridge commands, from the agents table (K8–K10)', () => {
  it('K8–K10: every agent is answered by exactly one command, named `<word>` or `<word> --client <agent>`', () => {
    for (const agent of AGENT_NAMES) {
      const line = AGENTS[agent].bridgeCommand;
      const [word = '', ...rest] = line.split(' ');
      // start.ts sends every `*-hook` word to the per-call start, and nothing else of the agents'.
      expect(word, agent).toMatch(/^[a-z]+-hook$/);
      expect(rest.length === 0 || rest.join(' ') === `--client ${agent}`, line).toBe(true);
      expect(BRIDGE_COMMANDS.filter((command) => command.agents.includes(agent)).map((each) => each.name)).toEqual([
        word,
      ]);
    }
    for (const command of BRIDGE_COMMANDS) expect(AGENTS[command.agent].bridgeCommand).toBe(command.name);
  });

  it('K8, K9: claude-hook answers Claude Code, and Codex CLI with --client codex; gemini-hook Gemini CLI (K10)', () => {
    expect(BRIDGE_COMMANDS.map(({ name, agent, agents }) => ({ name, agent, agents }))).toEqual([
      { name: 'claude-hook', agent: 'claude', agents: ['claude', 'codex'] },
      { name: 'gemini-hook', agent: 'gemini', agents: ['gemini'] },
    ]);
    const claudeHook = bridgeCommandNamed('claude-hook');
    if (claudeHook === undefined) throw new Error('no claude-hook');
    expect(bridgeAgentOf(claudeHook, undefined)).toBe('claude');
    expect(bridgeAgentOf(claudeHook, 'claude')).toBe('claude');
    expect(bridgeAgentOf(claudeHook, 'codex')).toBe('codex');
    expect(bridgeAgentOf(claudeHook, 'gemini')).toEqual({
      problem: '--client must be one of claude, codex (got "gemini")',
    });
    expect(bridgeCommandNamed('codex-hook')).toBeUndefined();
  });
});
