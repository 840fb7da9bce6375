import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { configOption, projectOf, projectOption } from '../config-option.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf } from '../option-values.ts';

/** Registers `cosh init` (SPEC X); its module loads only when it runs. */
export function addInitCommand(program: Command): Command {
  const init = program
    .command('init')
    .description(
      'write a commented starter setup.json (an rm -rf block on, more examples off) where none exists; trusted when run at a terminal',
    )
    .addOption(projectOption())
    .addOption(configOption())
    .action(async (flags: { config?: string; project?: boolean }, self: Command) => {
      const configPath = configPathOf(flags, self);
      const project = projectOf(flags, self);
      const { runInit } = await import('./init.ts');
      await runInit(contextOf(self), { project, configPath });
    });
  return addExamples(init, [
    ['cosh init', 'start ~/.config/cosh/setup.json (never overwrites: exit 1 when it exists)'],
    ['cosh init --project', "start this project's .cosh/setup.json"],
  ]);
}
