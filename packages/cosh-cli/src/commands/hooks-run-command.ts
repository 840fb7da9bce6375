import { type Command, Option } from 'commander';
import { contextOf } from '../cli-context.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf, noProjectOf, sessionIdOf } from '../option-values.ts';
import { HOOKS_RUN_OPTIONS } from '../per-call-options.ts';

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
  readonly journal?: string;
}

/**
 * Registers `hooks run` under the `hooks` command. Only the options are defined here; the
 * implementation (config loader, engine, runner) is imported when the command runs, so
 * neither `cosh --version` nor the other commands load it, and `hooks run` loads nothing of
 * theirs (no terminal UI).
 */
export function addHooksRunCommand(hooks: Command): Command {
  const command = hooks
    .command('run')
    .description('run the hooks of one event for one tool call or session event (no tool runs) and print the verdict')
    .argument(
      '<event>',
      'PreToolUse or PostToolUse (with --tool), or a session event: UserPromptSubmit, SessionStart, Stop, SessionEnd (--input holds its fields)',
    );
  // The one table the plain reader of the per-call start takes too (per-call-options.ts). A
  // missing --tool is checked by the command itself, so it gets the same one-line hint as other
  // mistakes.
  for (const option of HOOKS_RUN_OPTIONS) {
    const commanderOption = new Option(option.flags, option.description);
    command.addOption(option.conflicts === undefined ? commanderOption : commanderOption.conflicts(option.conflicts));
  }
  const run = command.action(async (event: string, flags: HooksRunFlags, self: Command) => {
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
      journal: flags.journal,
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
    [
      'cosh hooks run UserPromptSubmit --input \'{"prompt": "here is my API key"}\'',
      'whether your hooks block this prompt, and the context they add',
    ],
    ['cosh hooks run SessionStart --input \'{"source": "startup"}\'', 'the context a new session starts with'],
  ]);
}
