// SPEC F2: a shell command split into words as `sh` would, with a real parser (tree-sitter-bash,
// through web-tree-sitter's WebAssembly build), or the verdict that Cosh cannot tell. Loaded only
// when a selected hook has `paths` (or `if`) and the call is a shell command: the parser costs
// tens of milliseconds to load (scripts/bench.mjs), which no other call should pay.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node as SyntaxNode, Parser as TreeSitterParser } from 'web-tree-sitter';

/** A command's words, or `certain: false` when Cosh cannot say what `sh` would run. */
export interface ShellWords {
  /** `false`: unterminated quotes, `eval`, `$(…)`, a variable, a glob, a here-document, `sh -c`, … (F2). */
  readonly certain: boolean;
  /** Why it is not certain (for `hooks run --json` and tests); `null` when certain. */
  readonly reason: string | null;
  /** Each simple command's words, assignments (`NAME=value`) left out, in the command's order. */
  readonly commands: readonly (readonly string[])[];
  /** The values of the commands' `NAME=value` assignments. */
  readonly assignments: readonly string[];
  /** The targets of file redirections (`> out`, `< in`, `2>> log`, `&> all`). */
  readonly redirections: readonly string[];
}

function uncertain(reason: string): ShellWords {
  return { certain: false, reason, commands: [], assignments: [], redirections: [] };
}

// The grammar's nodes that only group commands: their words are their commands' words.
const GROUPING_NODES = new Set([
  'program',
  'list',
  'pipeline',
  'redirected_statement',
  'subshell',
  'compound_statement',
  'negated_command',
  'if_statement',
  'elif_clause',
  'else_clause',
  'while_statement',
  'do_group',
]);

/** What may separate two words of a command: blanks and line continuations, at least one. */
const WORD_GAP = /^(?:[ \t]|\\\n)+$/;
/** What may lie between the parts of a list or group: blanks, newlines and line continuations. */
const BLANK = /^(?:[ \t\r\n]|\\\n)*$/;

// The tokens between a grouping node's commands.
const OPERATORS = new Set([
  '&&',
  '||',
  '|',
  '|&',
  ';',
  '&',
  '\n',
  '(',
  ')',
  '{',
  '}',
  '!',
  'if',
  'then',
  'elif',
  'else',
  'fi',
  'while',
  'until',
  'do',
  'done',
]);

// Nodes whose text is a word `sh` splits no further (expansions are refused inside, by `unquote`).
const WORD_NODES = new Set(['word', 'string', 'raw_string', 'concatenation', 'number']);

/** Shells whose `-c` runs a string Cosh does not read (F2). */
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'busybox', 'fish']);
/** `find` options that run another command on what it finds (F2). */
const FIND_RUNS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

function baseName(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

/**
 * One word's value as `sh` reads its text: quotes removed, backslashes applied, `~` and `~/` at the
 * start made the home folder; `null` when the value depends on anything but the text (a `$`, a
 * backquote, an unquoted glob or brace character, `~user`, `~` after `=` or `:`).
 */
export function unquoteWord(text: string, home: string): string | null {
  let value = '';
  let index = 0;
  if (text.startsWith('~')) {
    const end = text.indexOf('/');
    const prefix = end === -1 ? text : text.slice(0, end);
    if (prefix !== '~') return null;
    value = home;
    index = 1;
  }
  while (index < text.length) {
    const character = text[index] as string;
    if (character === '\\') {
      if (index + 1 >= text.length) return null;
      const next = text[index + 1] as string;
      if (next !== '\n') value += next;
      index += 2;
    } else if (character === "'") {
      const end = text.indexOf("'", index + 1);
      if (end === -1) return null;
      value += text.slice(index + 1, end);
      index = end + 1;
    } else if (character === '"') {
      index += 1;
      let closed = false;
      while (index < text.length) {
        const inner = text[index] as string;
        if (inner === '"') {
          closed = true;
          index += 1;
          break;
        }
        if (inner === '$' || inner === '`') return null;
        if (inner === '\\' && index + 1 < text.length && '$`"\\\n'.includes(text[index + 1] as string)) {
          if (text[index + 1] !== '\n') value += text[index + 1];
          index += 2;
          continue;
        }
        value += inner;
        index += 1;
      }
      if (!closed) return null;
    } else if ('$`*?[]{}'.includes(character)) {
      return null;
    } else if (character === '~' && (text[index - 1] === '=' || text[index - 1] === ':')) {
      return null;
    } else {
      value += character;
      index += 1;
    }
  }
  return value;
}

/** F2: why a simple command runs words Cosh does not read (`eval`, `xargs`, `sh -c`, `find -exec`), or `null`. */
function commandWordsProblem(words: readonly string[], text: string): string | null {
  const names = words.map(baseName);
  if (names.some((name) => name === 'eval' || name === 'xargs'))
    return `${JSON.stringify(text)} runs words Cosh does not read`;
  if (
    names.some(
      (name, index) => SHELLS.has(name) && words.slice(index + 1).some((word) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(word)),
    )
  )
    return `${JSON.stringify(text)} runs a string as a shell command`;
  if (names.includes('find') && words.some((word) => FIND_RUNS.has(word)))
    return `${JSON.stringify(text)} runs a command on what it finds`;
  return null;
}

/** Text whose words are its blank-separated parts in every shell: no quote, expansion, glob, operator or comment. */
const PLAIN_COMMAND = /^[ \t]*[A-Za-z0-9_./=:,+@%-]+(?:[ \t]+[A-Za-z0-9_./=:,+@%-]+)*[ \t]*$/;
/** Words that make a command line a compound command when they come first. */
const RESERVED_WORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'case',
  'esac',
  'while',
  'until',
  'for',
  'in',
  'function',
  'select',
  'time',
  '{',
  '}',
  '!',
  '[[',
  ']]',
]);

/**
 * A command line of plain words (`ls -la`, `git status`, `cat src/a.ts`) split without the parser:
 * such text means the same to every shell, and most commands are such text, so most calls never
 * load the parser. `null` for anything else.
 */
function splitPlainCommand(command: string): ShellWords | null {
  if (!PLAIN_COMMAND.test(command)) return null;
  const all = command.trim().split(/[ \t]+/);
  let first = 0;
  while (first < all.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(all[first] as string)) first += 1;
  const words = all.slice(first);
  if (words.length > 0 && RESERVED_WORDS.has(words[0] as string)) return null;
  const assignments = all.slice(0, first).map((word) => word.slice(word.indexOf('=') + 1));
  const problem = commandWordsProblem(words, command);
  if (problem !== null) return uncertain(problem);
  return { certain: true, reason: null, commands: words.length === 0 ? [] : [words], assignments, redirections: [] };
}

/** Splits a parsed command line, or says why it cannot (see {@link splitShellCommand}). */
function splitTree(root: SyntaxNode, home: string): ShellWords {
  if (root.hasError) return uncertain('the command does not parse (unterminated quote or bracket?)');
  const commands: string[][] = [];
  const assignments: string[] = [];
  const redirections: string[] = [];
  let problem: string | null = null;

  const wordOf = (node: SyntaxNode): string | null => {
    if (!WORD_NODES.has(node.type)) {
      problem ??= `${node.type.replaceAll('_', ' ')} in ${JSON.stringify(node.text)}`;
      return null;
    }
    for (const part of node.descendantsOfType(['simple_expansion', 'expansion', 'command_substitution'])) {
      if (part !== null) {
        problem ??= `an expansion in ${JSON.stringify(node.text)}`;
        return null;
      }
    }
    const value = unquoteWord(node.text, home);
    if (value === null) problem ??= `the word ${JSON.stringify(node.text)} depends on more than its text`;
    return value;
  };

  const redirect = (node: SyntaxNode): void => {
    if (node.type !== 'file_redirect') {
      problem ??= `a ${node.type.replaceAll('_', ' ')}`;
      return;
    }
    const destination = node.childForFieldName('destination');
    const operator = node.children.find((child) => child !== null && !child.isNamed)?.text ?? '';
    if (destination === null) {
      problem ??= 'a redirection without a target';
      return;
    }
    const target = wordOf(destination);
    if (target === null) return;
    // `2>&1`, `<&-`: a descriptor copied or closed, not a file.
    if ((operator === '>&' || operator === '<&') && /^(\d+|-)$/.test(target)) return;
    redirections.push(target);
  };

  const visit = (node: SyntaxNode): void => {
    if (problem !== null) return;
    if (node.type === 'comment') return;
    if (node.type === 'command') {
      const words: string[] = [];
      // tree-sitter reads some texts otherwise than sh: a lone `$` becomes a token of no word,
      // `'c'\ d` two words. A command is only read when its parts are named and apart.
      let previousEnd = -1;
      for (const child of node.children) {
        if (child === null) continue;
        if (!child.isNamed) {
          problem ??= `${JSON.stringify(child.text)} in ${JSON.stringify(node.text)}`;
          return;
        }
        if (previousEnd !== -1 && !WORD_GAP.test(root.text.slice(previousEnd, child.startIndex))) {
          problem ??= `the words of ${JSON.stringify(node.text)} do not read the same in every shell`;
          return;
        }
        previousEnd = child.endIndex;
      }
      for (const child of node.namedChildren) {
        if (child === null) continue;
        if (child.type === 'variable_assignment') {
          const value = child.childForFieldName('value');
          if (value === null) continue;
          const text = wordOf(value);
          if (text !== null) assignments.push(text);
        } else if (child.type === 'command_name') {
          const name = child.firstNamedChild;
          const text = name === null ? null : wordOf(name);
          if (text !== null) words.push(text);
        } else if (child.type.endsWith('_redirect')) {
          redirect(child);
        } else {
          const text = wordOf(child);
          if (text !== null) words.push(text);
        }
      }
      problem ??= commandWordsProblem(words, node.text);
      commands.push(words);
      return;
    }
    if (node.type.endsWith('_redirect')) {
      redirect(node);
      return;
    }
    if (!GROUPING_NODES.has(node.type)) {
      problem ??= `a ${node.type.replaceAll('_', ' ')}`;
      return;
    }
    // Between the parts of a list, pipeline or group only blanks: text the grammar passed over
    // (`first \\ ;` drops the word `\\ `) would be a word sh runs that Cosh never saw.
    let previousEnd = node.startIndex;
    for (const child of node.children) {
      if (child === null) continue;
      if (!BLANK.test(root.text.slice(previousEnd, child.startIndex))) {
        problem ??= `text of ${JSON.stringify(node.text)} the parser passed over`;
        return;
      }
      previousEnd = child.endIndex;
      if (child.isNamed) visit(child);
      else if (!OPERATORS.has(child.type)) problem ??= `${JSON.stringify(child.text)} in ${JSON.stringify(node.text)}`;
    }
    if (!BLANK.test(root.text.slice(previousEnd, node.endIndex)))
      problem ??= `text of ${JSON.stringify(node.text)} the parser passed over`;
  };
  visit(root);
  if (problem !== null) return uncertain(problem);
  return { certain: true, reason: null, commands, assignments, redirections };
}

/**
 * web-tree-sitter's CommonJS build and the two WebAssembly files (its runtime, tree-sitter-bash's
 * grammar): beside the running module in `tree-sitter/` (the bundled `cosh` ships them there, so
 * its one-file start-up bundle does not carry the parser), else from the installed packages. The
 * package is required by a name in a variable, so no bundler pulls it into a bundle.
 */
function parserFiles(): { readonly runtime: string; readonly bash: string; load(): typeof import('web-tree-sitter') } {
  const here = dirname(fileURLToPath(import.meta.url));
  const shipped = join(here, 'tree-sitter');
  const localRequire = createRequire(import.meta.url);
  if (existsSync(join(shipped, 'tree-sitter.cjs')))
    return {
      runtime: join(shipped, 'tree-sitter.wasm'),
      bash: join(shipped, 'tree-sitter-bash.wasm'),
      load: () => localRequire(join(shipped, 'tree-sitter.cjs')),
    };
  const packageName = 'web-tree-sitter';
  return {
    runtime: localRequire.resolve(`${packageName}/tree-sitter.wasm`),
    bash: localRequire.resolve('tree-sitter-bash/tree-sitter-bash.wasm'),
    load: () => localRequire(packageName),
  };
}

let parserLoading: Promise<TreeSitterParser> | undefined;

/** The one parser of this process, loaded at the first shell command that needs it. */
function loadParser(): Promise<TreeSitterParser> {
  parserLoading ??= (async () => {
    const files = parserFiles();
    // V8 compiles the 1.4 MB grammar with its fast baseline compiler first and its optimising one
    // in the background, and a process waits for the latter before it exits: 3-5 s at the end of
    // every `cosh hooks run` and bridge call that parsed a command (measured on a busy 2-core
    // machine; 0.3 s with this flag). The baseline code parses a command in well under a
    // millisecond. The flag only affects WebAssembly, and Cosh runs no other.
    try {
      // Required here, not imported: node:v8 loads stream and fs/promises modules, which the
      // per-call bundle must not pay for at every start (apps/cosh start-up.test.ts).
      const v8: typeof import('node:v8') = createRequire(import.meta.url)('node:v8');
      v8.setFlagsFromString('--liftoff-only');
    } catch {
      // A runtime that refuses the flag still works, only slower to exit.
    }
    const { Parser, Language } = files.load();
    await Parser.init({ locateFile: () => files.runtime });
    const bash = await Language.load(files.bash);
    const parser = new Parser();
    parser.setLanguage(bash);
    return parser;
  })();
  return parserLoading;
}

/**
 * SPEC F2: `command` split into its simple commands' words, assignments and redirection targets
 * as `sh` would split it, or `certain: false` when Cosh cannot say: a command that does not parse
 * (unterminated quotes), `eval`, `$(…)`, backquotes, a variable, a glob or `~user` in a word, a
 * here-document, `sh -c`/`bash -c` with a string, `xargs`, `find -exec`, or a construct beyond
 * plain lists, pipelines, subshells and `if`/`while`. A parser that cannot load is "cannot say"
 * too (fail closed). `home` is what `~` and `~/` stand for.
 *
 * @example
 * await splitShellCommand("cat .env > 'out file'", '/home/me');
 * // { certain: true, reason: null, commands: [['cat', '.env']], assignments: [], redirections: ['out file'] }
 */
export async function splitShellCommand(command: string, home: string): Promise<ShellWords> {
  const plain = splitPlainCommand(command);
  if (plain !== null) return plain;
  let parser: TreeSitterParser;
  try {
    parser = await loadParser();
  } catch (error) {
    parserLoading = undefined;
    return uncertain(`the shell parser could not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  const tree = parser.parse(command);
  if (tree === null) return uncertain('the command does not parse');
  try {
    return splitTree(tree.rootNode, home);
  } finally {
    tree.delete();
  }
}
