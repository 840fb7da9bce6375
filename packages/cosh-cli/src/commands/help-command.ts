import type { Command } from 'commander';
import { UsageError } from '../cli-errors.ts';
import { addExamples } from '../help-examples.ts';

/**
 * Registers `cosh help [command...]` in place of commander's own help command (SPEC X): it
 * prints the help of the command its words name, however deep (`cosh help hooks run`), on
 * stdout with exit 0, exactly as `cosh hooks run --help` does; alone, the top-level help. A
 * word that names no command is a usage mistake (exit 64) with a did-you-mean. Commands the app
 * adds later are found too: the words are looked up when the command runs.
 */
export function addHelpCommand(program: Command): Command {
  program.helpCommand(false);
  const help = program
    .command('help')
    .description('show the help of a command (the same as adding --help to it)')
    .argument('[command...]', 'the command, e.g. hooks run')
    .action(async (words: readonly string[]) => {
      const target = await commandNamed(program, words);
      target.outputHelp();
    });
  return addExamples(help, [
    ['cosh help hooks run', 'the options of cosh hooks run, with examples'],
    ['cosh help', 'every command'],
  ]);
}

/** The command `words` name below `program`; a word that names none is bad usage. */
async function commandNamed(program: Command, words: readonly string[]): Promise<Command> {
  let current = program;
  for (const word of words) {
    const found = current.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
    if (found === undefined) {
      // Loaded only on this path: the one did-you-mean of every suggestion (usage-mistake.ts).
      const { suggestClosest } = await import('@cosh/config');
      const meant = suggestClosest(
        word,
        current.commands.map((sub) => sub.name()),
      );
      throw new UsageError(
        `unknown command '${word}'${meant === undefined ? '' : ` (did you mean ${meant}?)`}`,
        current,
      );
    }
    current = found;
  }
  return current;
}
