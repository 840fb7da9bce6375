import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { configOption, projectOf, projectOption } from '../config-option.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf } from '../option-values.ts';

/** Registers `hooks enable` and `hooks disable` (SPEC C7, C8) under `hooks`. */
export function addHooksToggleCommands(hooks: Command): void {
  for (const enabled of [true, false]) addHooksToggleCommand(hooks, enabled);
}

function addHooksToggleCommand(hooks: Command, enabled: boolean): Command {
  const verb = enabled ? 'enable' : 'disable';
  const toggle = hooks
    .command(verb)
    .description(
      enabled
        ? 'turn all hooks of an event back on (hooksEnabled in setup.json)'
        : 'turn all hooks of an event off (hooksEnabled in setup.json; creates the default file if there is none)',
    )
    .argument('<event>', 'PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop or SessionEnd')
    .addOption(configOption())
    .addOption(projectOption())
    .action(async (event: string, flags: { config?: string; project?: boolean }, self: Command) => {
      const { runHooksToggle } = await import('./hooks-toggle.ts');
      await runHooksToggle(contextOf(self), {
        event,
        enabled,
        configPath: configPathOf(flags, self),
        project: projectOf(flags, self),
        command: self,
      });
    });
  return addExamples(toggle, [
    [
      `cosh hooks ${verb} PreToolUse`,
      `turn ${enabled ? 'on' : 'off'} every PreToolUse hook of ~/.config/cosh/setup.json`,
    ],
  ]);
}
