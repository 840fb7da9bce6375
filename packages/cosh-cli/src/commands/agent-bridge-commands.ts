import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { addExamples } from '../help-examples.ts';
import {
  agentExamples,
  agentNameList,
  fenceOptionHelp,
  managedOptionHelp,
  settingsFolderList,
  withAgentFenceHelp,
} from './agent-bridge-help.ts';

/**
 * Registers the commands that wire the agent bridges into an agent: `connect` and `disconnect`
 * (X). Options only; each implementation is imported when its command runs. What the help says
 * of each agent is its entry of `AGENTS` (agent-bridge-help.ts).
 */
export function addAgentBridgeCommands(program: Command): void {
  const connect = program
    .command('connect')
    .description(`wire Cosh into an agent: add the bridge hook to the agent's own settings (${agentNameList('comma')})`)
    .argument('<agent>', agentNameList('or'))
    .option('--user', `the agent's user settings (the default): ${settingsFolderList('user')}`)
    .option('--project', `the agent's settings of this folder: ${settingsFolderList('project')}`)
    .option('--dry-run', 'print the change, write nothing')
    .option('--check', 'say whether the agent is wired and its shell fenced; exit 1 when either is not')
    .option('--fence', fenceOptionHelp())
    .option('--managed', managedOptionHelp())
    .addHelpText(
      'after',
      [
        '',
        'It wires every event the agent has: its two tool events and its session events (a prompt, the',
        "session's start, a stop, the session's end). The hook runs cosh by its absolute path. On a tool",
        'event it fails closed: when cosh cannot start, the agent blocks the call. On a session event it',
        'warns and lets the prompt or the stop go on, so a broken setup never blocks every prompt.',
        'Running it again changes nothing. It prints what you must still do in the agent.',
        '',
        withAgentFenceHelp(
          [
            "The fence keeps the agent's own shell from changing Cosh's files (setup.json folders, trust",
            "store, cache, installation, the agent's settings):",
          ].join('\n'),
        ),
        'cosh disconnect <agent> removes what connect added and restores what --fence replaced.',
      ].join('\n'),
    )
    .action(
      async (
        agent: string,
        flags: {
          user?: boolean;
          project?: boolean;
          dryRun?: boolean;
          check?: boolean;
          fence?: boolean;
          managed?: boolean;
        },
        command: Command,
      ) => {
        const { runConnect } = await import('./connect.ts');
        await runConnect(contextOf(command), {
          agent,
          user: flags.user === true,
          project: flags.project === true,
          dryRun: flags.dryRun === true,
          check: flags.check === true,
          fence: flags.fence === true,
          managed: flags.managed === true,
          command,
        });
      },
    );
  addExamples(connect, agentExamples('connect'));

  const disconnect = program
    .command('disconnect')
    .description("undo cosh connect: remove the bridge hook and the fence it added from the agent's settings")
    .argument('<agent>', agentNameList('or'))
    .option('--user', `the agent's user settings (the default): ${settingsFolderList('user')}`)
    .option('--project', `the agent's settings of this folder: ${settingsFolderList('project')}`)
    .addHelpText(
      'after',
      [
        '',
        'Removes exactly what cosh connect added: its hook entries and the sandbox keys it added; a value',
        '--fence replaced is put back (recorded in $XDG_STATE_HOME/cosh/connect.json), and a settings file',
        'connect created goes when nothing else is left in it. Everything else in the file stays.',
      ].join('\n'),
    )
    .action(async (agent: string, flags: { user?: boolean; project?: boolean }, command: Command) => {
      const { runDisconnect } = await import('./disconnect.ts');
      await runDisconnect(contextOf(command), {
        agent,
        user: flags.user === true,
        project: flags.project === true,
        command,
      });
    });
  addExamples(disconnect, agentExamples('disconnect'));
}
