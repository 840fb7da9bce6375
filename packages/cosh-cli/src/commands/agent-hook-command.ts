import { type Command, Option } from 'commander';
import { AGENTS, type AgentName, EVENTS, HOOK_EVENTS, type HookEvent, isToolEvent, TOOL_EVENTS } from '@cosh/spec';
import { BRIDGE_COMMANDS, type BridgeCommand } from '../agents/bridge-commands.ts';
import { contextOf } from '../cli-context.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf, noProjectOf } from '../option-values.ts';
import { bridgeCommandOptions } from '../per-call-options.ts';

/** The agent's short name, for its possessive (`Claude` of `Claude Code`). */
function shortName(agent: AgentName): string {
  return AGENTS[agent].label.split(' ')[0] as string;
}

/** The help of the command: what it runs and how `cosh connect` wires it, from the agents' table. */
function helpOf(command: BridgeCommand): { description: string; wiring: string } {
  const { agent } = command;
  const name = shortName(agent);
  const own = (event: HookEvent): string[] => {
    const agentName = EVENTS[event].agentNames[agent];
    return agentName === null ? [] : [agentName];
  };
  const sessionEvents = HOOK_EVENTS.filter((event) => !isToolEvent(event));
  // `BeforeAgent = UserPromptSubmit` where the agent's name is not Cosh's.
  const sessions = sessionEvents.flatMap((event) =>
    own(event).map((each) => (each === event ? each : `${each} = ${event}`)),
  );
  const quoted = (events: readonly HookEvent[]) => events.flatMap(own).map((each) => `"${each}"`);
  const quotedSessions = quoted(sessionEvents);
  const others = command.agents.slice(1);
  return {
    description: `a ${AGENTS[agent].label} hook command: runs the Cosh hooks for ${name}'s tool calls (${TOOL_EVENTS.flatMap(own).join('/')}) and session events (${sessions.join(', ')}) and answers in ${name}'s protocol`,
    wiring: [
      '',
      `Wire it with cosh connect ${agent}${others.length === 0 ? '' : ` (or ${others.join(', ')})`}: it writes the fail-closed command`,
      `  <absolute path of cosh> ${command.name} || { echo 'cosh ${command.name} failed' >&2; exit 2; }`,
      ...wrapped(
        `under ${quoted(TOOL_EVENTS).join(' and ')} of ${command.agents.map((each) => `${AGENTS[each].settingsFiles.userFolder}/${AGENTS[each].settingsFiles.hooks}`).join(' or ')}, and the same command ending in exit 1 (a warning: the prompt goes on) under ${quotedSessions.slice(0, -1).join(', ')} and ${quotedSessions.at(-1)}. On a prompt or a stop, its own failure (a setup.json that does not load or is not trusted) is a warning too; only a hook that denies blocks the prompt.`,
      ),
    ].join('\n'),
  };
}

/** `text` in lines of at most `width` characters, broken between words. */
function wrapped(text: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/** `before-tool.json` for `BeforeTool`. */
function fileNameOf(eventName: string): string {
  return `${eventName.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}.json`;
}

/** One command's examples: a saved tool call of each agent it answers, and a prompt. */
function examples(command: BridgeCommand): [string, string][] {
  const prompt = EVENTS.UserPromptSubmit.agentNames[command.agent];
  const saved = fileNameOf(EVENTS.PreToolUse.agentNames[command.agent] ?? 'PreToolUse');
  return [
    ...command.agents.map((agent): [string, string] =>
      agent === command.agent
        ? [
            `cosh ${command.name} < ${saved}`,
            `answer one ${AGENTS[agent].label} call (its hook stdin, saved) as ${AGENTS[agent].label} would read it`,
          ]
        : [`cosh ${command.name} --client ${agent} < ${saved}`, `the same for a ${AGENTS[agent].label} call`],
    ),
    ...(prompt === null
      ? []
      : [
          [
            `echo '{"hook_event_name":"${prompt}","prompt":"deploy","session_id":"s1","cwd":"/repo"}' | cosh ${command.name}`,
            'run the UserPromptSubmit hooks of setup.json on a prompt: a deny keeps the prompt from the model',
          ] as [string, string],
        ]),
  ];
}

/**
 * Registers every agent's bridge command (SPEC K8–K10) from the agents' table: options, help and
 * examples; its implementation (commands/agent-hook.ts) loads only when it runs.
 */
export function addAgentHookCommands(program: Command): void {
  for (const bridge of BRIDGE_COMMANDS) {
    const { description, wiring } = helpOf(bridge);
    const command = program.command(bridge.name).description(description);
    for (const option of bridgeCommandOptions(bridge)) command.addOption(new Option(option.flags, option.description));
    command
      .addHelpText('after', wiring)
      .action(async (flags: { config?: string; project?: boolean; client?: string }, self: Command) => {
        const configPath = configPathOf(flags, self);
        const { runAgentHook } = await import('./agent-hook.ts');
        const context = contextOf(self);
        await runAgentHook(
          context,
          { command: bridge.name, configPath, noProject: noProjectOf(flags), client: flags.client },
          context.stdin,
        );
      });
    addExamples(command, examples(bridge));
  }
}
