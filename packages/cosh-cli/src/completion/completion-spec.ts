import type { Command } from 'commander';

/** One option as a shell completes it. */
export interface CompletionOption {
  /** `--config`, and `-h` where there is a short form. */
  readonly flags: readonly string[];
  readonly description: string;
  /** Whether a value follows it (`--config <file>`): the shell then completes that value. */
  readonly takesValue: boolean;
  /** The values commander accepts, when it lists them (`--permission ask|allow|deny`). */
  readonly choices: readonly string[];
}

/** One command of the tree: the words that reach it, its subcommands and its options. */
export interface CompletionNode {
  /** The words after `cosh`, space-separated: `''` for `cosh` itself, `'hooks run'`. */
  readonly path: string;
  readonly subcommands: readonly { readonly name: string; readonly description: string }[];
  readonly options: readonly CompletionOption[];
}

/**
 * Every command of `program`, walked from its definitions when the completion script is made,
 * so the script lists exactly the commands and options the program has (the app's included),
 * never a hand-kept copy that drifts. Commander's implicit help command is left out: its words
 * are the subcommands themselves.
 */
export function completionSpecOf(program: Command): CompletionNode[] {
  const nodes: CompletionNode[] = [];
  const visit = (command: Command, path: string): void => {
    const subcommands = visibleSubcommands(command);
    nodes.push({
      path,
      subcommands: subcommands.map((sub) => ({ name: sub.name(), description: sub.description() })),
      options: optionsOf(command),
    });
    for (const sub of subcommands) visit(sub, path === '' ? sub.name() : `${path} ${sub.name()}`);
  };
  visit(program, '');
  return nodes;
}

function visibleSubcommands(command: Command): Command[] {
  // `_hidden` is commander's flag for `{hidden: true}`; it has no public getter.
  return command.commands.filter((sub) => !(sub as unknown as { _hidden?: boolean })._hidden);
}

function optionsOf(command: Command): CompletionOption[] {
  const options: CompletionOption[] = command.options
    .filter((option) => !option.hidden)
    .map((option) => ({
      flags: [option.long, option.short].filter((flag): flag is string => flag !== undefined),
      description: option.description,
      takesValue: option.required || option.optional,
      choices: option.argChoices ?? [],
    }));
  // Help is not in `options`: commander adds it when it parses.
  options.push({ flags: ['--help', '-h'], description: 'show help for a command', takesValue: false, choices: [] });
  return options;
}
