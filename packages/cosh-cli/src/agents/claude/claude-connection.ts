// Claude Code's wiring and fence (SPEC X, B9, B10): its shell and file tools are fenced by the
// sandbox block and `permissions.deny` merged into the very settings file that holds its hooks
// (claude-fence.ts); its managed settings, which no repository overrides, come with `--managed`.
// Its sandbox keeps `.git/hooks`, `.git/config` and its own settings read-only itself
// (shared/FENCES.md): the fence's own list leaves them out (client-fence/fence-targets.ts).
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { AGENTS } from '@cosh/spec';
import type { CliContext } from '../../cli-context.ts';
import type { FenceJudgement } from '../../client-fence/fence-judgement.ts';
import { fenceTargets, homeOf, installationFolderOf } from '../../client-fence/fence-targets.ts';
import { jsonLayer } from '../../client-fence/settings-layer.ts';
import type { AgentConnection, FenceRequest, SettingsFencePlan } from '../agent-connection.ts';
import { agentSettingsFile, type SettingsScope } from '../agent-settings-files.ts';
import {
  type ClaudeLayer,
  checkClaudeShapes,
  claudeFenceWanted,
  judgeClaudeFence,
  planClaudeFence,
} from './claude-fence.ts';

/** Claude Code's managed settings (a repository cannot override them). */
const MANAGED_SETTINGS = AGENTS.claude.settingsFiles.managed;

/** Claude's user settings file, where its fence is written. */
function userSettingsFile(env: NodeJS.ProcessEnv): string {
  return agentSettingsFile('claude', 'settings.json', 'user', env, '');
}

/** The paths Claude's fence must cover for a user-level connect (B9, B13). */
function claudeUserFenceWanted(env: NodeJS.ProcessEnv, cwd: string) {
  const targets = fenceTargets({
    env,
    cwd,
    installationFolder: installationFolderOf(),
    clientFiles: [userSettingsFile(env)],
  }).filter((target) => !target.path.startsWith(join(cwd, '.cosh')));
  return claudeFenceWanted(targets, homeOf(env));
}

/** The settings files Claude reads for `project`, the strongest first. */
function layerFiles(env: NodeJS.ProcessEnv, project: string): [string, string, string, string] {
  return [
    MANAGED_SETTINGS,
    join(project, '.claude', 'settings.local.json'),
    join(project, '.claude', 'settings.json'),
    userSettingsFile(env),
  ];
}

/** Claude's fence on every layer it reads, taken together as Claude takes them. */
function checkFence(env: NodeJS.ProcessEnv, project: string): FenceJudgement {
  const problems: string[] = [];
  const [managed, local, projectFile, user] = layerFiles(env, project);
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
  const judgement = judgeClaudeFence(layers, claudeUserFenceWanted(env, project));
  return problems.length === 0 ? judgement : { fenced: false, reasons: [...problems, ...judgement.reasons] };
}

/** The fence for Claude's settings file `file` of `scope` (B9), merged without weakening. */
function planSettingsFence(
  context: CliContext,
  value: Record<string, unknown>,
  file: string,
  scope: SettingsScope,
  request: FenceRequest,
): SettingsFencePlan {
  const env = context.env;
  const wanted =
    scope === 'project'
      ? claudeFenceWanted(
          fenceTargets({
            env,
            cwd: context.cwd,
            installationFolder: installationFolderOf(),
            clientFiles: [file, join(context.cwd, '.claude', 'settings.local.json'), userSettingsFile(env)],
          }),
          homeOf(env),
        )
      : claudeUserFenceWanted(env, context.cwd);
  const withManaged = request.managed
    ? {
        denyWrite: [...wanted.denyWrite, MANAGED_SETTINGS],
        denyEdit: [...wanted.denyEdit, `Edit(/${MANAGED_SETTINGS})`],
      }
    : wanted;
  const plan = planClaudeFence(value, withManaged, request.fence);
  return {
    ...plan,
    done: `Fenced Claude Code's shell and file tools in ${file}: "sandbox" and "permissions"."deny".`,
  };
}

/** True when `name` is an executable file in a folder of `PATH`. */
function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
  for (const folder of (env['PATH'] ?? '').split(':')) {
    if (folder === '') continue;
    try {
      accessSync(join(folder, name), constants.X_OK);
      return true;
    } catch {
      // Not in this folder.
    }
  }
  return false;
}

/** Claude Code's sandbox needs bwrap and socat: a missing one is named with its package. */
function fenceNeeds(context: CliContext): string[] {
  const absent = ['bwrap', 'socat'].filter((name) => !onPath(name, context.env));
  if (absent.length === 0) return [];
  return [
    `Claude Code's sandbox needs bwrap and socat on PATH: ${absent.join(' and ')} ${absent.length === 1 ? 'is' : 'are'} missing (install ${absent.map((name) => (name === 'bwrap' ? 'bubblewrap' : name)).join(' and ')}); with "failIfUnavailable": true Claude Code refuses to start without them.`,
  ];
}

/** Claude Code (X, B9). */
export const claudeConnection: AgentConnection = {
  todo: [
    'Claude Code reads its settings when a session starts: start a new session (or review the hook with /hooks).',
    'Remove any Claude Code hook you also imported into setup.json (cosh hooks import): bridged and imported, it runs twice.',
  ],
  handlerFields: {},
  fenceLayerFiles: (env, project) => layerFiles(env, project),
  fenceVariables: [],
  checkFence,
  checkAdvice: '  Run: cosh connect claude --fence',
  reportAdvice: '  cosh connect claude --fence replaces what weakens it in your user settings.',
  fenceNeeds,
  checkSettings: checkClaudeShapes,
  planSettingsFence,
  configFence: null,
  fenceRefusal: null,
};
