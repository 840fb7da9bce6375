// SPEC X (`cosh hooks validate`): each command hook's command is checked as far as it can be
// without running it — `/bin/sh -n` parses it, and its first word names a program on PATH or a
// file that exists and is executable. What fails is a warning (the file still loads): a shell
// syntax error makes `/bin/sh` exit 2, which O3 reads as a deny of every call the hook runs for,
// and a program that is missing makes every run a failure (exit 127).
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, dirname, join, normalize } from 'node:path';
import type { ConfigProblem, HooksConfig } from './config-types.ts';
import { locateJsonPath } from './locate-json-path.ts';
import { splitShellTokens } from './trust/script-words.ts';

/** What the checks read of the environment the hooks will run in. */
export interface CommandCheckEnvironment {
  /** `PATH`, searched for a first word without a slash. */
  readonly path: string | undefined;
  /** What `~/`, `$HOME/` and `${HOME}/` stand for. */
  readonly home: string | undefined;
  /**
   * `/bin/sh -n`'s complaint about a command, `null` when it parses: `@cosh/runner`'s
   * `shellSyntaxProblem` (a process, which this package never starts itself).
   */
  readonly shellSyntaxProblem: (command: string) => string | null;
}

// Words the shell itself runs (reserved words, special and regular built-ins of POSIX, and the
// few every /bin/sh has): nothing to find on PATH.
const SHELL_OWN = new Set(
  (
    '! { } [ [[ ]] . : case do done elif else esac fi for if in then until while ' +
    'alias bg break cd command continue echo eval exec exit export false fc fg getopts hash jobs ' +
    'kill local newgrp printf pwd read readonly return set shift test times trap true type ' +
    'ulimit umask unalias unset wait'
  ).split(' '),
);

/** Words whose next word is the program they run. */
const RUNS_NEXT = new Set(['exec', 'command', '!']);

const REDIRECTIONS = new Set(['>', '>>', '>|', '>&', '&>', '&>>', '<', '<<', '<<-', '<<<', '<&', '<>']);

/**
 * The warnings of SPEC X about the command hooks of one file (`text`, read from `file`; `config`
 * its parsed hooks), each at the line and column of the hook's `command`: a command `/bin/sh -n`
 * refuses (`command_syntax`), and a first word that names no program on PATH, or a file that does
 * not exist or is not executable (`command_not_found`, naming the file). Words the check cannot
 * know without running the command (another variable, a glob, a subshell, a relative path) are
 * left alone.
 */
export function checkHookCommands(
  text: string,
  file: string,
  config: Pick<HooksConfig, 'hooks'>,
  environment: CommandCheckEnvironment,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const [event, entries] of Object.entries(config.hooks)) {
    for (const entry of entries) {
      if (entry.command === null || entry.file !== file) continue;
      const path = ['hooks', event, entry.index, 'command'];
      const at = locateJsonPath(text, path) ?? locateJsonPath(text, ['hooks', event, entry.index]);
      const where = `hooks.${event}[${entry.index}].command`;
      const warn = (code: string, message: string): void => {
        problems.push({
          severity: 'warning',
          code,
          message: `${where}: ${message}`,
          path,
          line: at?.line ?? 1,
          column: at?.column ?? 1,
          hook: { event: entry.event, index: entry.index },
        });
      };
      const syntax = environment.shellSyntaxProblem(entry.command);
      if (syntax !== null) {
        warn(
          'command_syntax',
          `/bin/sh cannot parse it (${syntax}): it exits 2, which denies every call the hook runs for`,
        );
        continue;
      }
      const missing = missingProgram(entry.command, { ...environment, configDir: dirname(file) });
      if (missing !== null) warn('command_not_found', missing);
    }
  }
  return problems;
}

/**
 * Why the program `command` starts with cannot be run (the sentence of the warning), or `null`
 * when it can, or when that cannot be known without running it.
 */
export function missingProgram(
  command: string,
  places: CommandCheckEnvironment & { readonly configDir: string },
): string | null {
  const word = firstProgramWord(command);
  if (word === undefined) return null;
  const path = expandPlace(word, places);
  if (path === undefined) {
    // A word with a slash is a path: only absolute ones and the known prefixes can be checked.
    if (word.includes('/') || /[$`*?[\]]/.test(word) || SHELL_OWN.has(word)) return null;
    if (onPath(word, places.path)) return null;
    return `no program "${word}" on PATH: the hook cannot start (exit 127)`;
  }
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    return `${path} does not exist: the hook cannot start (exit 127)`;
  }
  if (!isFile) return `${path} is not a file: the hook cannot start`;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return `${path} is not executable: the hook cannot start (chmod +x ${path})`;
  }
  return null;
}

/** The first word of the first simple command (assignments and redirections skipped), if any. */
function firstProgramWord(command: string): string | undefined {
  let afterRedirection = false;
  for (const token of splitShellTokens(command)) {
    if (token.kind === 'operator') {
      // A subshell, a pipeline's start or a list: not a simple command the check can read.
      if (!REDIRECTIONS.has(token.text)) return undefined;
      afterRedirection = true;
      continue;
    }
    if (afterRedirection) {
      afterRedirection = false;
      continue;
    }
    // An fd number before a redirection (`2>`) is split off as a word of its own.
    if (/^\d+$/.test(token.text)) continue;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(token.text)) continue;
    if (RUNS_NEXT.has(token.text)) continue;
    return token.text;
  }
  return undefined;
}

const PLACES: readonly (readonly [string, 'home' | 'configDir'])[] = [
  ['~/', 'home'],
  ['$HOME/', 'home'],
  ['${HOME}/', 'home'],
  ['$COSH_CONFIG_DIR/', 'configDir'],
  ['${COSH_CONFIG_DIR}/', 'configDir'],
];

/** An absolute path, or a word with a known folder prefix made one; `undefined` otherwise. */
function expandPlace(
  word: string,
  places: { readonly home: string | undefined; readonly configDir: string },
): string | undefined {
  if (word.startsWith('/')) return normalize(word);
  for (const [prefix, place] of PLACES) {
    const folder = places[place];
    if (word.startsWith(prefix)) {
      const rest = word.slice(prefix.length);
      if (folder === undefined || /[$`*?[\]]/.test(rest)) return undefined;
      return join(folder, rest);
    }
  }
  return undefined;
}

/** Whether an executable file named `name` is in a folder of `path`. */
function onPath(name: string, path: string | undefined): boolean {
  for (const folder of (path ?? '').split(delimiter)) {
    if (folder === '') continue;
    const candidate = join(folder, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {}
  }
  return false;
}
