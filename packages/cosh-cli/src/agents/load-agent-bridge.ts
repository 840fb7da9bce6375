// Each agent's module behind its name, loaded when its bridge runs: a bridge starts once per tool
// call, and only its own agent's code is read (the per-call bundle initialises a module on first use).
import type { AgentName } from '@cosh/spec';
import type { AgentBridge } from './agent-bridge.ts';

/** The module of `agent`'s protocol (K8–K10). */
export async function loadAgentBridge(agent: AgentName): Promise<AgentBridge> {
  switch (agent) {
    case 'claude':
      return (await import('./claude.ts')).claudeBridge;
    case 'codex':
      return (await import('./codex.ts')).codexBridge;
    case 'gemini':
      return (await import('./gemini.ts')).geminiBridge;
  }
}
