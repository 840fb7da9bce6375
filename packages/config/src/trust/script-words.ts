import { join, normalize } from 'node:path';

/** The folders the prefixes of SPEC S2 stand for. */
export interface ScriptPlaces {
  /** What `~/`, `$HOME/` and `${HOME}/` stand for: the home folder hooks get in `HOME`. */
  readonly home: string;
  /** What `$COSH_CONFIG_DIR/` stands for: the folder of the file the hook comes from (R4). */
  readonly configDir: string;
  /**
   * What `$CLAUDE_PROJECT_DIR/` stands for (K4): given only for a `protocol: "claude"` hook, whose
   * environment has that variable; other hooks' commands leave the prefix as it is.
   */
  readonly claudeProjectDir?: string | undefined;
}

// The shell's metacharacters, which end a word when not quoted (POSIX "Token Recognition").
const OPERATOR_CHARACTERS = new Set([';', '&', '|', '<', '>', '(', ')']);
const BLANKS = new Set([' ', '\t', '\n']);
// Inside double quotes a backslash escapes only these (and a line end, which it removes).
const DOUBLE_QUOTE_ESCAPABLE = new Set(['$', '`', '"', '\\']);
// The shell's operators (POSIX and bash), longest first: a run of operator characters is read as
// the longest operator it starts with, then the rest, as the shell reads `2>&1` or `<(`.
const OPERATORS = [
  '&>>',
  '<<<',
  '<<-',
  '&>',
  '>>',
  '>&',
  '>|',
  '<<',
  '<&',
  '<>',
  '&&',
  '||',
  '|&',
  ';;',
  '>',
  '<',
  '&',
  '|',
  ';',
  '(',
  ')',
];
// The operators whose next word is a file (or a here-string, a here-document's delimiter, a file
// descriptor): data the command reads or writes, never a program it runs (SPEC S2).
const REDIRECTIONS = new Set(['>', '>>', '>|', '>&', '&>', '&>>', '<', '<<', '<<-', '<<<', '<&', '<>']);

/** One token of a shell command: a word with quotes removed, or an unquoted operator. */
export interface ShellToken {
  readonly kind: 'word' | 'operator';
  readonly text: string;
}

/**
 * The tokens of a shell command, split as `/bin/sh` would (SPEC S2): blanks and unquoted
 * operators (`; & | < > ( )`) end a word, single quotes keep everything, double quotes keep all
 * but a backslash before `$ \` " \\`, a backslash outside quotes escapes the next character (and
 * a backslash-newline joins two lines), and an unquoted `#` at the start of a word starts a
 * comment. A run of operator characters is split into the shell's operators (`2>&1` is the word
 * `2`, the operator `>&` and the word `1`). Nothing is expanded. Pure.
 */
export function splitShellTokens(command: string): ShellToken[] {
  const tokens: ShellToken[] = [];
  let word = '';
  // A word exists once anything, even empty quotes, was seen: `''` is an empty word.
  let inWord = false;
  const endWord = (): void => {
    if (inWord) tokens.push({ kind: 'word', text: word });
    word = '';
    inWord = false;
  };
  let position = 0;
  while (position < command.length) {
    const character = command[position] as string;
    if (character === '\\') {
      const next = command[position + 1];
      position += 2;
      if (next === undefined || next === '\n') continue;
      word += next;
      inWord = true;
    } else if (character === "'") {
      const end = command.indexOf("'", position + 1);
      const close = end === -1 ? command.length : end;
      word += command.slice(position + 1, close);
      inWord = true;
      position = close + 1;
    } else if (character === '"') {
      position += 1;
      inWord = true;
      while (position < command.length && command[position] !== '"') {
        const inside = command[position] as string;
        const next = command[position + 1];
        if (inside === '\\' && next !== undefined && (DOUBLE_QUOTE_ESCAPABLE.has(next) || next === '\n')) {
          if (next !== '\n') word += next;
          position += 2;
        } else {
          word += inside;
          position += 1;
        }
      }
      position += 1;
    } else if (BLANKS.has(character)) {
      endWord();
      position += 1;
    } else if (OPERATOR_CHARACTERS.has(character)) {
      endWord();
      const operator = OPERATORS.find((candidate) => command.startsWith(candidate, position)) ?? character;
      tokens.push({ kind: 'operator', text: operator });
      position += operator.length;
    } else if (character === '#' && !inWord) {
      const lineEnd = command.indexOf('\n', position);
      position = lineEnd === -1 ? command.length : lineEnd;
    } else {
      word += character;
      inWord = true;
      position += 1;
    }
  }
  endWord();
  return tokens;
}

/**
 * The words of a shell command with quotes removed (the words of {@link splitShellTokens}). Pure.
 *
 * @example
 * splitShellWords(`"$COSH_CONFIG_DIR/guard.sh" --mode 'strict mode'|tee log`);
 * // ['$COSH_CONFIG_DIR/guard.sh', '--mode', 'strict mode', 'tee', 'log']
 */
export function splitShellWords(command: string): string[] {
  return splitShellTokens(command)
    .filter((token) => token.kind === 'word')
    .map((token) => token.text);
}

/**
 * The words of a command that may name a program or a script it runs: every word but the one
 * right after a redirection operator (`>`, `>>`, `2>`, `&>`, `<`, `<<<`, …; an fd number before
 * the operator is a word of its own, and `>file` is the operator then the word). A log a hook
 * appends to is data, not a script (SPEC S2). Pure.
 */
export function commandWords(command: string): string[] {
  const words: string[] = [];
  let afterRedirection = false;
  for (const token of splitShellTokens(command)) {
    if (token.kind === 'operator') {
      afterRedirection = REDIRECTIONS.has(token.text);
      continue;
    }
    if (!afterRedirection) words.push(token.text);
    afterRedirection = false;
  }
  return words;
}

/** The prefixes of SPEC S2 that stand for a folder, and which folder. */
const PREFIXES: readonly (readonly [string, keyof ScriptPlaces])[] = [
  ['~/', 'home'],
  ['$HOME/', 'home'],
  ['${HOME}/', 'home'],
  ['$COSH_CONFIG_DIR/', 'configDir'],
  ['${COSH_CONFIG_DIR}/', 'configDir'],
  ['$CLAUDE_PROJECT_DIR/', 'claudeProjectDir'],
  ['${CLAUDE_PROJECT_DIR}/', 'claudeProjectDir'],
];

/**
 * The paths of SPEC S2 a hook command may name as scripts: each word that, once quotes are
 * removed, is an absolute path or starts with `~/`, `$HOME/`, `${HOME}/`, `$COSH_CONFIG_DIR/` or
 * `${COSH_CONFIG_DIR}/` (and, where {@link ScriptPlaces.claudeProjectDir} is given,
 * `$CLAUDE_PROJECT_DIR/` or `${CLAUDE_PROJECT_DIR}/`), that prefix replaced by its folder (nothing
 * else is expanded), made normal (`a/../b` is `b`), each once, in the order the command names
 * them. The target of a redirection is data, not a script ({@link commandWords}). Whether each
 * names an existing regular file is for the caller to find out. Pure.
 *
 * @example
 * commandScriptPaths('"$COSH_CONFIG_DIR/guard.sh" ~/bin/x 2>/dev/null', { home: '/home/ada', configDir: '/home/ada/.config/cosh' });
 * // ['/home/ada/.config/cosh/guard.sh', '/home/ada/bin/x']
 */
export function commandScriptPaths(command: string, places: ScriptPlaces): string[] {
  const paths: string[] = [];
  for (const word of commandWords(command)) {
    const path = scriptPathOf(word, places);
    if (path !== undefined && !paths.includes(path)) paths.push(path);
  }
  return paths;
}

function scriptPathOf(word: string, places: ScriptPlaces): string | undefined {
  if (word.startsWith('/')) return normalize(word);
  for (const [prefix, place] of PREFIXES) {
    const folder = places[place];
    if (folder !== undefined && word.startsWith(prefix)) return join(folder, word.slice(prefix.length));
  }
  return undefined;
}
