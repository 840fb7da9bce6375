// SPEC B9 for Codex CLI: the permission profile that fences Codex's shell (shared/FENCES.md,
// measured with the real Codex: extends `:workspace`, `.cosh`, `.git/hooks`, `.git/config`
// read-only, `.git` writable, and no `sandbox_mode` beside it, which would override it), written
// into config.toml by a text edit that keeps the file's other content, and the judgement of
// Codex's effective sandbox. config.toml is read with smol-toml.
import { parse } from 'smol-toml';
import { FenceInputError, type FenceJudgement } from '../../client-fence/fence-judgement.ts';

/** The profile's name. */
export const CODEX_PROFILE = 'cosh';

/** The project folders the profile keeps as FENCES.md has them (relative to the workspace roots). */
const ROOT_ACCESS: Readonly<Record<string, 'read' | 'write'>> = {
  '.cosh': 'read',
  '.git': 'write',
  '.git/hooks': 'read',
  '.git/config': 'read',
};

const COMMENT = "# cosh connect codex --fence (SPEC B9): the shell cannot change Cosh's files";
const DEFAULT_LINE = `default_permissions = "${CODEX_PROFILE}"`;

/** The tables `connect codex --fence` appends, exactly (disconnect removes this text). */
export const CODEX_PROFILE_TABLES = [
  COMMENT,
  `[permissions.${CODEX_PROFILE}]`,
  'extends = ":workspace"',
  '',
  `[permissions.${CODEX_PROFILE}.filesystem.":workspace_roots"]`,
  ...Object.entries(ROOT_ACCESS).map(([path, access]) => `"${path}" = "${access}"`),
].join('\n');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** config.toml read; a file that is not TOML is a {@link FenceInputError} with its line and column. */
export function readCodexToml(text: string, file: string): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>;
  } catch (error) {
    const { line, column } = error as { line?: number; column?: number };
    const message = (error as Error).message.split('\n')[0] ?? 'not TOML';
    throw new FenceInputError(
      `${file}${line === undefined ? '' : `:${line}:${column ?? 1}`}: ${message}: fix it by hand (cosh changes nothing)`,
    );
  }
}

/** One config.toml Codex reads: the user's, or a trusted project's `.codex/config.toml`. */
export interface CodexLayer {
  readonly scope: 'user' | 'project';
  readonly file: string;
  readonly value: Record<string, unknown> | undefined;
}

/** Whether the profile named `name` in `layers` is the fence. */
function profileProblem(layers: readonly CodexLayer[], name: string): string | null {
  const profile = layers
    .map((layer) => {
      const permissions = layer.value?.['permissions'];
      return isRecord(permissions) ? permissions[name] : undefined;
    })
    .find(isRecord);
  if (profile === undefined) return `default_permissions names "${name}", which no [permissions.${name}] defines`;
  if (profile['extends'] !== ':workspace') return `[permissions.${name}] does not extend ":workspace"`;
  const filesystem = profile['filesystem'];
  const roots = isRecord(filesystem) ? filesystem[':workspace_roots'] : undefined;
  const open = Object.entries(ROOT_ACCESS)
    .filter(([, access]) => access === 'read')
    .map(([path]) => path)
    .filter((path) => !isRecord(roots) || roots[path] !== 'read');
  return open.length === 0 ? null : `[permissions.${name}] leaves ${open.join(', ')} writable`;
}

/**
 * Codex's effective sandbox (a trusted project's config.toml over the user's): fenced by a
 * `sandbox_mode` of `read-only`, or by a permission profile (`default_permissions`) that extends
 * `:workspace` and keeps `.cosh`, `.git/hooks`, `.git/config` read-only with no `sandbox_mode`
 * beside it (which overrides it). `workspace-write` leaves a project's `.cosh` writable, and
 * `danger-full-access` everything.
 */
export function judgeCodexFence(layers: readonly CodexLayer[]): FenceJudgement {
  const ordered = [...layers].sort((a, b) => (a.scope === b.scope ? 0 : a.scope === 'project' ? -1 : 1));
  const deciding = (key: string) => ordered.find((layer) => layer.value?.[key] !== undefined);
  const modeLayer = deciding('sandbox_mode');
  if (modeLayer !== undefined) {
    const mode = modeLayer.value?.['sandbox_mode'];
    if (mode === 'read-only') return { fenced: true, reasons: [] };
    return {
      fenced: false,
      reasons: [
        `${modeLayer.file} sets sandbox_mode = ${JSON.stringify(mode)}${mode === 'workspace-write' ? " (the project's .cosh stays writable)" : ''}, which overrides any permission profile`,
      ],
    };
  }
  const profileLayer = deciding('default_permissions');
  if (profileLayer === undefined)
    return {
      fenced: false,
      reasons: [
        "no config.toml sets default_permissions or sandbox_mode: the shell's sandbox is left to flags and folder trust",
      ],
    };
  const name = String(profileLayer.value?.['default_permissions']);
  const problem = profileProblem(ordered, name);
  return problem === null
    ? { fenced: true, reasons: [] }
    : { fenced: false, reasons: [`${profileLayer.file}: ${problem}`] };
}

/** The line index of the first table header: top-level keys come before it. */
function firstTable(lines: readonly string[]): number {
  const index = lines.findIndex((line) => /^\s*\[/.test(line));
  return index < 0 ? lines.length : index;
}

function topLevelLine(lines: readonly string[], key: string): number {
  const end = firstTable(lines);
  for (let index = 0; index < end; index += 1)
    if (new RegExp(`^\\s*${key}\\s*=`).test(lines[index] ?? '')) return index;
  return -1;
}

/** What fencing one config.toml takes. */
export interface CodexFencePlan {
  /** The new text, `null` when nothing changes. */
  readonly text: string | null;
  /** What was kept because it weakens the fence and `--fence` was not given. */
  readonly kept: readonly string[];
  readonly removedLines: readonly string[];
  /** The `default_permissions` value replaced (`null`: there was none; `undefined`: unchanged). */
  readonly replacedDefaultPermissions: string | null | undefined;
}

/**
 * Fences a user config.toml: `default_permissions = "cosh"` among the top-level keys, the
 * profile's tables at the end, a top-level `sandbox_mode` removed (it would override the profile).
 * The file's other lines stay as they are. A `[permissions.cosh]` of another shape is reported,
 * not overwritten.
 */
export function planCodexFence(text: string, value: Record<string, unknown>, file: string): CodexFencePlan {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/);
  const kept: string[] = [];
  const removedLines: string[] = [];
  let replacedDefaultPermissions: string | null | undefined;
  const permissions = value['permissions'];
  const existing = isRecord(permissions) ? permissions[CODEX_PROFILE] : undefined;
  if (existing !== undefined && profileProblem([{ scope: 'user', file, value }], CODEX_PROFILE) !== null) {
    throw new FenceInputError(
      `${file}: [permissions.${CODEX_PROFILE}] exists and is not Cosh's fence: rename or remove it by hand (cosh changes nothing)`,
    );
  }
  let changed = false;
  const current = value['default_permissions'];
  const defaultIndex = topLevelLine(lines, 'default_permissions');
  if (current !== CODEX_PROFILE && defaultIndex >= 0) {
    replacedDefaultPermissions = typeof current === 'string' ? current : String(current);
    lines[defaultIndex] = DEFAULT_LINE;
    changed = true;
  }
  const modeIndex = topLevelLine(lines, 'sandbox_mode');
  if (modeIndex >= 0) {
    removedLines.push(lines[modeIndex] as string);
    // The profile's line takes the place of the sandbox_mode it replaces (disconnect puts it back there).
    lines.splice(modeIndex, 1, ...(current === CODEX_PROFILE || defaultIndex >= 0 ? [] : [COMMENT, DEFAULT_LINE]));
    if (defaultIndex < 0 && current !== CODEX_PROFILE) replacedDefaultPermissions = null;
    changed = true;
  } else if (current !== CODEX_PROFILE && defaultIndex < 0) {
    replacedDefaultPermissions = null;
    const at = firstTable(lines);
    lines.splice(at, 0, COMMENT, DEFAULT_LINE, ...(at < lines.length ? [''] : []));
    changed = true;
  }
  if (existing === undefined) {
    if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
    lines.push(...CODEX_PROFILE_TABLES.split('\n'));
    changed = true;
  }
  return {
    text: changed ? `${lines.join(eol)}${eol}` : null,
    kept,
    removedLines,
    replacedDefaultPermissions,
  };
}

/** Undoes {@link planCodexFence}: the profile's tables and line go, a replaced value or a removed line comes back. */
export function unfenceCodexText(
  text: string,
  record: { removedLines: readonly string[]; replacedDefaultPermissions?: string | null | undefined },
): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let body = text.replace(/\r\n/g, '\n');
  const tables = `${CODEX_PROFILE_TABLES}\n`;
  if (body.includes(`\n${tables}`)) body = body.replace(`\n${tables}`, '');
  else body = body.replace(tables, '');
  let lines = body.replace(/\n$/, '').split('\n');
  const index = topLevelLine(lines, 'default_permissions');
  let putBack = false;
  if (index >= 0 && lines[index] === DEFAULT_LINE) {
    if (typeof record.replacedDefaultPermissions === 'string') {
      lines[index] = `default_permissions = ${JSON.stringify(record.replacedDefaultPermissions)}`;
    } else {
      const withComment = lines[index - 1] === COMMENT;
      const start = withComment ? index - 1 : index;
      // The line took a removed sandbox_mode's place: that comes back there; else its blank line goes too.
      const blankAfter = record.removedLines.length === 0 && lines[index + 1] === '' ? 1 : 0;
      lines = [...lines.slice(0, start), ...record.removedLines, ...lines.slice(index + 1 + blankAfter)];
      putBack = true;
    }
  }
  if (!putBack && record.removedLines.length > 0) lines.splice(firstTable(lines), 0, ...record.removedLines);
  const joined = lines.join('\n');
  return joined === '' ? '' : `${joined}\n`.replace(/\n/g, eol);
}
