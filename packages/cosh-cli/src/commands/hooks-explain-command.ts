import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { configOption, noProjectOption } from '../config-option.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf, noProjectOf } from '../option-values.ts';

/** Registers `hooks explain` under `hooks` (SPEC X); its module loads only when it runs. */
export function addHooksExplainCommand(hooks: Command): Command {
  const explain = hooks
    .command('explain')
    .description('for every hook of every layer: would it run for this tool call, and if not, why (nothing runs)')
    .argument('<event>', 'PreToolUse or PostToolUse')
    .option('--tool <name>', 'the tool name of the call (required)')
    .option('--input <json>', 'the tool input, a JSON object (default {})')
    .option('--input-file <path>', 'read the tool input from a file (- for stdin)')
    .addOption(configOption())
    .addOption(noProjectOption())
    .option(
      '--json',
      'print one JSON object: {"event", "tool_name", "paths", "hooks": [{"name", "layer", "file", "selected", "reason"}]}',
    )
    .action(
      async (
        event: string,
        flags: {
          tool?: string;
          input?: string;
          inputFile?: string;
          config?: string;
          project?: boolean;
          json?: boolean;
        },
        self: Command,
      ) => {
        const { runHooksExplain } = await import('./hooks-explain.ts');
        await runHooksExplain(contextOf(self), {
          event,
          tool: flags.tool,
          input: flags.input,
          inputFile: flags.inputFile,
          configPath: configPathOf(flags, self),
          noProject: noProjectOf(flags),
          json: flags.json === true,
          command: self,
        });
      },
    );
  return addExamples(explain, [
    ['cosh hooks explain PreToolUse --tool bash_run', 'which hooks guard bash_run, and why the others do not'],
    [
      'cosh hooks explain PreToolUse --tool fs_write --input \'{"path": ".env"}\' --json',
      'the same as JSON, for a script or a test',
    ],
  ]);
}
