import type { Command, CommanderError } from 'commander';
import { commanderMessage } from './usage-hint.ts';

/** The one did-you-mean of Cosh (`suggestClosest` of `@cosh/config`), passed in so it loads only on this path. */
export type SuggestClosest = (
  input: string,
  candidates: readonly string[],
  options?: { readonly parts?: boolean },
) => string | undefined;

/** Says more about an unknown option of one command: `flag` was not an option, `argv` the whole command line. */
export type UnknownOptionHint = (flag: string, argv: readonly string[]) => string | undefined;

const unknownOptionHints = new WeakMap<Command, UnknownOptionHint>();

/**
 * Adds to the message of an unknown option of `command`: `cosh mcp proxy` uses it to say that
 * an option meant for the proxied server goes after `--`.
 */
export function setUnknownOptionHint(command: Command, hint: UnknownOptionHint): void {
  unknownOptionHints.set(command, hint);
}

/** `'…'` for a POSIX shell, so a suggested command line can be pasted as it is. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** The long options of `command` and the commands above it (`--json`, `--version`, …). */
function longOptions(command: Command): string[] {
  const longs: string[] = [];
  for (let current: Command | null = command; current !== null; current = current.parent) {
    for (const option of current.options) if (option.long !== undefined) longs.push(option.long);
  }
  return longs;
}

/** The option of `command` or a command above it whose short flag is `flag` in another case (`-v` → `--version`). */
function optionOfShortFlag(command: Command, flag: string): string | undefined {
  for (let current: Command | null = command; current !== null; current = current.parent) {
    const found = current.options.find(
      (option) => option.short !== undefined && option.short.toLowerCase() === flag.toLowerCase(),
    );
    if (found !== undefined) return found.long ?? found.short;
  }
  return undefined;
}

function unknownOption(command: Command, flag: string, argv: readonly string[], suggest: SuggestClosest): string {
  const longs = longOptions(command);
  let meant: string | undefined;
  if (/^-[^-]$/.test(flag)) meant = optionOfShortFlag(command, flag);
  else if (flag.startsWith('-')) {
    const name = flag.replace(/^-+/, '').split('=')[0] ?? '';
    // `-json` for `--json` is no typo of the name, only of the dashes.
    meant = longs.find((long) => long === `--${name}`) ?? suggest(`--${name}`, longs);
  }
  const notes = [
    meant === undefined ? undefined : `did you mean ${meant}?`,
    unknownOptionHints.get(command)?.(flag, argv),
  ];
  const shown = notes.filter((note) => note !== undefined);
  return `unknown option '${flag}'${shown.length === 0 ? '' : ` (${shown.join('; ')})`}`;
}

function unknownCommand(command: Command, name: string, suggest: SuggestClosest): string {
  // `cosh version`, `cosh help`-like words that are options of this command.
  const asOption = longOptions(command).find((long) => long === `--${name}`);
  const names = command.commands.map((sub) => sub.name()).filter((sub) => sub !== 'help');
  const meant = asOption ?? suggest(name, names);
  return `unknown command '${name}'${meant === undefined ? '' : ` (did you mean ${meant}?)`}`;
}

function excessArguments(command: Command, message: string): string {
  const extra = command.args.slice(command.registeredArguments.length)[0];
  const has = (long: string): boolean => command.options.some((option) => option.long === long);
  let meant: string | undefined;
  // A tool input given as an argument (`cosh exec bash_run '{"command":"ls"}'`).
  if (extra?.trim().startsWith('{') && has('--input')) meant = `--input ${shellWord(extra)}`;
  // A tool name given as an argument (`cosh hooks run PreToolUse bash_run`).
  else if (extra !== undefined && /^[\w.-]+$/.test(extra) && has('--tool')) meant = `--tool ${extra}`;
  return `${commanderMessage(message)}${meant === undefined ? '' : ` (did you mean ${meant}?)`}`;
}

/**
 * The one-line message of a usage mistake commander found, with Cosh's did-you-mean: an option
 * in the wrong case or with one dash (`-v` → `--version`, `-json` → `--json`), a misspelt option
 * or command (the closest of `suggest`), an option typed as a command (`cosh version`), a JSON
 * input or a tool name given as an argument (`--input '{…}'`, `--tool bash_run`), and the
 * command's own hint (`mcp proxy`: the server's options go after `--`).
 */
export function usageMistakeMessage(
  error: CommanderError,
  command: Command,
  argv: readonly string[],
  suggest: SuggestClosest,
): string {
  switch (error.code) {
    case 'commander.unknownOption': {
      const flag = /unknown option '(.*)'/s.exec(error.message)?.[1];
      return flag === undefined ? commanderMessage(error.message) : unknownOption(command, flag, argv, suggest);
    }
    case 'commander.unknownCommand': {
      const name = /unknown command '(.*)'/s.exec(error.message)?.[1];
      return name === undefined ? commanderMessage(error.message) : unknownCommand(command, name, suggest);
    }
    case 'commander.excessArguments':
      return excessArguments(command, error.message);
    default:
      return commanderMessage(error.message);
  }
}
