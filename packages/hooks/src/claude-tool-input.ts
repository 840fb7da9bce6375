import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Diagnostic } from '@cosh/aggregate';
import { isMultiEdit, isTwinnedTool, toClaudeToolName, type TwinnedToolName } from '@cosh/spec';

type ToolInput = Readonly<Record<string, unknown>>;

/** One field of a built-in tool and its Claude twin, with the conversion each way (K3). */
interface FieldTwin {
  readonly cosh: string;
  readonly claude: string;
  /** The Cosh value as Claude's; `cwd` makes a path absolute. Values of an unexpected type pass as they are. */
  readonly toClaude: (value: unknown, cwd: string) => unknown;
  readonly toCosh: (value: unknown) => unknown;
}

/** A built-in tool's fields in Claude's terms, and the fields Claude's twin always has. */
interface ToolInputTable {
  readonly twins: readonly FieldTwin[];
  /** Sent as they are, after the twins (Grep reports matching lines with their numbers). */
  readonly fixed: ToolInput;
  /**
   * Fields Claude's twin always has, with the value the Cosh input means by leaving them out
   * (Edit's `replace_all: false`); sent after the twins when the input lacks them.
   */
  readonly defaults?: (coshInput: ToolInput) => ToolInput;
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * `filePath` made absolute against `cwd`, without a trailing slash. Pure: a relative `cwd` gives a
 * relative result instead of consulting the process's folder.
 */
function absolutePath(filePath: string, cwd: string): string {
  const joined = path.posix.isAbsolute(filePath) ? path.posix.normalize(filePath) : path.posix.join(cwd, filePath);
  return joined.length > 1 && joined.endsWith('/') ? joined.slice(0, -1) : joined;
}

const same = (cosh: string, claude = cosh): FieldTwin => ({
  cosh,
  claude,
  toClaude: (value) => value,
  toCosh: (value) => value,
});

const filePath = (cosh: string, claude: string): FieldTwin => ({
  cosh,
  claude,
  toClaude: (value, cwd) => (typeof value === 'string' ? absolutePath(value, cwd) : value),
  // Claude's paths are absolute already, and Cosh's tools take absolute paths as they are.
  toCosh: (value) => value,
});

// Cosh counts a command's timeout in seconds, Claude in milliseconds (whole ones).
const secondsAsMilliseconds = (name: string): FieldTwin => ({
  cosh: name,
  claude: name,
  toClaude: (value) => (isFiniteNumber(value) ? Math.round(value * 1000) : value),
  toCosh: (value) => (isFiniteNumber(value) ? value / 1000 : value),
});

/** K3's input fields: `bash_run {command, timeout s}` → `Bash {command, timeout ms}`, and so on. */
const INPUT_TABLES: Readonly<Record<TwinnedToolName, ToolInputTable>> = {
  bash_run: { twins: [same('command'), secondsAsMilliseconds('timeout')], fixed: {} },
  fs_read: { twins: [filePath('path', 'file_path')], fixed: {} },
  fs_write: { twins: [filePath('path', 'file_path'), same('content')], fixed: {} },
  // One table for both of Claude's tools: Edit {file_path, old_string, new_string, replace_all}
  // and MultiEdit {file_path, edits}; each input has only its own form's fields.
  fs_edit: {
    twins: [filePath('path', 'file_path'), same('old_string'), same('new_string'), same('replace_all'), same('edits')],
    fixed: {},
    defaults: (coshInput) => (isMultiEdit(coshInput) ? {} : { replace_all: false }),
  },
  find_grep: {
    twins: [same('pattern'), filePath('path', 'path')],
    fixed: { output_mode: 'content', '-n': true },
  },
};

function tableOf(toolName: string, mcpServer: string | null | undefined): ToolInputTable | null {
  // A proxied tool keeps its input whatever its name: only the built-ins have twins.
  if (mcpServer != null && mcpServer !== '') return null;
  return isTwinnedTool(toolName) ? INPUT_TABLES[toolName] : null;
}

function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // A plain assignment of `__proto__` would replace the prototype; a definition keeps it a key.
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Rename and convert the twin fields of `input`, pass every other field through under its own name
 * (a guard sees everything the model sent), in the input's key order. A twin wins over a field
 * passed through under the same name.
 */
function translateFields(
  input: ToolInput,
  twinOf: (key: string) => { name: string; value: unknown } | null,
): Record<string, unknown> {
  const translated: Record<string, unknown> = {};
  const setByTwin = new Set<string>();
  for (const key of Object.keys(input)) {
    const twin = twinOf(key);
    if (twin !== null) {
      defineOwn(translated, twin.name, twin.value);
      setByTwin.add(twin.name);
    } else if (!setByTwin.has(key)) {
      defineOwn(translated, key, input[key]);
    }
  }
  return translated;
}

/**
 * A Cosh tool input as a `protocol: "claude"` hook sees it (K3): `bash_run {command, timeout s}` →
 * `Bash {command, timeout ms}`; `fs_read {path}` → `Read {file_path}`; `fs_write {path, content}` →
 * `Write {file_path, content}`; `fs_edit {path, old_string, new_string, replace_all?}` → `Edit
 * {file_path, old_string, new_string, replace_all}` (`replace_all` false when left out); `fs_edit
 * {path, edits}` → `MultiEdit {file_path, edits}`; `find_grep {pattern, path?}` → `Grep {pattern,
 * path?, output_mode: "content", "-n": true}`; paths made absolute against `cwd`; other fields
 * passed through. The input of any other tool, and of a proxied MCP tool, comes back unchanged
 * (the same object).
 *
 * @example
 * toClaudeToolInput('fs_read', { path: 'src/a.ts' }, '/repo'); // { file_path: '/repo/src/a.ts' }
 */
export function toClaudeToolInput(
  toolName: string,
  toolInput: ToolInput,
  cwd: string,
  mcpServer?: string | null,
): ToolInput {
  const table = tableOf(toolName, mcpServer);
  if (table === null) return toolInput;
  const translated = toClaudeFields(table, toolInput, cwd);
  for (const [key, value] of Object.entries(table.defaults?.(toolInput) ?? {})) {
    if (!Object.hasOwn(translated, key)) defineOwn(translated, key, value);
  }
  for (const [key, value] of Object.entries(table.fixed)) defineOwn(translated, key, value);
  return translated;
}

function toClaudeFields(table: ToolInputTable, fields: ToolInput, cwd: string): Record<string, unknown> {
  const byCosh = new Map(table.twins.map((twin) => [twin.cosh, twin]));
  return translateFields(fields, (key) => {
    const twin = byCosh.get(key);
    return twin === undefined ? null : { name: twin.claude, value: twin.toClaude(fields[key], cwd) };
  });
}

/**
 * Some fields of a Cosh input in Claude's terms, without the fields Claude's twin always has: what
 * the bridge (K8) lays over the input Claude sent when a Cosh hook rewrote those fields.
 */
export function toClaudeFieldsOf(
  toolName: string,
  fields: ToolInput,
  cwd: string,
  mcpServer?: string | null,
): ToolInput {
  const table = tableOf(toolName, mcpServer);
  return table === null ? fields : toClaudeFields(table, fields, cwd);
}

/**
 * K3 read backwards, for the bridge (K8): a Claude tool input as the Cosh hooks of the twin tool
 * see it, in the Cosh tool's own fields (`Bash {command, timeout ms}` → `bash_run {command,
 * timeout s}`, `Read {file_path}` → `fs_read {path}`, `Edit {file_path, old_string, new_string,
 * replace_all}` → `fs_edit {path, old_string, new_string, replace_all}`, `MultiEdit {file_path,
 * edits}` → `fs_edit {path, edits}`, `Grep {pattern, path?, output_mode, -n}` → `find_grep
 * {pattern, path?}`). A Claude field with no Cosh twin (`description`,
 * `run_in_background`, Grep's `output_mode` and `glob`) is not a field of the Cosh tool and is left
 * out, as `translateUpdatedInput` leaves it out the other way; the bridge's answer keeps it, since a
 * rewrite is laid over the input Claude sent. `toolName` is the Cosh name (`fromClaudeToolName`);
 * the input of a tool with no twin comes back unchanged (the same object).
 *
 * @example
 * toCoshToolInput('bash_run', { command: 'ls', timeout: 120000, description: 'List' });
 * // { command: 'ls', timeout: 120 }
 */
export function toCoshToolInput(toolName: string, claudeInput: ToolInput, mcpServer?: string | null): ToolInput {
  const table = tableOf(toolName, mcpServer);
  if (table === null) return claudeInput;
  const coshInput: Record<string, unknown> = {};
  for (const twin of table.twins) {
    if (Object.hasOwn(claudeInput, twin.claude)) defineOwn(coshInput, twin.cosh, twin.toCosh(claudeInput[twin.claude]));
  }
  return coshInput;
}

/** What a Claude hook's `updatedInput` means for the Cosh call (K5). */
export interface UpdatedInputTranslation {
  /** The Cosh fields the hook changed, under their Cosh names, for A7's merge; `null` when none. */
  readonly updatedInput: ToolInput | null;
  /** A warning per field the hook changed or added that the Cosh tool does not have (dropped). */
  readonly diagnostics: readonly Diagnostic[];
}

/** The call a Claude hook's `updatedInput` answers. */
export interface UpdatedInputContext {
  /** The Cosh tool name. */
  readonly toolName: string;
  /** The proxied MCP server the tool comes from, if any (its input is never translated). */
  readonly mcpServer?: string | null | undefined;
  /** Named in diagnostics. */
  readonly hookName: string;
  /** The Cosh input of the call, as the hooks were run with it. */
  readonly coshInput: ToolInput;
  /** What the hook was sent: `toClaudeToolInput` of `coshInput`. */
  readonly claudeInput: ToolInput;
}

/**
 * Translate a Claude hook's `updatedInput` back to the Cosh tool's fields (K3 read backwards, K5).
 *
 * Only what the hook changed comes back: a field equal to what it was sent is left out, so that a
 * hook that echoes the whole input (as Claude Code's own protocol asks) does not undo another
 * hook's rewrite in A7's merge. A changed twin field is converted (`file_path` → `path`, `timeout`
 * ms → s); a field the Cosh input passed through is kept under its name; any other field (a
 * Claude field with no Cosh twin such as `description`, or Grep's `output_mode`) is dropped, with a
 * warning when the hook changed or added it. A field the hook left out is not removed (A7 merges);
 * the input of a tool with no twin keeps every changed field.
 *
 * @example
 * translateUpdatedInput(
 *   { command: 'npm test', timeout: 60000, description: 'Run tests' },
 *   { toolName: 'bash_run', hookName: 'quiet', coshInput: { command: 'npm test', timeout: 60 },
 *     claudeInput: { command: 'npm test', timeout: 60000 } },
 * );
 * // { updatedInput: null, diagnostics: [warning: hook 'quiet' added Bash field "description", …] }
 */
export function translateUpdatedInput(updatedInput: ToolInput, context: UpdatedInputContext): UpdatedInputTranslation {
  const table = tableOf(context.toolName, context.mcpServer);
  const byClaude = new Map((table?.twins ?? []).map((twin) => [twin.claude, twin]));
  const coshTwinNames = new Set((table?.twins ?? []).map((twin) => twin.cosh));
  const changed: Record<string, unknown> = {};
  const diagnostics: Diagnostic[] = [];

  for (const key of Object.keys(updatedInput)) {
    const value = updatedInput[key];
    const wasSent = Object.hasOwn(context.claudeInput, key);
    if (wasSent && isDeepStrictEqual(value, context.claudeInput[key])) continue;

    const twin = byClaude.get(key);
    if (table === null) {
      defineOwn(changed, key, value);
    } else if (twin !== undefined) {
      defineOwn(changed, twin.cosh, twin.toCosh(value));
    } else if (Object.hasOwn(context.coshInput, key) && !coshTwinNames.has(key) && !Object.hasOwn(table.fixed, key)) {
      defineOwn(changed, key, value);
    } else {
      const claudeToolName = toClaudeToolName(context.toolName, context.mcpServer, context.coshInput);
      diagnostics.push({
        level: 'warning',
        hook: context.hookName,
        message:
          `hook '${context.hookName}' ${wasSent ? 'changed' : 'added'} ${claudeToolName} field ${JSON.stringify(key)} ` +
          `in updatedInput, which ${context.toolName} does not have; the change is dropped`,
      });
    }
  }
  return { updatedInput: Object.keys(changed).length === 0 ? null : changed, diagnostics };
}
