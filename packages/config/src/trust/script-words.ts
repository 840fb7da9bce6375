import { join, normalize } from 'node:path';

/** The folders the prefixes of SPEC S2 stand for. */
export interface ScriptPlaces {
  /** What `~/`, `$HOME/` and `${HOME}/` stand for: the home folder hooks get in `HOME`. */
  readonly home: string;
  /** What `$COSH_CONFIG_DIR/` stands for: the folder of the file the hook comes from (R4). */
  readonly configDir: string;
}

// The shell's metacharacters, which end a word when not quoted (POSIX "Token Recognition").
const OPERATOR_CHARACTERS = new Set([';', '&', '|', '<', '>', '(', ')']);
const BLANKS = new Set([' ', '\t', '\n']);
// Inside double quotes a backslash escapes only these (and a line end, which it removes).
const DOUBLE_QUOTE_ESCAPABLE = new Set(['$', '`', '"', '\\']);

/**
 * The words of a shell command with quotes removed, split as `/bin/sh` would (SPEC S2): blanks and
 * unquoted operators (`; & | < > ( )`) end a word, single quotes keep everything, double quotes
 * keep all but a backslash before `$ \` " \\`, a backslash outside quotes escapes the next
 * character (and a backslash-newline joins two lines), and an unquoted `#` at the start of a word
 * starts a comment. Nothing is expanded. Pure.
 *
 * @example
 * splitShellWords(`"$COSH_CONFIG_DIR/guard.sh" --mode 'strict mode'|tee log`);
 * // ['$COSH_CONFIG_DIR/guard.sh', '--mode', 'strict mode', 'tee', 'log']
 */
export function splitShellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  // A word exists once anything, even empty quotes, was seen: `''` is an empty word.
  let inWord = false;
  const endWord = (): void => {
    if (inWord) words.push(word);
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
    } else if (BLANKS.has(character) || OPERATOR_CHARACTERS.has(character)) {
      endWord();
      position += 1;
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
  return words;
}

/** The prefixes of SPEC S2 that stand for a folder, and which folder. */
const PREFIXES: readonly (readonly [string, keyof ScriptPlaces])[] = [
  ['~/', 'home'],
  ['$HOME/', 'home'],
  ['${HOME}/', 'home'],
  ['$COSH_CONFIG_DIR/', 'configDir'],
  ['${COSH_CONFIG_DIR}/', 'configDir'],
];

/**
 * The paths of SPEC S2 a hook command may name as scripts: each word that, once quotes are
 * removed, is an absolute path or starts with `~/`, `$HOME/`, `${HOME}/`, `$COSH_CONFIG_DIR/` or
 * `${COSH_CONFIG_DIR}/` (that prefix replaced by its folder; nothing else is expanded), made
 * normal (`a/../b` is `b`), each once, in the order the command names them. Whether each names an
 * existing regular file is for the caller to find out. Pure.
 *
 * @example
 * commandScriptPaths('"$COSH_CONFIG_DIR/guard.sh" ~/bin/x 2>/dev/null', { home: '/home/ada', configDir: '/home/ada/.config/cosh' });
 * // ['/home/ada/.config/cosh/guard.sh', '/home/ada/bin/x', '/dev/null']
 */
export function commandScriptPaths(command: string, places: ScriptPlaces): string[] {
  const paths: string[] = [];
  for (const word of splitShellWords(command)) {
    const path = scriptPathOf(word, places);
    if (path !== undefined && !paths.includes(path)) paths.push(path);
  }
  return paths;
}

function scriptPathOf(word: string, places: ScriptPlaces): string | undefined {
  if (word.startsWith('/')) return normalize(word);
  for (const [prefix, place] of PREFIXES) {
    if (word.startsWith(prefix)) return join(places[place], word.slice(prefix.length));
  }
  return undefined;
}
