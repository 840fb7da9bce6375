// Gemini CLI's wiring and fence (SPEC X, B9, B10): its hooks in settings.json, each handler named
// `cosh` (its /hooks panel lists them by name); its shell is fenced only by its own
// `tools.sandbox`, which Cosh cannot set up, so connect reports it and `--fence` is refused.
import { join } from 'node:path';
import type { FenceJudgement } from '../../client-fence/fence-judgement.ts';
import { jsonLayer } from '../../client-fence/settings-layer.ts';
import type { AgentConnection } from '../agent-connection.ts';
import { agentSettingsFile } from '../agent-settings-files.ts';
import { type GeminiLayer, judgeGeminiFence } from './gemini-fence.ts';

function layerFiles(env: NodeJS.ProcessEnv, project: string): [string, string] {
  return [join(project, '.gemini', 'settings.json'), agentSettingsFile('gemini', 'settings.json', 'user', env, '')];
}

/** Gemini's sandbox: `GEMINI_SANDBOX`, else the project's settings, else the user's. */
function checkFence(env: NodeJS.ProcessEnv, project: string): FenceJudgement {
  const [projectFile, userFile] = layerFiles(env, project);
  const layers: GeminiLayer[] = [
    { scope: 'project', file: projectFile, value: jsonLayer(projectFile).value },
    { scope: 'user', file: userFile, value: jsonLayer(userFile).value },
  ];
  return judgeGeminiFence(layers, env);
}

/** Gemini CLI (X, B9). */
export const geminiConnection: AgentConnection = {
  todo: [
    'Gemini CLI reads its settings when it starts: restart it, and check the hooks with /hooks panel.',
    'Project hooks (.gemini/settings.json) run only in a folder Gemini CLI trusts.',
  ],
  handlerFields: { name: 'cosh' },
  fenceLayerFiles: layerFiles,
  fenceVariables: ['GEMINI_SANDBOX'],
  checkFence,
  checkAdvice: null,
  reportAdvice:
    '  Gemini CLI runs its shell in a sandbox only with its own "tools"."sandbox" (a container image, or sandbox-exec on macOS).',
  fenceNeeds: () => [],
  checkSettings: () => {},
  planSettingsFence: () => null,
  configFence: null,
  fenceRefusal:
    'cosh connect gemini --fence: Gemini CLI\'s shell can only be fenced by its own "tools"."sandbox" (a container image, or sandbox-exec on macOS): Cosh wrote the hooks, not a fence',
};
