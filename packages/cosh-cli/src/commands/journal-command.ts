import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { configOption } from '../config-option.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf } from '../option-values.ts';

interface JournalFlags {
  readonly config?: string;
  readonly json?: boolean;
}

/** Registers `cosh journal verify|stats` (SPEC J2); the work is imported when a command runs. */
export function addJournalCommand(program: Command): Command {
  const journal = program
    .command('journal')
    .description('check and sum up the decision journal (setup.json\'s "journal", or --journal of a host)');
  addExamples(journal, [
    ['cosh journal verify', 'exit 1 naming the first line that was edited, removed or inserted'],
    ['cosh journal stats', 'per hook: runs, outcomes, p50/p90 duration'],
  ]);
  const verify = journal
    .command('verify')
    .description("check the journal's hash chain: exit 1 naming the first line whose prev or seq does not follow")
    .argument('[file]', 'the journal (default: setup.json\'s "journal.file")')
    .addOption(configOption())
    .option('--json', 'print the result as one JSON object')
    .action(async (file: string | undefined, flags: JournalFlags, self: Command) => {
      const { runJournalVerify } = await import('./journal.ts');
      await runJournalVerify(contextOf(self), {
        file,
        configPath: configPathOf(flags, self),
        json: flags.json === true,
        command: self,
      });
    });
  addExamples(verify, [
    ['cosh journal verify', 'the journal setup.json names'],
    ['cosh journal verify ~/audit/journal.jsonl --json', '{"ok": false, "line": 42, …} when line 42 does not follow'],
  ]);
  const stats = journal
    .command('stats')
    .description('per hook: how often it ran, its outcomes, and its p50/p90 duration')
    .argument('[file]', 'the journal (default: setup.json\'s "journal.file")')
    .addOption(configOption())
    .option('--json', 'print the figures as one JSON object')
    .action(async (file: string | undefined, flags: JournalFlags, self: Command) => {
      const { runJournalStats } = await import('./journal.ts');
      await runJournalStats(contextOf(self), {
        file,
        configPath: configPathOf(flags, self),
        json: flags.json === true,
        command: self,
      });
    });
  addExamples(stats, [
    ['cosh journal stats', 'the journal setup.json names'],
    ['cosh journal stats journal.jsonl --json', 'the same as data'],
  ]);
  return journal;
}
