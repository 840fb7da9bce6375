import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { configOption, noProjectOption } from '../config-option.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf, noProjectOf } from '../option-values.ts';

/** Registers `hooks trust` (SPEC S4) under `hooks`; its module loads only when it runs. */
export function addHooksTrustCommand(hooks: Command): Command {
  const trust = hooks
    .command('trust')
    .description(
      'review what changed in your setup.json files and their scripts since you trusted them, and trust them (y/N on the terminal)',
    )
    .addOption(configOption())
    .addOption(noProjectOption())
    .option('--yes', 'trust without asking (still only at a terminal)')
    .option('--json', 'print one JSON object (see the README for its shape); questions go to the terminal')
    .addHelpText('after', '\nOnly a person at a terminal can give trust: without one, nothing is trusted (exit 77).')
    .action(async (flags: { config?: string; project?: boolean; yes?: boolean; json?: boolean }, command: Command) => {
      const { runHooksTrust } = await import('./hooks-trust.ts');
      await runHooksTrust(contextOf(command), {
        configPath: configPathOf(flags, command),
        noProject: noProjectOf(flags),
        yes: flags.yes === true,
        json: flags.json === true,
      });
    });
  return addExamples(trust, [
    ['cosh hooks trust', 'review what changed in your setup.json files and trust them'],
    ['cosh hooks trust --no-project', 'only the user file, not the project layer'],
  ]);
}
