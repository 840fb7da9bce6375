import type { Command } from 'commander';

/**
 * Adds an `Examples:` section to the end of `command`'s `--help`: every command shows at least
 * one line a user can copy. Each example is `[command line, what it does]`.
 *
 * @example
 * addExamples(program.command('exec'), [['cosh exec fs_read --input \'{"path": "README.md"}\'', 'read a file through the hooks']]);
 */
export function addExamples(command: Command, examples: readonly (readonly [string, string])[]): Command {
  const lines = examples.flatMap(([line, meaning]) => [`  # ${meaning}`, `  ${line}`]);
  return command.addHelpText('after', `\nExamples:\n${lines.join('\n')}\n`);
}
