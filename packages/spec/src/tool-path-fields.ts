// SPEC F2: which arguments of which tool name a file, one table per tool family: Cosh's built-in
// tools from TOOLS' `pathFields`, and the agents' own tools (the engine sees them under their own
// names when a host passes them through: `hooks run --tool Edit`, a proxied server's tools).
import { TOOLS, type ToolName } from './tools.ts';

/** How a tool names the files it touches. */
export interface ToolPathFields {
  /** Input fields holding one path or an array of paths (top level). */
  readonly fields: readonly string[];
  /** `true`: the path is a folder searched with everything below it (`find_grep`, `Glob`, `Grep`); absent means the cwd. */
  readonly folder?: true;
}

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

/** Claude Code's tools (K3). */
export const CLAUDE_TOOL_PATHS = {
  Read: { fields: ['file_path'] },
  Write: { fields: ['file_path'] },
  Edit: { fields: ['file_path'] },
  MultiEdit: { fields: ['file_path'] },
  NotebookEdit: { fields: ['notebook_path'] },
  Glob: { fields: ['path'], folder: true },
  Grep: { fields: ['path'], folder: true },
} as const satisfies Record<string, ToolPathFields>;

/**
 * Codex's tools (K9); `apply_patch` is read as Codex reads its patch (B8), below. `read_file` is
 * Codex's `path` and Gemini's `absolute_path`: both are read.
 */
export const CODEX_TOOL_PATHS = {
  read_file: { fields: ['path', 'absolute_path', 'file_path'] },
} as const satisfies Record<string, ToolPathFields>;

/** Gemini CLI's tools (K10). */
export const GEMINI_TOOL_PATHS = {
  read_file: { fields: ['absolute_path', 'path', 'file_path'] },
  write_file: { fields: ['file_path'] },
  replace: { fields: ['file_path'] },
  read_many_files: { fields: ['paths'] },
} as const satisfies Record<string, ToolPathFields>;

/** Every tool name with a table of its own, by name. */
export const TOOL_PATH_FIELDS: Readonly<Record<string, ToolPathFields>> = {
  ...BUILT_IN_TOOL_PATHS,
  ...CLAUDE_TOOL_PATHS,
  ...CODEX_TOOL_PATHS,
  ...GEMINI_TOOL_PATHS,
};

/** Codex's patch tool: every file of the patch, `*** Move to:` targets included (B8). */
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
