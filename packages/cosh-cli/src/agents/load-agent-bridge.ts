// Each agent's module behind its name, loaded when it is needed: a bridge starts once per tool
// call, and only its own agent's code is read (the per-call bundle initialises a module on first
// use); `connect`, `disconnect` and the fence check load the agent's connection the same way.
import type { AgentName } from '@cosh/spec';
import type { AgentBridge } from './agent-bridge.ts';
import type { AgentConnection } from './agent-connection.ts';

/** The loaders of one agent's module: its protocol, and its wiring and fence. */
interface AgentModule {
  bridge(): Promise<AgentBridge>;
  connection(): Promise<AgentConnection>;
}

/** The one place that names each agent's module: the switch is exhaustive over `AgentName`. */
function agentModule(agent: AgentName): AgentModule {
  switch (agent) {
    case 'claude':
      return {
        bridge: async () => (await import('./claude/claude.ts')).claudeBridge,
        connection: async () => (await import('./claude/claude-connection.ts')).claudeConnection,
      };
    case 'codex':
      return {
        bridge: async () => (await import('./codex/codex.ts')).codexBridge,
        connection: async () => (await import('./codex/codex-connection.ts')).codexConnection,
      };
    case 'gemini':
      return {
        bridge: async () => (await import('./gemini/gemini.ts')).geminiBridge,
        connection: async () => (await import('./gemini/gemini-connection.ts')).geminiConnection,
      };
  }
}

/** The module of `agent`'s protocol (K8–K10). */
export async function loadAgentBridge(agent: AgentName): Promise<AgentBridge> {
  return await agentModule(agent).bridge();
}

/** `agent`'s wiring and fence (X, B9, B10). */
export async function loadAgentConnection(agent: AgentName): Promise<AgentConnection> {
  return await agentModule(agent).connection();
}
