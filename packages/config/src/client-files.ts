// SPEC B13: what a client runs to reach Cosh is protected as Cosh's installation is. The clients'
// settings files hold the bridge's entry (rewrite one and the bridge is gone, or runs the agent's
// program); the command they name may be a link in the working tree (`node_modules/.bin/cosh`).
// Both join `protectedPaths`' one list, so B2 (sandbox), S6 (tools) and B8 (bridges) keep them.
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { AGENT_NAMES, AGENTS, type AgentSettingsFiles } from '@cosh/spec';

/** One of a client's settings files, and what it is (B8's reason names it). */
export interface ClientFile {
  readonly path: string;
  readonly what: string;
}

/**
 * The clients' settings files that can hold a bridge entry or weaken its fence, for a working
 * tree: each agent's files (`AGENTS[agent].settingsFiles` of @cosh/spec) in its user folder (under
 * the home, or the folder its variable names when absolute) and, in each of `projectFolders`, in
 * its project folder. Paths only: whether they exist is not asked.
 */
export function clientSettingsFiles(
  env: NodeJS.ProcessEnv,
  home: string | null,
  projectFolders: readonly string[],
): ClientFile[] {
  const files: ClientFile[] = [];
  // The files in the home first, then those a variable may move elsewhere: the order the fence's
  // lists were always written in.
  const homeFirst = [...AGENT_NAMES].sort(
    (a, b) =>
      Number(AGENTS[a].settingsFiles.userFolderVariable !== null) -
      Number(AGENTS[b].settingsFiles.userFolderVariable !== null),
  );
  for (const agent of homeFirst) {
    const settings = AGENTS[agent].settingsFiles;
    const folder = userFolderOf(settings, env, home);
    if (folder === null) continue;
    for (const file of settings.files)
      if (!('projectOnly' in file)) files.push({ path: join(folder, file.name), what: file.what });
  }
  for (const folder of new Set(projectFolders.map((each) => resolve(each)))) {
    for (const agent of AGENT_NAMES) {
      const settings = AGENTS[agent].settingsFiles;
      for (const file of settings.files)
        files.push({ path: join(folder, settings.projectFolder, file.name), what: file.what });
    }
  }
  return files;
}

/** An agent's user folder: its variable's folder when absolute, else under `home` (`null`: no home). */
function userFolderOf(settings: AgentSettingsFiles, env: NodeJS.ProcessEnv, home: string | null): string | null {
  const moved = settings.userFolderVariable === null ? undefined : env[settings.userFolderVariable];
  if (moved !== undefined && isAbsolute(moved)) return moved;
  return home === null ? null : join(home, settings.userFolder.replace(/^~\//, ''));
}

/**
 * The folders whose client settings count for a call in `cwd`: `cwd` itself and the root of the
 * repository around it (the nearest folder above with a `.git`), where the clients look for a
 * project's settings.
 */
export function clientProjectFolders(cwd: string): string[] {
  const start = resolve(cwd);
  for (let folder = start; ; folder = dirname(folder)) {
    if (exists(join(folder, '.git'))) return folder === start ? [start] : [start, folder];
    if (dirname(folder) === folder) return [start];
  }
}

/** A hook command that runs a bridge: one of the agents' bridge commands (`claude-hook`, …) as a word. */
const BRIDGE_COMMAND = new RegExp(
  `\\b(${[...new Set(AGENT_NAMES.map((agent) => AGENTS[agent].bridgeCommand.split(' ')[0]))].join('|')})\\b`,
);

/**
 * The programs the bridge entries of `files` (those that exist and parse) run: the first word of
 * each hook command that calls a bridge command (the word after `node`, when the
 * command starts `node <script>`), when it is a path of an existing file. A relative word is
 * taken against the folder that holds the settings file's folder (the project).
 */
export function bridgeEntryPoints(files: readonly ClientFile[]): string[] {
  const found = new Set<string>();
  for (const file of files) {
    if (!file.path.endsWith('.json')) continue;
    const text = readSmallFile(file.path);
    if (text === null) continue;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      continue;
    }
    for (const command of hookCommands(data)) {
      if (!BRIDGE_COMMAND.test(command)) continue;
      const program = programOf(command);
      if (program === null) continue;
      const path = isAbsolute(program) ? program : resolve(dirname(dirname(file.path)), program);
      if (isFile(path)) found.add(path);
    }
  }
  return [...found];
}

/** Every `command` string under `hooks` of a client's settings (each agent's shape: any depth below `hooks`). */
function hookCommands(data: unknown): string[] {
  if (!isRecord(data) || !isRecord(data['hooks'])) return [];
  const commands: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6) return;
    if (Array.isArray(value)) for (const each of value) visit(each, depth + 1);
    else if (isRecord(value)) {
      if (typeof value['command'] === 'string') commands.push(value['command']);
      for (const each of Object.values(value)) if (typeof each === 'object') visit(each, depth + 1);
    }
  };
  visit(data['hooks'], 0);
  return commands;
}

/** The program a shell command line starts (its first word, unquoted), or the script after `node`. */
function programOf(command: string): string | null {
  const words = [...command.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'"|&;]+)/g)]
    .slice(0, 2)
    .map((match) => match[1] ?? (match[2] === undefined ? match[3] : match[2].replace(/\\(.)/g, '$1')) ?? '');
  const [first, second] = words;
  if (first === undefined) return null;
  if (/(^|\/)node$/.test(first) && second !== undefined) return second;
  return first;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function readSmallFile(path: string): string | null {
  try {
    const stat = statSync(path);
    if (!stat.isFile() || stat.size > 1024 * 1024) return null;
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
