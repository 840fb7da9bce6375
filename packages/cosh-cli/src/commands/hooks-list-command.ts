import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { configOption, noProjectOption } from '../config-option.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf, noProjectOf } from '../option-values.ts';

/** Registers `hooks list` under `hooks`; its module loads only when it runs. */
export function addHooksListCommand(hooks: Command): Command {
  const list = hooks
    .command('list')
    .description("show each file's layer and trust, each event's on/off state and every hook, with its warnings")
    .addOption(configOption())
    .addOption(noProjectOption())
    .option('--json', 'print one JSON object (see the README for its shape)')
    .action(async (flags: { config?: string; project?: boolean; json?: boolean }, command: Command) => {
      const { runHooksList } = await import('./hooks-list.ts');
      await runHooksList(contextOf(command), {
        configPath: configPathOf(flags, command),
        noProject: noProjectOf(flags),
        json: flags.json === true,
      });
    });
  return addExamples(list, [
    ['cosh hooks list', 'the hooks of ~/.config/cosh/setup.json'],
    ["cosh hooks list --config ./setup.json --json | jq '.events[].hooks[].name'", 'the names, for a script'],
  ]);
}
