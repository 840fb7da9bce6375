// SPEC B13: what a client runs to reach Cosh is protected as Cosh's installation is. The clients'
// settings files hold the bridge's entry (rewrite one and the bridge is gone, or runs the agent's
// program); the command they name may be a link in the working tree (`node_modules/.bin/cosh`).
// Both join `protectedPaths`' one list, so B2 (sandbox), S6 (tools) and B8 (bridges) keep them.
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** One of a client's settings files, and what it is (B8's reason names it). */
export interface ClientFile {
  readonly path: string;
  readonly what: string;
}

/**
 * The clients' settings files that can hold a bridge entry, for a working tree: the user's
 * (`~/.claude/settings.json`, Codex's `hooks.json` and `config.toml` in `$CODEX_HOME` or
 * `~/.codex`, `~/.gemini/settings.json`) and, in each of `projectFolders`, `.claude/settings.json`,
 * `.claude/settings.local.json`, `.codex/hooks.json`, `.codex/config.toml`,
 * `.gemini/settings.json`. Paths only: whether they exist is not asked.
 */
export function clientSettingsFiles(
  env: NodeJS.ProcessEnv,
  home: string | null,
  projectFolders: readonly string[],
): ClientFile[] {
  const files: ClientFile[] = [];
  if (home !== null) {
    files.push({ path: join(home, '.claude', 'settings.json'), what: "Claude Code's settings" });
    files.push({ path: join(home, '.gemini', 'settings.json'), what: "Gemini CLI's settings" });
  }
  const codexHomeValue = env['CODEX_HOME'];
  const codexHome =
    codexHomeValue !== undefined && isAbsolute(codexHomeValue)
      ? codexHomeValue
      : home === null
        ? null
        : join(home, '.codex');
  if (codexHome !== null) {
    files.push({ path: join(codexHome, 'hooks.json'), what: "Codex's hooks" });
    files.push({ path: join(codexHome, 'config.toml'), what: "Codex's settings" });
  }
  for (const folder of new Set(projectFolders.map((each) => resolve(each)))) {
    files.push({ path: join(folder, '.claude', 'settings.json'), what: "Claude Code's settings" });
    files.push({ path: join(folder, '.claude', 'settings.local.json'), what: "Claude Code's settings" });
    files.push({ path: join(folder, '.codex', 'hooks.json'), what: "Codex's hooks" });
    files.push({ path: join(folder, '.codex', 'config.toml'), what: "Codex's settings" });
    files.push({ path: join(folder, '.gemini', 'settings.json'), what: "Gemini CLI's settings" });
  }
  return files;
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

/**
 * The programs the bridge entries of `files` (those that exist and parse) run: the first word of
 * each hook command that calls `claude-hook` or `gemini-hook` (the word after `node`, when the
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
      if (!/\b(claude-hook|gemini-hook)\b/.test(command)) continue;
      const program = programOf(command);
      if (program === null) continue;
      const path = isAbsolute(program) ? program : resolve(dirname(dirname(file.path)), program);
      if (isFile(path)) found.add(path);
    }
  }
  return [...found];
}

/** Every `command` string under `hooks` of a client's settings (Claude's, Codex's and Gemini's shape). */
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
