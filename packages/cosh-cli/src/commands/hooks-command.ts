import type { Command } from 'commander';
import { addExamples } from '../help-examples.ts';
import { addHooksExplainCommand } from './hooks-explain-command.ts';
import { addHooksImportCommand } from './hooks-import-command.ts';
import { addHooksListCommand } from './hooks-list-command.ts';
import { addHooksReplayCommand } from './hooks-replay-command.ts';
import { addHooksRunCommand } from './hooks-run-command.ts';
import { addHooksSchemaCommand } from './hooks-schema-command.ts';
import { addHooksToggleCommands } from './hooks-toggle-command.ts';
import { addHooksTrustCommand } from './hooks-trust-command.ts';
import { addHooksValidateCommand } from './hooks-validate-command.ts';

/**
 * Registers the `hooks` command group and its subcommands, in the order `cosh hooks --help`
 * lists them.
 */
export function addHooksCommand(program: Command): Command {
  const hooks = program
    .command('hooks')
    .description('inspect and toggle the hooks of setup.json (PreToolUse, PostToolUse)');
  addExamples(hooks, [
    ['cosh hooks list', 'every hook, its matcher, command and warnings'],
    ['cosh hooks disable PostToolUse', 'switch off every PostToolUse hook'],
  ]);
  addHooksListCommand(hooks);
  addHooksValidateCommand(hooks);
  addHooksTrustCommand(hooks);
  addHooksToggleCommands(hooks);
  addHooksRunCommand(hooks);
  addHooksReplayCommand(hooks);
  addHooksExplainCommand(hooks);
  addHooksImportCommand(hooks);
  addHooksSchemaCommand(hooks);
  return hooks;
}
