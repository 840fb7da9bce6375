// SPEC F2: which arguments of which tool name a file, one table per tool family: Cosh's built-in
// tools from TOOLS' `pathFields`, and the agents' own tools from their entries' `toolPaths` (the
// engine sees them under their own names when a host passes them through: `hooks run --tool
// Edit`, a proxied server's tools).
import { AGENT_NAMES, AGENTS } from './agents.ts';
import type { ToolPathFields } from './path-fields.ts';
import { TOOLS, type ToolName } from './tools.ts';

/** Built-in tools whose path is a folder searched with everything below it (F2). */
const FOLDER_TOOLS: ReadonlySet<ToolName> = new Set(['find_grep']);

/** Cosh's built-in tools (SPEC T), from {@link TOOLS}; `bash_run` is a shell (below). */
export const BUILT_IN_TOOL_PATHS: Readonly<Record<string, ToolPathFields>> = Object.fromEntries(
  Object.entries(TOOLS)
    .filter(([, spec]) => spec.pathFields.length > 0)
    .map(([name, spec]) => [
      name,
      FOLDER_TOOLS.has(name as ToolName) ? { fields: spec.pathFields, folder: true } : { fields: spec.pathFields },
    ]),
);

/** Every tool name with a table of its own, by name. */
export const TOOL_PATH_FIELDS: Readonly<Record<string, ToolPathFields>> = Object.assign(
  {},
  BUILT_IN_TOOL_PATHS,
  ...AGENT_NAMES.map((agent): Readonly<Record<string, ToolPathFields>> => AGENTS[agent].toolPaths),
);

/** The patch tool (`apply_patch`): every file of the patch, `*** Move to:` targets included (B8). */
export const PATCH_TOOLS: ReadonlySet<string> = new Set(['apply_patch']);

/** Where a patch tool's input holds what it touches (F2), whichever host passes it. */
export const PATCH_TOOL_INPUT = {
  /** The patch text: the first of these that is a string. */
  patch: ['command', 'input', 'patch'],
  /** Paths given beside the patch. */
  paths: ['path'],
  /** The patch's format, as F2's reason names it when a patch does not read as one. */
  format: 'a Codex patch',
} as const;

/** Shell tools of Cosh and the agents: their command (SHELL_TOOL_INPUT) is split into words. */
export const SHELL_TOOLS: ReadonlySet<string> = new Set([
  'bash_run',
  'Bash',
  'exec_command',
  'shell',
  'run_shell_command',
]);

/** Where a shell tool's input holds its command and its folder (F2), read alike for every one of SHELL_TOOLS. */
export const SHELL_TOOL_INPUT = {
  /**
   * The command, the first of these present: a script, or an argv (Codex passes
   * `["bash", "-lc", "<script>"]`, read as its script); Codex's `exec_command` says `cmd`.
   */
  command: ['command', 'cmd'],
  /** The folder it runs in, the first of these present: Gemini's `directory` or `dir_path`, Cosh's `cwd`. */
  folder: ['directory', 'dir_path', 'cwd'],
} as const;

/**
 * The first of `fields` (a list of these tables) in `input` that `accepted` takes, by default the
 * first set (`input[a] ?? input[b] ?? …`); `undefined` when none is.
 */
export function firstField(
  input: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  accepted: (value: unknown) => boolean = (value) => value !== undefined && value !== null,
): unknown {
  for (const field of fields) {
    const value = input[field];
    if (accepted(value)) return value;
  }
  return undefined;
}

/**
 * Any other tool (an MCP server's, proxied or not): its top-level arguments of these names, a
 * string or an array of strings; `uri` and `url` only as `file://` addresses.
 */
export const MCP_PATH_ARGUMENTS: readonly string[] = [
  'path',
  'file',
  'file_path',
  'filename',
  'filepath',
  'paths',
  'files',
  'source',
  'destination',
  'target',
];
export const MCP_URI_ARGUMENTS: readonly string[] = ['uri', 'url'];
