// Where an agent's settings files are on this machine, from its entry of `AGENTS`
// (`settingsFiles`): its user folder (which its variable may move) and its folder in a project
// (SPEC X, B9, B13).
import { isAbsolute, join } from 'node:path';
import { AGENTS, type AgentName } from '@cosh/spec';
import { homeOf } from '../client-fence/fence-targets.ts';

/** Whose settings: the user's (every project) or one project's. */
export type SettingsScope = 'user' | 'project';

/** The agent's user folder: its variable's folder when set to an absolute path, else under the home. */
export function agentUserFolder(agent: AgentName, env: NodeJS.ProcessEnv): string {
  const { userFolder, userFolderVariable } = AGENTS[agent].settingsFiles;
  const moved = userFolderVariable === null ? undefined : env[userFolderVariable];
  if (moved !== undefined && isAbsolute(moved)) return moved;
  return join(homeOf(env), userFolder.replace(/^~\//, ''));
}

/** The agent's file `name` of `scope`: in its user folder, or in its folder of the project `cwd`. */
export function agentSettingsFile(
  agent: AgentName,
  name: string,
  scope: SettingsScope,
  env: NodeJS.ProcessEnv,
  cwd: string,
): string {
  return scope === 'user'
    ? join(agentUserFolder(agent, env), name)
    : join(cwd, AGENTS[agent].settingsFiles.projectFolder, name);
}

/** The file `cosh connect` writes the agent's bridge into, for `scope`. */
export function agentHooksFile(agent: AgentName, scope: SettingsScope, env: NodeJS.ProcessEnv, cwd: string): string {
  return agentSettingsFile(agent, AGENTS[agent].settingsFiles.hooks, scope, env, cwd);
}
