import { type Command, Option } from 'commander';
import { contextOf } from '../cli-context.ts';
import { configOption, noProjectOption } from '../config-option.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf, noProjectOf, sessionIdOf } from '../option-values.ts';
import { sessionIdOption } from '../session-id-option.ts';

interface HooksRunFlags {
  readonly tool?: string;
  readonly input?: string;
  readonly inputFile?: string;
  readonly output?: string;
  readonly outputFile?: string;
  readonly config?: string;
  readonly project?: boolean;
  readonly json?: boolean;
  readonly verbose?: boolean;
  readonly exitCode?: boolean;
  readonly sessionId?: string;
}

/**
 * Registers `hooks run` under the `hooks` command. Only the options are defined here; the
 * implementation (config loader, engine, runner) is imported when the command runs, so
 * neither `cosh --version` nor the other commands load it, and `hooks run` loads nothing of
 * theirs (no terminal UI).
 */
export function addHooksRunCommand(hooks: Command): Command {
  const run = hooks
    .command('run')
    .description('run the hooks of one event for one tool call (no tool runs) and print the verdict')
    .argument('<event>', 'PreToolUse or PostToolUse')
    // Checked by the command itself, so a missing --tool gets the same one-line hint as other mistakes.
    .addOption(new Option('--tool <name>', 'the tool name the matchers see (required)'))
    .addOption(new Option('--input <json>', 'the tool input: one JSON object (default {})').conflicts('inputFile'))
    .addOption(new Option('--input-file <path>', 'read the tool input from a file').conflicts('input'))
    .addOption(new Option('--output <text>', 'PostToolUse: the raw tool output (default "")').conflicts('outputFile'))
    .addOption(
      new Option('--output-file <path>', 'PostToolUse: read the raw tool output from a file').conflicts('output'),
    )
    .addOption(configOption())
    .addOption(noProjectOption())
    .addOption(sessionIdOption())
    .option(
      '--json',
      "print one JSON object (the shape scripts rely on, see the README), each hook's stdout and stderr included",
    )
    .option('--verbose', "also print each hook's stdin payload, stdout and stderr (trimmed) under its row")
    .option('--exit-code', 'exit 2 when the verdict is deny and 49 on halt, else 0 (for policy tests in CI)')
    .action(async (event: string, flags: HooksRunFlags, self: Command) => {
      const configPath = configPathOf(flags, self);
      const sessionId = sessionIdOf(flags, self);
      const { runHooksRun } = await import('./hooks-run.ts');
      await runHooksRun(contextOf(self), {
        event,
        tool: flags.tool,
        input: flags.input,
        inputFile: flags.inputFile,
        output: flags.output,
        outputFile: flags.outputFile,
        configPath,
        noProject: noProjectOf(flags),
        sessionId,
        json: flags.json === true,
        verbose: flags.verbose === true,
        exitCode: flags.exitCode === true,
        command: self,
      });
    });
  return addExamples(run, [
    [
      'cosh hooks run PreToolUse --tool bash_run --input \'{"command": "rm -rf /"}\' --verbose',
      'what each hook was given and printed, and the verdict',
    ],
    [
      'cosh hooks run PostToolUse --tool fs_read --input-file call.json --output-file output.txt --json',
      'the PostToolUse verdict of a recorded call, as JSON',
    ],
    [
      'cosh hooks run PreToolUse --tool bash_run --input \'{"command": "rm -rf /"}\' --exit-code',
      'in CI: fails (exit 2) unless your hooks deny this call',
    ],
  ]);
}
