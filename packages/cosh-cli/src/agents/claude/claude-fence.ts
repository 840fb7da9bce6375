// SPEC B9 for Claude Code, on plain data: the sandbox block and `permissions.deny` rules that
// fence Claude's own Bash and file tools (shared/FENCES.md, measured with the real agent), how
// they merge into a settings file without weakening it, and whether a client's layers, taken
// together as Claude takes them, leave its shell fenced.
import { type JsonTextEdit, locateJsonPath } from '@cosh/config';
import type { JsonFenceChange } from '../../client-fence/fence-record.ts';
import type { SettingsFencePlan } from '../agent-connection.ts';
import type { FenceTarget } from '../../client-fence/fence-targets.ts';
import { FenceInputError, type FenceJudgement } from '../../client-fence/fence-judgement.ts';

/** What the fence wants in Claude's settings: `sandbox.filesystem.denyWrite` and `permissions.deny`. */
export interface ClaudeFenceWanted {
  readonly denyWrite: readonly string[];
  readonly denyEdit: readonly string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `path` as Claude's sandbox paths take it: `~/…` under the home folder, else absolute. */
export function claudeSandboxPath(path: string, home: string): string {
  return path.startsWith(`${home}/`) ? `~/${path.slice(home.length + 1)}` : path;
}

/**
 * The `Edit(...)` rule for one target (FENCES.md: `Edit(//abs/**)` or `Edit(~/x/**)`; a single
 * leading slash is relative to the settings file and would not match).
 */
export function claudeEditRule(target: FenceTarget, home: string): string {
  const spelled = target.path.startsWith(`${home}/`) ? `~/${target.path.slice(home.length + 1)}` : `/${target.path}`;
  return `Edit(${spelled}${target.kind === 'folder' ? '/**' : ''})`;
}

/** The fence for `targets` (absolute paths). */
export function claudeFenceWanted(targets: readonly FenceTarget[], home: string): ClaudeFenceWanted {
  return {
    denyWrite: [...new Set(targets.map((target) => claudeSandboxPath(target.path, home)))],
    denyEdit: [...new Set(targets.map((target) => claudeEditRule(target, home)))],
  };
}

/** The sandbox switches the fence sets, in the order written (FENCES.md). */
const SWITCHES = [
  ['enabled', true],
  ['failIfUnavailable', true],
  ['autoAllowBashIfSandboxed', true],
  ['allowUnsandboxedCommands', false],
] as const;

/** A switch whose other value does not weaken the fence: `autoAllowBashIfSandboxed: false` only asks more. */
const KEPT_AS_WRITTEN = new Set(['autoAllowBashIfSandboxed']);

function where(text: string, file: string, path: readonly (string | number)[]): string {
  const position = locateJsonPath(text, [...path]);
  return position === undefined ? file : `${file}:${position.line}:${position.column}`;
}

/**
 * Checks the shapes the fence reads and writes; a wrong one is a {@link FenceInputError} naming
 * the file, line and column.
 */
export function checkClaudeShapes(text: string, file: string, value: unknown): void {
  if (!isRecord(value)) throw new FenceInputError(`${file}:1:1: the settings are not a JSON object`);
  const wrong = (path: readonly (string | number)[], expected: string): never => {
    throw new FenceInputError(
      `${where(text, file, path)}: "${path.join('.')}" is not ${expected}: fix it by hand (cosh changes nothing)`,
    );
  };
  const sandbox = value['sandbox'];
  if (sandbox !== undefined) {
    if (!isRecord(sandbox)) wrong(['sandbox'], 'an object');
    const fields = sandbox as Record<string, unknown>;
    for (const [key] of SWITCHES)
      if (fields[key] !== undefined && typeof fields[key] !== 'boolean') wrong(['sandbox', key], 'true or false');
    if (fields['excludedCommands'] !== undefined && !Array.isArray(fields['excludedCommands']))
      wrong(['sandbox', 'excludedCommands'], 'a list');
    const filesystem = fields['filesystem'];
    if (filesystem !== undefined) {
      if (!isRecord(filesystem)) wrong(['sandbox', 'filesystem'], 'an object');
      const denyWrite = (filesystem as Record<string, unknown>)['denyWrite'];
      if (denyWrite !== undefined && !Array.isArray(denyWrite)) wrong(['sandbox', 'filesystem', 'denyWrite'], 'a list');
    }
  }
  const permissions = value['permissions'];
  if (permissions !== undefined) {
    if (!isRecord(permissions)) wrong(['permissions'], 'an object');
    const deny = (permissions as Record<string, unknown>)['deny'];
    if (deny !== undefined && !Array.isArray(deny)) wrong(['permissions', 'deny'], 'a list');
  }
}

/** The edits that fence one settings file, what they change (for `disconnect`), and what was kept. */
export type ClaudeFencePlan = Omit<SettingsFencePlan, 'done'>;

/**
 * Merges the fence into one settings file's value: absent switches are set, lists get the
 * missing entries appended, and nothing is weakened. A switch set the weak way (`enabled:
 * false`, `allowUnsandboxedCommands: true`, `failIfUnavailable: false`) is kept and reported,
 * unless `force` (`--fence`), which replaces it. Never adds a `Bash` allow rule. The value must
 * have passed {@link checkClaudeShapes}.
 */
export function planClaudeFence(
  value: Record<string, unknown>,
  wanted: ClaudeFenceWanted,
  force: boolean,
): ClaudeFencePlan {
  const edits: JsonTextEdit[] = [];
  const changes: JsonFenceChange[] = [];
  const kept: string[] = [];
  const sandbox = value['sandbox'] as Record<string, unknown> | undefined;

  if (sandbox === undefined) {
    const block: Record<string, unknown> = Object.fromEntries(SWITCHES);
    block['filesystem'] = { denyWrite: [...wanted.denyWrite] };
    edits.push({ path: ['sandbox'], value: block });
    changes.push({ kind: 'container', path: ['sandbox'] });
    for (const [key, setting] of SWITCHES) changes.push({ kind: 'set', path: ['sandbox', key], value: setting });
    changes.push({ kind: 'container', path: ['sandbox', 'filesystem'] });
    changes.push({ kind: 'container', path: ['sandbox', 'filesystem', 'denyWrite'] });
    for (const entry of wanted.denyWrite)
      changes.push({ kind: 'element', path: ['sandbox', 'filesystem', 'denyWrite'], value: entry });
  } else {
    for (const [key, setting] of SWITCHES) {
      const current = sandbox[key];
      if (current === setting) continue;
      if (current === undefined) {
        edits.push({ path: ['sandbox', key], value: setting });
        changes.push({ kind: 'set', path: ['sandbox', key], value: setting });
      } else if (KEPT_AS_WRITTEN.has(key)) {
        // The other value is the stricter one: kept.
      } else if (force) {
        edits.push({ path: ['sandbox', key], value: setting });
        changes.push({ kind: 'replaced', path: ['sandbox', key], value: setting, previous: current });
      } else {
        kept.push(
          `"sandbox"."${key}" is ${JSON.stringify(current)}: kept (cosh connect claude --fence sets it to ${JSON.stringify(setting)})`,
        );
      }
    }
    const filesystem = sandbox['filesystem'] as Record<string, unknown> | undefined;
    appendMissing(
      ['sandbox', 'filesystem', 'denyWrite'],
      filesystem?.['denyWrite'],
      wanted.denyWrite,
      filesystem === undefined,
      edits,
      changes,
    );
  }

  const permissions = value['permissions'] as Record<string, unknown> | undefined;
  appendMissing(
    ['permissions', 'deny'],
    permissions?.['deny'],
    wanted.denyEdit,
    permissions === undefined,
    edits,
    changes,
  );
  return { edits, changes, kept };
}

/** Appends the entries of `wanted` missing from the list at `path` (creating it, and its parent when `parentMissing`). */
function appendMissing(
  path: readonly [string, ...string[]],
  current: unknown,
  wanted: readonly string[],
  parentMissing: boolean,
  edits: JsonTextEdit[],
  changes: JsonFenceChange[],
): void {
  const list = Array.isArray(current) ? current : undefined;
  const missing = wanted.filter((entry) => !list?.includes(entry));
  if (missing.length === 0) return;
  if (list === undefined) {
    const parent = path.slice(0, -1);
    const key = path[path.length - 1] as string;
    if (parentMissing) {
      edits.push({ path: parent, value: { [key]: [...missing] } });
      changes.push({ kind: 'container', path: parent });
    } else {
      edits.push({ path: [...path], value: [...missing] });
    }
    changes.push({ kind: 'container', path });
  } else {
    missing.forEach((entry, index) => {
      edits.push({ path: [...path, list.length + index], value: entry, insert: true });
    });
  }
  for (const entry of missing) changes.push({ kind: 'element', path, value: entry });
}

/** One settings layer as Claude reads it. */
export interface ClaudeLayer {
  readonly scope: 'managed' | 'local' | 'project' | 'user';
  readonly file: string;
  /** The parsed settings; `undefined` when the file does not exist. */
  readonly value: unknown;
}

/** Claude's precedence: managed, then local, then project, then user. */
const PRECEDENCE = ['managed', 'local', 'project', 'user'] as const;

/**
 * Whether Claude Code's shell is fenced by `layers` taken together as Claude takes them: each
 * switch from the first layer (managed, local, project, user) that sets it, lists merged. Fenced
 * means the sandbox is on and refuses to run unsandboxed (`enabled: true`, `failIfUnavailable:
 * true`, `allowUnsandboxedCommands: false`), no layer exempts commands (`excludedCommands`), and
 * every path of `wanted` is in `denyWrite` and `permissions.deny`.
 */
export function judgeClaudeFence(layers: readonly ClaudeLayer[], wanted: ClaudeFenceWanted): FenceJudgement {
  const ordered = [...layers].sort((a, b) => PRECEDENCE.indexOf(a.scope) - PRECEDENCE.indexOf(b.scope));
  const reasons: string[] = [];
  const sandboxOf = (layer: ClaudeLayer): Record<string, unknown> | undefined => {
    const sandbox = isRecord(layer.value) ? layer.value['sandbox'] : undefined;
    return isRecord(sandbox) ? sandbox : undefined;
  };
  for (const [key, setting] of SWITCHES) {
    if (KEPT_AS_WRITTEN.has(key)) continue;
    const deciding = ordered.find((layer) => sandboxOf(layer)?.[key] !== undefined);
    const current = deciding === undefined ? undefined : sandboxOf(deciding)?.[key];
    if (current === setting) continue;
    reasons.push(
      deciding === undefined
        ? `no settings file sets "sandbox"."${key}": ${JSON.stringify(setting)}`
        : `${deciding.file} sets "sandbox"."${key}": ${JSON.stringify(current)}`,
    );
  }
  const denyWrite = new Set<unknown>();
  const deny = new Set<unknown>();
  for (const layer of ordered) {
    const sandbox = sandboxOf(layer);
    const excluded = sandbox?.['excludedCommands'];
    if (Array.isArray(excluded) && excluded.length > 0)
      reasons.push(`${layer.file} runs commands outside the sandbox ("sandbox"."excludedCommands")`);
    const filesystem = sandbox?.['filesystem'];
    if (isRecord(filesystem) && Array.isArray(filesystem['denyWrite']))
      for (const entry of filesystem['denyWrite']) denyWrite.add(entry);
    const permissions = isRecord(layer.value) ? layer.value['permissions'] : undefined;
    if (isRecord(permissions) && Array.isArray(permissions['deny']))
      for (const rule of permissions['deny']) deny.add(rule);
  }
  const open = wanted.denyWrite.filter((entry) => !denyWrite.has(entry));
  if (open.length > 0) reasons.push(`"sandbox"."filesystem"."denyWrite" lacks ${open.join(', ')}`);
  const editable = wanted.denyEdit.filter((rule) => !deny.has(rule));
  if (editable.length > 0) reasons.push(`"permissions"."deny" lacks ${editable.join(', ')}`);
  return { fenced: reasons.length === 0, reasons };
}
