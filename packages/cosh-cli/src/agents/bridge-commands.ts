// The bridge commands, read from the agents' table (SPEC K8–K10): each agent's `bridgeCommand` is
// `<command>` or `<command> --client <agent>`, so agents that speak one protocol share a command,
// the one whose `bridgeCommand` is the name alone being its default. Light on purpose: the
// per-call start reads it (plain-command-line.ts) before it loads any agent's module.
import { AGENT_NAMES, AGENTS, type AgentName } from '@cosh/spec';

type CommandWord<Line extends string> = Line extends `${infer Word} ${string}` ? Word : Line;

/** A bridge command's name: the first word of an agent's `bridgeCommand`. */
export type BridgeCommandName = CommandWord<(typeof AGENTS)[AgentName]['bridgeCommand']>;

/** One bridge command and the agents it answers. */
export interface BridgeCommand {
  readonly name: BridgeCommandName;
  /** The agent it answers without `--client`: the one whose `bridgeCommand` is the name alone. */
  readonly agent: AgentName;
  /** Every agent it answers, the default first; more than one gives it `--client <agent>`. */
  readonly agents: readonly AgentName[];
}

/** The first word of `agent`'s bridge command: the `cosh` subcommand its hooks run. */
export function bridgeCommandWord(agent: AgentName): BridgeCommandName {
  return AGENTS[agent].bridgeCommand.split(' ')[0] as BridgeCommandName;
}

/** The bridge commands, in the agents' order. */
export const BRIDGE_COMMANDS: readonly BridgeCommand[] = [...new Set(AGENT_NAMES.map(bridgeCommandWord))].map(
  (name) => {
    const agents = AGENT_NAMES.filter((agent) => bridgeCommandWord(agent) === name);
    const agent = agents.find((each) => AGENTS[each].bridgeCommand === name) ?? (agents[0] as AgentName);
    return { name, agent, agents: [agent, ...agents.filter((each) => each !== agent)] };
  },
);

/** The bridge command named `name` exactly, or `undefined`. */
export function bridgeCommandNamed(name: string | undefined): BridgeCommand | undefined {
  return BRIDGE_COMMANDS.find((command) => command.name === name);
}

/** The agent a command line of `command` answers: its `--client` value, checked, else its default. */
export function bridgeAgentOf(command: BridgeCommand, client: string | undefined): AgentName | { problem: string } {
  if (client === undefined) return command.agent;
  const agent = command.agents.find((each) => each === client);
  if (agent !== undefined) return agent;
  return { problem: `--client must be one of ${command.agents.join(', ')} (got ${JSON.stringify(client)})` };
}
