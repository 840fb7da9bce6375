import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { configOption, projectOf } from '../config-option.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf } from '../option-values.ts';

interface HooksImportFlags {
  readonly from?: string;
  readonly project?: boolean;
  readonly local?: boolean;
  readonly user?: boolean;
  readonly dryRun?: boolean;
  readonly json?: boolean;
  readonly config?: string;
}

/** Registers `hooks import` (SPEC K6) under `hooks`; its module loads only when it runs. */
export function addHooksImportCommand(hooks: Command): Command {
  const importCommand = hooks
    .command('import')
    .description('import Claude Code\'s PreToolUse and PostToolUse hooks into setup.json, as protocol "claude" entries')
    .argument('[file]', "a Claude settings file (or a plugin's hooks/hooks.json)")
    .option('--from <agent>', 'where the settings come from: claude')
    .option(
      '--project',
      'read .claude/settings.json of the current folder (the default source) and write the project file (.cosh/setup.json of this folder or a parent) instead of the user file',
    )
    .option(
      '--local',
      'read .claude/settings.local.json of the current folder (written to the project file, as --project)',
    )
    .option('--user', 'read ~/.claude/settings.json (written to the user file)')
    .option('--dry-run', 'show what would be imported (every command), write nothing')
    .option('--json', 'print one JSON object; questions go to the terminal')
    .addOption(configOption())
    .addHelpText(
      'after',
      '\nImporting is trusting. At a terminal, every command is shown and you are asked y/N: yes writes\nthe hooks and trusts them (only that change: other edits of the file stay untrusted); anything\nelse writes nothing (exit 1). Without a terminal (a script, a hook, an agent) the hooks are\nwritten but not trusted: they run only once you accept them with cosh hooks trust in a terminal.',
    )
    .action(async (file: string | undefined, flags: HooksImportFlags, self: Command) => {
      const configPath = configPathOf(flags, self);
      const { runHooksImport } = await import('./hooks-import.ts');
      await runHooksImport(contextOf(self), {
        from: flags.from,
        file,
        // --project writes the project file, so it names another file than --config: bad usage together.
        project: projectOf(flags, self),
        local: flags.local === true,
        user: flags.user === true,
        dryRun: flags.dryRun === true,
        json: flags.json === true,
        configPath,
        command: self,
      });
    });
  return addExamples(importCommand, [
    ['cosh hooks import --from claude --project --dry-run', "what this project's Claude Code hooks would become"],
    ['cosh hooks import --from claude --project', "import them into the project's .cosh/setup.json"],
    ['cosh hooks import --from claude --user', "import ~/.claude/settings.json's hooks into your setup.json"],
  ]);
}
