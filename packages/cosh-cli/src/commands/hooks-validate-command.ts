import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { configOption, noProjectOption } from '../config-option.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf, noProjectOf } from '../option-values.ts';

/** Registers `hooks validate` under `hooks`; its module loads only when it runs. */
export function addHooksValidateCommand(hooks: Command): Command {
  const validate = hooks
    .command('validate')
    .description("check each layer's setup.json; exit 0 when valid (warnings allowed), 78 on errors")
    .addOption(configOption())
    .addOption(noProjectOption())
    .option('--json', 'print one JSON object (see the README for its shape)')
    .option('--strict', 'exit 1 when there is any warning (an invalid matcher, a missing program or script)')
    .action(
      async (flags: { config?: string; project?: boolean; json?: boolean; strict?: boolean }, command: Command) => {
        const { runHooksValidate } = await import('./hooks-validate.ts');
        await runHooksValidate(contextOf(command), {
          configPath: configPathOf(flags, command),
          noProject: noProjectOf(flags),
          json: flags.json === true,
          strict: flags.strict === true,
        });
      },
    );
  return addExamples(validate, [
    ['cosh hooks validate', 'check ~/.config/cosh/setup.json'],
    ['cosh hooks validate --strict', 'in CI: exit 1 on any warning too'],
    ['cosh hooks validate --config ./setup.json --json', 'every problem as JSON (exit 78 when it does not load)'],
  ]);
}
