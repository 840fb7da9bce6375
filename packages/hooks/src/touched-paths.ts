// SPEC F2: the paths one tool call touches, computed once per call before any hook starts (F4),
// from the tables of tool-path-fields.ts. The selection itself (`@cosh/matcher`) is pure: it is
// given what this module found.
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { TouchedPaths } from '@cosh/matcher';
import { parseApplyPatch } from './apply-patch.ts';
import { splitShellCommand } from './shell-words.ts';
import {
  firstField,
  MCP_PATH_ARGUMENTS,
  MCP_URI_ARGUMENTS,
  PATCH_TOOL_INPUT,
  PATCH_TOOLS,
  SHELL_TOOL_INPUT,
  SHELL_TOOLS,
  TOOL_PATH_FIELDS,
} from '@cosh/spec';

/** A call as F2 reads it. */
export interface TouchedPathsCall {
  readonly toolName: string;
  readonly toolInput: Readonly<Record<string, unknown>>;
  /** The MCP server of a proxied tool: its arguments are read by name whatever the tool's name. */
  readonly mcpServer?: string | null | undefined;
}

/** What F2 needs besides the call. */
export interface TouchedPathsOptions {
  /** The call's working folder: relative paths and a shell's words are taken from it. */
  readonly cwd: string;
  /** `~` and `~/` in a shell word. */
  readonly home: string;
}

/** F2's answer, with why a shell command could not be split (for `hooks run --json` and tests). */
export interface TouchedPathsResult extends TouchedPaths {
  readonly reason: string | null;
}

/**
 * An absolute path with `.` and `..` removed and the symlinks of its existing part resolved; the
 * path as written (made absolute) comes too when it differs, so a guard on a link's own name and
 * a guard on its target both see the call.
 */
function resolvedPaths(path: string, cwd: string): string[] {
  const absolute = resolve(cwd, path);
  // The longest existing part, found without exceptions (each failed realpath throws, and a
  // thrown error costs tens of microseconds: F4's budget is 1 ms for a call).
  let existing = absolute;
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) return [absolute];
    existing = parent;
  }
  let real: string;
  try {
    real = realpathSync(existing);
  } catch {
    return [absolute];
  }
  const full = existing === absolute ? real : join(real, absolute.slice(existing === '/' ? 1 : existing.length + 1));
  return full === absolute ? [absolute] : [absolute, full];
}

/** The strings of an argument: a string, or the strings of an array. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string' && item !== '');
  return [];
}

function fileUrlPath(value: string): string | null {
  if (!value.startsWith('file://')) return null;
  try {
    return fileURLToPath(value);
  } catch {
    return null;
  }
}

/** Whether a word names an entry of the folder (F2: `cat notes` touches `./notes` when it exists). */
function namesEntry(word: string, cwd: string): boolean {
  if (word === '' || word === '.' || word === '..') return word !== '';
  // No exception for a missing entry (most words are none): see resolvedPaths.
  return lstatSync(join(cwd, word), { throwIfNoEntry: false }) !== undefined;
}

/** The words of a shell call that are paths (F2): those holding `/`, those naming an entry of the cwd. */
function shellPathWords(words: readonly string[], cwd: string): string[] {
  const found: string[] = [];
  for (const word of words) {
    if (word.includes('/') || namesEntry(word, cwd)) found.push(word);
    // `--file=/etc/passwd`, `if=./disk.img`: the value after `=` is a path too.
    const equals = word.indexOf('=');
    if (equals > 0) {
      const value = word.slice(equals + 1);
      if (value.includes('/') || (value !== '' && namesEntry(value, cwd))) found.push(value);
    }
  }
  return found;
}

/** A shell call's command: a script, or an argv; `["bash", "-lc", "<script>"]` is its script. */
function shellCommandOf(input: Readonly<Record<string, unknown>>): string | readonly string[] | null {
  const command = firstField(input, SHELL_TOOL_INPUT.command);
  if (typeof command === 'string') return command;
  if (Array.isArray(command) && command.every((word) => typeof word === 'string')) {
    const words = command as string[];
    if (words.length === 3 && /(^|\/)(ba|z|da)?sh$/.test(words[0] as string) && /^-l?c$/.test(words[1] as string))
      return words[2] as string;
    return words;
  }
  return null;
}

/**
 * SPEC F2: the absolute paths a call touches. Built-in tools and the agents' own by their
 * tables; `apply_patch` every file of its patch (moves included); a shell tool's words holding
 * `/` or naming an entry of the cwd, and its redirection targets; any other tool (or a proxied
 * one) its path-like arguments by name. A shell command Cosh cannot split touches every path
 * (`unknown: true`). Never throws.
 *
 * @example
 * await touchedPaths({ toolName: 'fs_write', toolInput: { path: '.env' } }, { cwd: '/repo', home: '/home/me' });
 * // { paths: ['/repo/.env'], folders: [], unknown: false, commands: null, reason: null }
 */
export async function touchedPaths(call: TouchedPathsCall, options: TouchedPathsOptions): Promise<TouchedPathsResult> {
  const { toolName, toolInput } = call;
  let cwd = options.cwd;
  const written: string[] = [];
  const folders: string[] = [];
  let commands: (readonly string[])[] | null = null;
  let unknown = false;
  let reason: string | null = null;

  const table = call.mcpServer == null ? TOOL_PATH_FIELDS[toolName] : undefined;
  if (call.mcpServer == null && SHELL_TOOLS.has(toolName)) {
    const folder = firstField(toolInput, SHELL_TOOL_INPUT.folder);
    if (typeof folder === 'string' && folder !== '') cwd = resolve(cwd, folder);
    const command = shellCommandOf(toolInput);
    if (typeof command === 'string') {
      const split = await splitShellCommand(command, options.home);
      if (split.certain) {
        commands = split.commands.map((words) => [...words]);
        for (const words of split.commands) written.push(...shellPathWords(words, cwd));
        written.push(...shellPathWords(split.assignments, cwd), ...split.redirections);
      } else {
        unknown = true;
        reason = split.reason;
        commands = [];
      }
    } else if (command !== null) {
      commands = [[...command]];
      written.push(...shellPathWords(command, cwd));
    }
  } else if (call.mcpServer == null && PATCH_TOOLS.has(toolName)) {
    const patch = firstField(toolInput, PATCH_TOOL_INPUT.patch, (value) => typeof value === 'string');
    const operations = typeof patch === 'string' ? parseApplyPatch(patch) : null;
    for (const operation of operations ?? []) {
      written.push(operation.path);
      if (operation.movedTo !== null) written.push(operation.movedTo);
    }
    for (const field of PATCH_TOOL_INPUT.paths) written.push(...stringsOf(toolInput[field]));
    if (typeof patch === 'string' && operations === null) {
      unknown = true;
      reason = `the patch does not read as ${PATCH_TOOL_INPUT.format}`;
    }
  } else {
    if (table !== undefined) {
      for (const field of table.fields) {
        const paths = stringsOf(toolInput[field]);
        written.push(...paths);
        if (table.folder === true) folders.push(...paths);
      }
      if (table.folder === true && written.length === 0) {
        written.push('.');
        folders.push('.');
      }
    }
    // Every tool's path-like arguments too: a proxied server's `write_file {path}` arrives under a
    // name an agent's own tool may also have (with its path in `file_path`) when the proxy was
    // given no `--name`, and a guard must see both (reading more arguments only ever selects more).
    for (const name of MCP_PATH_ARGUMENTS)
      if (table?.fields.includes(name) !== true) written.push(...stringsOf(toolInput[name]));
    for (const name of MCP_URI_ARGUMENTS) {
      for (const value of stringsOf(toolInput[name])) {
        const path = fileUrlPath(value);
        if (path !== null) written.push(path);
      }
    }
  }

  const paths: string[] = [];
  const folderPaths: string[] = [];
  const seen = new Set<string>();
  for (const path of written) {
    const isFolder = folders.includes(path);
    for (const absolute of resolvedPaths(isAbsolute(path) ? path : path, cwd)) {
      if (isFolder) folderPaths.push(absolute);
      if (seen.has(absolute)) continue;
      seen.add(absolute);
      paths.push(absolute);
    }
  }
  return { paths, folders: folderPaths, unknown, commands, reason };
}
