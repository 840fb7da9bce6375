// SPEC B9, B10: a client's fence judged on every settings layer it reads, from the files on disk:
// what `cosh connect <agent> --check` reports and what each bridge checks at a session's first call.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { readJsonText } from '@cosh/config';
import {
  type ClaudeLayer,
  checkClaudeShapes,
  claudeFenceWanted,
  type FenceJudgement,
  judgeClaudeFence,
} from './claude-fence.ts';
import { type CodexLayer, judgeCodexFence, readCodexToml } from './codex-fence.ts';
import { fenceTargets, homeOf, installationFolderOf } from './fence-targets.ts';
import { type GeminiLayer, judgeGeminiFence } from './gemini-fence.ts';

export type FenceAgent = 'claude' | 'codex' | 'gemini';

/** Claude Code's managed settings (a repository cannot override them). */
export const CLAUDE_MANAGED_SETTINGS = '/etc/claude-code/managed-settings.json';

/** Codex's folder: `$CODEX_HOME` when absolute, else `~/.codex`. */
export function codexHomeOf(env: NodeJS.ProcessEnv): string {
  const codexHome = env['CODEX_HOME'];
  return codexHome !== undefined && isAbsolute(codexHome) ? codexHome : join(homeOf(env), '.codex');
}

/** The file each agent's user settings live in (the one the fence is written to). */
export function userSettingsFile(agent: FenceAgent, env: NodeJS.ProcessEnv): string {
  if (agent === 'claude') return join(homeOf(env), '.claude', 'settings.json');
  if (agent === 'codex') return join(codexHomeOf(env), 'config.toml');
  return join(homeOf(env), '.gemini', 'settings.json');
}

/** The settings files one agent reads for `project` (absent ones included), for the cache key. */
export function fenceLayerFiles(agent: FenceAgent, env: NodeJS.ProcessEnv, project: string): string[] {
  if (agent === 'claude')
    return [
      CLAUDE_MANAGED_SETTINGS,
      join(project, '.claude', 'settings.local.json'),
      join(project, '.claude', 'settings.json'),
      userSettingsFile('claude', env),
    ];
  if (agent === 'codex') {
    const projectFile = codexProjectFile(project);
    return [userSettingsFile('codex', env), ...(projectFile === null ? [] : [projectFile])];
  }
  return [join(project, '.gemini', 'settings.json'), userSettingsFile('gemini', env)];
}

/** The `.codex/config.toml` Codex reads for `cwd`: the nearest one up to the repository's root. */
function codexProjectFile(cwd: string): string | null {
  for (let folder = cwd; ; folder = dirname(folder)) {
    const file = join(folder, '.codex', 'config.toml');
    if (existsSync(file)) return file;
    if (existsSync(join(folder, '.git')) || dirname(folder) === folder) return null;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A JSON settings layer: its value, or a reason it does not count. */
function jsonLayer(
  file: string,
  shapes?: (text: string, value: unknown) => void,
): { value: unknown; problem?: string } {
  const text = readText(file);
  if (text === undefined) return { value: undefined };
  const read = readJsonText(text, file);
  if (!read.ok) return { value: undefined, problem: `${read.problem}: the agent cannot read its settings` };
  try {
    shapes?.(text, read.value);
  } catch (error) {
    return { value: undefined, problem: (error as Error).message };
  }
  return { value: read.value };
}

/** The paths Claude's fence must cover for a user-level connect (B9, B13). */
export function claudeUserFenceWanted(env: NodeJS.ProcessEnv, cwd: string) {
  const targets = fenceTargets({
    env,
    cwd,
    installationFolder: installationFolderOf(),
    clientFiles: [userSettingsFile('claude', env)],
  }).filter((target) => !target.path.startsWith(join(cwd, '.cosh')));
  return claudeFenceWanted(targets, homeOf(env));
}

/** Whether `codex`'s config.toml trusts `project` (Codex reads a project's config only then). */
function codexTrusts(user: Record<string, unknown> | undefined, projectFile: string): boolean {
  const projects = user?.['projects'];
  if (typeof projects !== 'object' || projects === null) return false;
  const root = dirname(dirname(projectFile));
  const entry = (projects as Record<string, unknown>)[root];
  return typeof entry === 'object' && entry !== null && (entry as Record<string, unknown>)['trust_level'] === 'trusted';
}

/**
 * `agent`'s fence in `project` (SPEC B9): every layer it reads, judged together. A layer that
 * cannot be read is a reason, not a guess.
 */
export function checkClientFence(agent: FenceAgent, env: NodeJS.ProcessEnv, project: string): FenceJudgement {
  const problems: string[] = [];
  let judgement: FenceJudgement;
  if (agent === 'claude') {
    const [managed, local, projectFile, user] = fenceLayerFiles('claude', env, project) as [
      string,
      string,
      string,
      string,
    ];
    const layers: ClaudeLayer[] = (
      [
        ['managed', managed],
        ['local', local],
        ['project', projectFile],
        ['user', user],
      ] as const
    ).map(([scope, file]) => {
      const read = jsonLayer(file, (text, value) => checkClaudeShapes(text, file, value));
      if (read.problem !== undefined) problems.push(read.problem);
      return { scope, file, value: read.value };
    });
    judgement = judgeClaudeFence(layers, claudeUserFenceWanted(env, project));
  } else if (agent === 'codex') {
    const [userFile, projectFile] = fenceLayerFiles('codex', env, project);
    const layers: CodexLayer[] = [];
    const readToml = (file: string): Record<string, unknown> | undefined => {
      const text = readText(file);
      if (text === undefined) return undefined;
      try {
        return readCodexToml(text, file);
      } catch (error) {
        problems.push((error as Error).message);
        return undefined;
      }
    };
    const user = readToml(userFile as string);
    layers.push({ scope: 'user', file: userFile as string, value: user });
    if (projectFile !== undefined && codexTrusts(user, projectFile))
      layers.push({ scope: 'project', file: projectFile, value: readToml(projectFile) });
    judgement = judgeCodexFence(layers);
  } else {
    const [projectFile, userFile] = fenceLayerFiles('gemini', env, project) as [string, string];
    const layers: GeminiLayer[] = [
      { scope: 'project', file: projectFile, value: jsonLayer(projectFile).value },
      { scope: 'user', file: userFile, value: jsonLayer(userFile).value },
    ];
    judgement = judgeGeminiFence(layers, env);
  }
  if (problems.length === 0) return judgement;
  return { fenced: false, reasons: [...problems, ...judgement.reasons] };
}

/** The files' sizes and modification times: the fence cache's key (B10). */
export function layerStamp(files: readonly string[]): string {
  return files
    .map((file) => {
      try {
        const stat = statSync(file);
        return `${file}:${stat.size}:${stat.mtimeMs}`;
      } catch {
        return `${file}:-`;
      }
    })
    .join('\n');
}
