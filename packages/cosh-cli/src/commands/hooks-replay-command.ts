import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { configOption, noProjectOption } from '../config-option.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf, noProjectOf } from '../option-values.ts';

interface HooksReplayFlags {
  readonly config?: string;
  readonly project?: boolean;
  readonly json?: boolean;
}

/** Registers `hooks replay <file>` (SPEC X); the work is imported when it runs. */
export function addHooksReplayCommand(hooks: Command): Command {
  const replay = hooks
    .command('replay')
    .description(
      'run recorded calls (a --history file, a journal, a cosh session input, a Claude Code transcript) through the current hooks, no tool run; list each call whose outcome changed, exit 1 if any did',
    )
    .argument('<file>', 'the recorded calls (.jsonl)')
    .addOption(configOption())
    .addOption(noProjectOption())
    .option('--json', 'print every replayed call and the counts as one JSON object')
    .action(async (file: string, flags: HooksReplayFlags, self: Command) => {
      const { runHooksReplay } = await import('./hooks-replay.ts');
      await runHooksReplay(contextOf(self), {
        file,
        configPath: configPathOf(flags, self),
        noProject: noProjectOf(flags),
        json: flags.json === true,
        command: self,
      });
    });
  return addExamples(replay, [
    ['cosh hooks replay calls.jsonl', "would today's guards have blocked yesterday's calls? (a --history file)"],
    [
      'cosh hooks replay ~/.claude/projects/-work-app/5f2c….jsonl --config new-setup.json',
      "a Claude Code session's tool calls against a changed setup.json",
    ],
    ['cosh hooks replay recorded.jsonl --json', 'every call, its recorded and current outcome, as data'],
  ]);
}
