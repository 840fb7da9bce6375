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

/** Shell tools of Cosh and the agents: `command` (or Codex's `cmd`) is split into words. */
export const SHELL_TOOLS: ReadonlySet<string> = new Set([
  'bash_run',
  'Bash',
  'exec_command',
  'shell',
  'run_shell_command',
]);

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
