// SPEC B9 for Gemini CLI: its shell is fenced only by its own `tools.sandbox` (a container image,
// or sandbox-exec on macOS; no bubblewrap option). `cosh connect gemini` reports whether it is set.
import type { FenceJudgement } from '../../client-fence/fence-judgement.ts';

/** One Gemini settings file (user or project), parsed; `undefined` when absent. */
export interface GeminiLayer {
  readonly scope: 'user' | 'project';
  readonly file: string;
  readonly value: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function sandboxSetting(value: unknown): unknown {
  if (!isRecord(value)) return undefined;
  const tools = value['tools'];
  return isRecord(tools) ? tools['sandbox'] : undefined;
}

function isOn(setting: unknown): boolean {
  if (setting === true) return true;
  return typeof setting === 'string' && setting !== '' && !['false', '0'].includes(setting.toLowerCase());
}

/**
 * Whether Gemini CLI runs its shell in its sandbox: `GEMINI_SANDBOX` in its environment, else
 * `tools.sandbox` of the project settings, else of the user's.
 */
export function judgeGeminiFence(layers: readonly GeminiLayer[], env: NodeJS.ProcessEnv): FenceJudgement {
  const fromEnv = env['GEMINI_SANDBOX'];
  if (fromEnv !== undefined && fromEnv !== '') {
    return isOn(fromEnv)
      ? { fenced: true, reasons: [] }
      : { fenced: false, reasons: [`GEMINI_SANDBOX=${fromEnv} turns Gemini CLI's sandbox off`] };
  }
  const ordered = [...layers].sort((a, b) => (a.scope === b.scope ? 0 : a.scope === 'project' ? -1 : 1));
  const deciding = ordered.find((layer) => sandboxSetting(layer.value) !== undefined);
  if (deciding !== undefined && isOn(sandboxSetting(deciding.value))) return { fenced: true, reasons: [] };
  return {
    fenced: false,
    reasons: [
      deciding === undefined
        ? 'no settings file sets "tools"."sandbox": Gemini CLI can only be fenced by its own sandbox (a container image, or sandbox-exec on macOS), which Cosh cannot set up'
        : `${deciding.file} sets "tools"."sandbox": ${JSON.stringify(sandboxSetting(deciding.value))}`,
    ],
  };
}
