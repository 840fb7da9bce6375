import { Command } from 'commander';
import { attachContext, type CliIo, createCliContext } from './cli-context.ts';
import { addAgentBridgeCommands } from './commands/agent-bridge-commands.ts';
import { addAgentHookCommands } from './commands/agent-hook-command.ts';
import { addCompletionCommand } from './commands/completion-command.ts';
import { addHelpCommand } from './commands/help-command.ts';
import { addHooksCommand } from './commands/hooks-command.ts';
import { addInitCommand } from './commands/init-command.ts';
import { addJournalCommand } from './commands/journal-command.ts';
import { setCoshVersion } from './cosh-version.ts';
import { addExamples } from './help-examples.ts';
import { addSettingsCommand } from './settings/settings-command.ts';

/** Options of {@link createProgram}. */
export interface CreateProgramOptions {
  /** Printed by `cosh --version`. */
  readonly version: string;
  /**
   * Streams, environment and directory for the commands; the process's by default.
   * @internal For in-process tests of the commands; the binary leaves it out.
   */
  readonly io?: Partial<CliIo>;
}

/**
 * The `cosh` program with `hooks list|validate|trust|enable|disable|run|import|schema`, the
 * agents' bridge commands and `settings` registered, one registration function per command
 * (group). Each action imports its module only when it runs, so `cosh --version` loads none of them
 * (nor ink and react, which only the settings screen loads). Add more commands with
 * `program.command(…)` before calling `runMain`; inside an action, `contextOf(command)` gives
 * the streams to print to.
 */
export function createProgram(options: CreateProgramOptions): Command {
  setCoshVersion(options.version);
  const program = createRootCommand(options);
  addHooksCommand(program);
  addAgentHookCommands(program);
  addAgentBridgeCommands(program);
  addSettingsCommand(program);
  addInitCommand(program);
  addJournalCommand(program);
  addCompletionCommand(program);
  addHelpCommand(program);
  return program;
}

/** `cosh` itself: its name, version, help and examples, with the context its commands print to. */
function createRootCommand(options: CreateProgramOptions): Command {
  const program = new Command('cosh')
    .description('Cosh: an AI coding-agent shell whose tool calls pass through your lifecycle hooks.')
    .version(options.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .showHelpAfterError(false)
    // Cosh's own did-you-mean replaces commander's (see usage-mistake.ts): one helper for every suggestion.
    .showSuggestionAfterError(false);
  attachContext(program, createCliContext(options.io));
  return addExamples(program, [
    ['cosh hooks validate', 'check ~/.config/cosh/setup.json (file:line:col for every problem)'],
    [
      `cosh hooks run PreToolUse --tool bash_run --input '{"command": "rm -rf /"}'`,
      'what your hooks say about one call, no tool run',
    ],
    ['cosh settings', 'switch events and hooks on and off on a terminal'],
  ]);
}
