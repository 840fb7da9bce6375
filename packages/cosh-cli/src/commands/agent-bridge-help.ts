// SPEC X: the parts of `cosh connect --help` and `cosh disconnect --help` that name the agents,
// built from their entries of `AGENTS`: adding an agent adds it to the help without an edit here.
// Registration reads only the table, never an agent's module (start-up time).
import { AGENT_NAMES, AGENTS, type AgentHelpExample } from '@cosh/spec';

/** `a, b or c`. */
function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** Every agent's name, as `a, b or c` (`or`) or as `a, b, c` (`comma`). */
export function agentNameList(form: 'or' | 'comma'): string {
  return form === 'or' ? orList(AGENT_NAMES) : AGENT_NAMES.join(', ');
}

/** The agents' settings folders of one scope, as `a, b or c`: `~/.claude` of the user's, `.claude/` of a project's, … */
export function settingsFolderList(scope: 'user' | 'project'): string {
  return orList(
    AGENT_NAMES.map((agent) => {
      const { userFolder, projectFolder } = AGENTS[agent].settingsFiles;
      return scope === 'user' ? userFolder : `${projectFolder}/`;
    }),
  );
}

/** `--fence`'s line: what it does for each agent it does something for. */
export function fenceOptionHelp(): string {
  const parts = AGENT_NAMES.flatMap((agent) => AGENTS[agent].help.fenceOption ?? []);
  return `fence the agent's own shell: ${parts.join('; ')}`;
}

/** `--managed`'s line: the agents that have managed settings, and where. */
export function managedOptionHelp(): string {
  return AGENT_NAMES.flatMap((agent) => {
    const { label, settingsFiles } = AGENTS[agent];
    return settingsFiles.managed === null
      ? []
      : [`${agent}, as root: write ${label}'s managed settings (${settingsFiles.managed})`];
  }).join('; ');
}

/**
 * `text` followed by each agent's part of the fence paragraph: after a space, or at the start of
 * a line when the part before ended its line.
 */
export function withAgentFenceHelp(text: string): string {
  let paragraph = text;
  for (const agent of AGENT_NAMES) {
    const part = AGENTS[agent].help.fence;
    paragraph += paragraph.endsWith('\n') ? part : ` ${part}`;
  }
  return paragraph;
}

/** The help's examples of `cosh <command>`, agent by agent. */
export function agentExamples(command: 'connect' | 'disconnect'): [string, string][] {
  return AGENT_NAMES.flatMap((agent) => {
    const { help } = AGENTS[agent];
    const examples: readonly AgentHelpExample[] =
      command === 'connect' ? help.connectExamples : help.disconnectExamples;
    return examples.map(([args, says]): [string, string] => [
      `cosh ${command} ${agent}${args === '' ? '' : ` ${args}`}`,
      says,
    ]);
  });
}
