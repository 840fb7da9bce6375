import type { Command } from 'commander';
import type { CommandName } from './cli-errors.ts';

/** `cosh hooks list`: the words a user types to reach `command`. */
export function commandPath(command: CommandName): string {
  const names: string[] = [];
  for (let current: CommandName | null = command; current !== null; current = current.parent) {
    names.unshift(current.name());
  }
  return names.join(' ');
}

/**
 * One line for a usage mistake: what was wrong, the suggestion if any, and where help is:
 * `cosh: unknown option '--jsn' (did you mean --json?). See 'cosh hooks list --help'.`
 */
export function usageHint(message: string, command: CommandName): string {
  return `${commandPath(command).split(' ')[0]}: ${message}. See '${commandPath(command)} --help'.`;
}

/**
 * Commander's error text, made to fit on that line: "error: " dropped, its
 * "\n(Did you mean --json?)" moved inline, a final period dropped (the hint adds its own).
 */
export function commanderMessage(text: string): string {
  return text
    .replace(/^error:\s*/, '')
    .replace(
      /\s*\(Did you mean (one of )?(.+?)\?\)/s,
      (_match, oneOf: string | undefined, names: string) => ` (did you mean ${oneOf ?? ''}${names}?)`,
    )
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\.$/, '')
    .trim();
}

/** What to say when a command that only groups subcommands is run alone. */
export function missingCommandMessage(command: Command): string {
  const names = command.commands.filter((sub) => sub.name() !== 'help').map((sub) => sub.name());
  return names.length === 0 ? 'missing command' : `missing command: one of ${names.join(', ')}`;
}
