import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { configOption, noProjectOption, projectOf, projectOption } from '../config-option.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf, noProjectOf } from '../option-values.ts';

/** Registers `settings`, the settings screen; ink and react load only when it runs. */
export function addSettingsCommand(program: Command): Command {
  const settings = program
    .command('settings')
    .description('open the settings screen: switch each event and each hook on or off (saved at once)')
    .addOption(configOption())
    .addOption(projectOption())
    .addOption(noProjectOption())
    .action(async (flags: { config?: string; project?: boolean }, command: Command) => {
      // ink and react load only from inside this module, and only on a terminal.
      const { runSettings } = await import('./run-settings.ts');
      await runSettings(contextOf(command), {
        configPath: configPathOf(flags, command),
        // --project: toggles go to the project file; --no-project: that layer is left out.
        project: projectOf(flags, command),
        noProject: noProjectOf(flags),
      });
    });
  return addExamples(settings, [
    ['cosh settings', 'the screen over ~/.config/cosh/setup.json (↑↓ move, space toggles, ? all keys)'],
    ['cosh settings --config ./setup.json', 'the same for another file'],
  ]);
}
