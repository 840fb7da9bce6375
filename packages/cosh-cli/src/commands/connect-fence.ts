// `cosh connect`'s fence (SPEC B9) and the way it writes an agent's JSON settings (X, fourth
// round: the file's own indentation, two spaces when new, one key per line).
import { accessSync, constants, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { editJsonText, type JsonTextEdit, locateJsonPath, readJsonText } from '@cosh/config';
import type { CliContext } from '../cli-context.ts';
import { ExitError } from '../cli-errors.ts';
import {
  type ClaudeFencePlan,
  claudeFenceWanted,
  FenceInputError,
  planClaudeFence,
} from '../client-fence/claude-fence.ts';
import {
  CLAUDE_MANAGED_SETTINGS,
  checkClientFence,
  claudeUserFenceWanted,
  type FenceAgent,
  userSettingsFile,
} from '../client-fence/client-fence-check.ts';
import { planCodexFence, readCodexToml } from '../client-fence/codex-fence.ts';
import { fenceTargets, homeOf, installationFolderOf } from '../client-fence/fence-targets.ts';

/**
 * `text` with `edits` applied, ending with a line break. A new (or empty) file, and a file that
 * is JSON on one line, is laid out with two spaces, one key per line; any other keeps its own
 * indentation and comments (C8's way), and a top-level object written on one line that an edit
 * changes is written out whole, one key per line, instead of half inline.
 */
export function settingsText(text: string, edits: readonly JsonTextEdit[]): string {
  const oneLine = text.trim() === '' || !/[\r\n]/.test(text.trim());
  if (oneLine) {
    try {
      return `${JSON.stringify(JSON.parse(editJsonText(text, edits)), null, 2)}\n`;
    } catch {
      // Comments or trailing commas: edited as they are.
    }
  }
  const inline = new Set<string>();
  for (const edit of edits) {
    const key = edit.path[0];
    if (typeof key === 'string' && edit.path.length > 1 && writtenOnOneLine(text, key)) inline.add(key);
  }
  let next: string;
  if (inline.size === 0) {
    next = editJsonText(text, edits);
  } else {
    const merged = readJsonText(editJsonText(text, edits), 'settings');
    const value = merged.ok && isRecord(merged.value) ? merged.value : {};
    next = editJsonText(text, [
      ...edits.filter((edit) => !inline.has(String(edit.path[0]))),
      ...[...inline].map((key) => ({ path: [key], value: value[key] })),
    ]);
  }
  return next.endsWith('\n') ? next : `${next}\n`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when the object or list at the top-level `key` opens and closes on one line. */
function writtenOnOneLine(text: string, key: string): boolean {
  const start = locateJsonPath(text, [key]);
  if (start === undefined) return false;
  const lines = text.split('\n');
  const rest = (lines[start.line - 1] ?? '').slice(start.column - 1);
  if (rest[0] !== '{' && rest[0] !== '[') return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < rest.length; index += 1) {
    const character = rest[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '{' || character === '[') depth += 1;
    else if (character === '}' || character === ']') {
      depth -= 1;
      if (depth === 0) return true;
    }
  }
  return false;
}

/** The fence for Claude's settings file `file` of `scope` (B9), merged without weakening. */
export function planClaudeSettingsFence(
  context: CliContext,
  value: Record<string, unknown>,
  file: string,
  scope: 'user' | 'project',
  options: { readonly fence?: boolean; readonly managed?: boolean },
): ClaudeFencePlan {
  const env = context.env;
  const wanted =
    scope === 'project'
      ? claudeFenceWanted(
          fenceTargets({
            env,
            cwd: context.cwd,
            installationFolder: installationFolderOf(),
            clientFiles: [file, join(context.cwd, '.claude', 'settings.local.json'), userSettingsFile('claude', env)],
          }),
          homeOf(env),
        )
      : claudeUserFenceWanted(env, context.cwd);
  const withManaged =
    options.managed === true
      ? {
          denyWrite: [...wanted.denyWrite, CLAUDE_MANAGED_SETTINGS],
          denyEdit: [...wanted.denyEdit, `Edit(/${CLAUDE_MANAGED_SETTINGS})`],
        }
      : wanted;
  return planClaudeFence(value, withManaged, options.fence === true);
}

/** What `connect codex --fence` writes into Codex's user config.toml. */
export interface CodexConfigFence {
  readonly file: string;
  readonly text: string | null;
  readonly removedLines: readonly string[];
  readonly replacedDefaultPermissions: string | null | undefined;
}

/** Codex's permission profile in its user config.toml (B9); a file that is not TOML stops it. */
export function planCodexConfigFence(env: NodeJS.ProcessEnv): CodexConfigFence {
  const file = userSettingsFile('codex', env);
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new ExitError(1, `cosh connect: cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    const value = readCodexToml(text, file);
    const plan = planCodexFence(text, value, file);
    return { file, ...plan };
  } catch (error) {
    if (error instanceof FenceInputError) throw new ExitError(1, `cosh connect: ${error.message}`);
    throw error;
  }
}

/** True when `name` is an executable file in a folder of `PATH`. */
export function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
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

/** What `connect` says of the fence after writing: kept weak settings, missing programs, the verdict on every layer. */
export function reportFence(context: CliContext, agent: FenceAgent, kept: readonly string[]): void {
  const out = context.out;
  out.line('');
  for (const line of kept) out.line(`Kept: ${line}.`);
  if (agent === 'claude') {
    const absent = ['bwrap', 'socat'].filter((name) => !onPath(name, context.env));
    if (absent.length > 0)
      out.line(
        `Claude Code's sandbox needs bwrap and socat on PATH: ${absent.join(' and ')} ${absent.length === 1 ? 'is' : 'are'} missing (install ${absent.map((name) => (name === 'bwrap' ? 'bubblewrap' : name)).join(' and ')}); with "failIfUnavailable": true Claude Code refuses to start without them.`,
      );
  }
  const fence = checkClientFence(agent, context.env, context.cwd);
  if (fence.fenced) {
    out.line(`The agent's shell is fenced here (SPEC B9): it cannot change Cosh's files.`);
    return;
  }
  out.line(`The agent's shell is NOT fenced here (SPEC B9): it can change your guards.`);
  for (const reason of fence.reasons) out.line(`  - ${reason}`);
  if (agent === 'gemini')
    out.line(
      '  Gemini CLI runs its shell in a sandbox only with its own "tools"."sandbox" (a container image, or sandbox-exec on macOS).',
    );
  else out.line(`  cosh connect ${agent} --fence replaces what weakens it in your user settings.`);
}
