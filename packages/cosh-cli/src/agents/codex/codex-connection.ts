// Codex CLI's wiring and fence (SPEC X, B9, B10): its hooks in hooks.json, its shell fenced by a
// permission profile in its user config.toml (codex-fence.ts), which `connect --fence` writes and
// `disconnect` takes out again; a project's config.toml counts only in a project Codex trusts.
// The profile keeps a project's `.git/hooks` and `.git/config` read-only itself (shared/FENCES.md):
// the fence's own list leaves them out (client-fence/fence-targets.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ExitError } from '../../cli-errors.ts';
import { FenceInputError, type FenceJudgement } from '../../client-fence/fence-judgement.ts';
import { readLayerText } from '../../client-fence/settings-layer.ts';
import type { AgentConnection, ConfigFence, ConfigFencePlan } from '../agent-connection.ts';
import { agentSettingsFile } from '../agent-settings-files.ts';
import { codexFenceRestoreOf, mergeCodexFenceRestore } from './codex-fence-restore.ts';
import { type CodexLayer, judgeCodexFence, planCodexFence, readCodexToml, unfenceCodexText } from './codex-fence.ts';

/** Codex's user config.toml, where its fence is written. */
function userConfigFile(env: NodeJS.ProcessEnv): string {
  return agentSettingsFile('codex', 'config.toml', 'user', env, '');
}

/** The `.codex/config.toml` Codex reads for `cwd`: the nearest one up to the repository's root. */
function projectConfigFile(cwd: string): string | null {
  for (let folder = cwd; ; folder = dirname(folder)) {
    const file = join(folder, '.codex', 'config.toml');
    if (existsSync(file)) return file;
    if (existsSync(join(folder, '.git')) || dirname(folder) === folder) return null;
  }
}

/** Whether `codex`'s config.toml trusts `project` (Codex reads a project's config only then). */
function codexTrusts(user: Record<string, unknown> | undefined, projectFile: string): boolean {
  const projects = user?.['projects'];
  if (typeof projects !== 'object' || projects === null) return false;
  const root = dirname(dirname(projectFile));
  const entry = (projects as Record<string, unknown>)[root];
  return typeof entry === 'object' && entry !== null && (entry as Record<string, unknown>)['trust_level'] === 'trusted';
}

function layerFiles(env: NodeJS.ProcessEnv, project: string): string[] {
  const projectFile = projectConfigFile(project);
  return [userConfigFile(env), ...(projectFile === null ? [] : [projectFile])];
}

/** Codex's effective sandbox: the user's config.toml, and a trusted project's over it. */
function checkFence(env: NodeJS.ProcessEnv, project: string): FenceJudgement {
  const problems: string[] = [];
  const [userFile, projectFile] = layerFiles(env, project) as [string, string | undefined];
  const readToml = (file: string): Record<string, unknown> | undefined => {
    const text = readLayerText(file);
    if (text === undefined) return undefined;
    try {
      return readCodexToml(text, file);
    } catch (error) {
      problems.push((error as Error).message);
      return undefined;
    }
  };
  const user = readToml(userFile);
  const layers: CodexLayer[] = [{ scope: 'user', file: userFile, value: user }];
  if (projectFile !== undefined && codexTrusts(user, projectFile))
    layers.push({ scope: 'project', file: projectFile, value: readToml(projectFile) });
  const judgement = judgeCodexFence(layers);
  return problems.length === 0 ? judgement : { fenced: false, reasons: [...problems, ...judgement.reasons] };
}

/** Codex's permission profile in its user config.toml (B9); a file that is not TOML stops it. */
function planConfigFence(env: NodeJS.ProcessEnv): ConfigFencePlan {
  const file = userConfigFile(env);
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new ExitError(1, `cosh connect: cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    const plan = planCodexFence(text, readCodexToml(text, file), file);
    return {
      file,
      text: plan.text,
      restore: (recorded) =>
        mergeCodexFenceRestore(codexFenceRestoreOf(recorded, file), {
          removedLines: plan.removedLines,
          ...(plan.replacedDefaultPermissions === undefined
            ? {}
            : { replacedDefaultPermissions: plan.replacedDefaultPermissions }),
        }),
      done: [
        `Fenced Codex's shell in ${file}: permission profile "cosh".`,
        ...plan.removedLines.map(
          (line) => `  removed ${line} (it would override the profile; cosh disconnect codex puts it back)`,
        ),
      ],
    };
  } catch (error) {
    if (error instanceof FenceInputError) throw new ExitError(1, `cosh connect: ${error.message}`);
    throw error;
  }
}

const configFence: ConfigFence = {
  file: userConfigFile,
  plan: planConfigFence,
  undo: (text, record, file) => unfenceCodexText(text, codexFenceRestoreOf(record, file)),
  undone: (file) => `removed the permission profile "cosh" from ${file}`,
};

/** Codex CLI (X, B9). */
export const codexConnection: AgentConnection = {
  todo: [
    'Codex CLI skips a new hook until you trust it: start codex, open /hooks and trust the cosh hooks. Until then, Codex is NOT guarded.',
    'A project .codex/hooks.json is read only in a project Codex trusts.',
  ],
  handlerFields: {},
  fenceLayerFiles: layerFiles,
  fenceVariables: [],
  checkFence,
  checkAdvice: '  Run: cosh connect codex --fence',
  reportAdvice: '  cosh connect codex --fence replaces what weakens it in your user settings.',
  fenceNeeds: () => [],
  checkSettings: () => {},
  planSettingsFence: () => null,
  configFence,
  fenceRefusal: null,
};
