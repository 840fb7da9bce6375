import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { UsageError } from '../cli-errors.ts';
import { COMPLETION_SHELLS, type CompletionShell, completionScript } from '../completion/completion-scripts.ts';
import { completionSpecOf } from '../completion/completion-spec.ts';
import { addExamples } from '../help-examples.ts';

/**
 * Registers `cosh completion bash|zsh|fish` (SPEC X): prints a completion script made from the
 * program's own command definitions when it runs, so commands the app adds later are in it.
 */
export function addCompletionCommand(program: Command): Command {
  const completion = program
    .command('completion')
    .description('print a shell completion script (commands, subcommands and options) for bash, zsh or fish')
    .argument('<shell>', COMPLETION_SHELLS.join(', '))
    .action((shell: string, _flags: unknown, self: Command) => {
      if (!isCompletionShell(shell)) {
        throw new UsageError(`unknown shell '${shell}' (expected ${COMPLETION_SHELLS.join(', ')})`, self);
      }
      contextOf(self).out.write(completionScript(shell, completionSpecOf(program)));
    });
  return addExamples(completion, [
    ['source <(cosh completion bash)', 'in ~/.bashrc: Tab completes cosh commands and options'],
    ['source <(cosh completion zsh)', 'in ~/.zshrc, after compinit'],
    ['cosh completion fish > ~/.config/fish/completions/cosh.fish', 'for fish, once'],
  ]);
}

function isCompletionShell(shell: string): shell is CompletionShell {
  return (COMPLETION_SHELLS as readonly string[]).includes(shell);
}
