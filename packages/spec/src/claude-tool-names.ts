// SPEC K3, K8, M2: Claude Code's tool names and Cosh's, both ways. The twins are the tools table's
// (`TOOLS[tool].twins.claude`); Claude's tools that Cosh has no twin of are listed here, so that
// M2 can tell a Claude name from any other.
import { TOOL_NAMES, TOOLS, type ToolName } from './tools.ts';

/** Claude Code's tools that no Cosh tool is the twin of. */
const CLAUDE_TOOLS_WITHOUT_TWIN = [
  'Glob',
  'LS',
  'NotebookEdit',
  'NotebookRead',
  'WebFetch',
  'WebSearch',
  'Task',
  'Agent',
  'TodoWrite',
  'BashOutput',
  'KillShell',
  'ExitPlanMode',
  'SlashCommand',
  'Skill',
] as const;

/** Cosh's built-in tools and their Claude Code twins (K3). */
export const CLAUDE_TOOL_NAMES = Object.fromEntries(TOOL_NAMES.map((tool) => [tool, TOOLS[tool].twins.claude[0]])) as {
  readonly [Tool in ToolName]: (typeof TOOLS)[Tool]['twins']['claude'][0];
};

/** The Claude name of an `fs_edit` call with several `edits` (K3). */
export const CLAUDE_MULTI_EDIT = 'MultiEdit';

/** A built-in Cosh tool that has a Claude Code twin. */
export type TwinnedToolName = ToolName;

const COSH_TOOL_NAMES = new Map<string, TwinnedToolName>(
  TOOL_NAMES.flatMap((tool) => TOOLS[tool].twins.claude.map((claude): [string, TwinnedToolName] => [claude, tool])),
);

/** Claude Code's tool names with the Cosh tool each is (K3), or `null` for a tool Cosh has no twin of. */
const CLAUDE_CODE_TOOLS = new Map<string, string | null>([
  ...COSH_TOOL_NAMES,
  ...CLAUDE_TOOLS_WITHOUT_TWIN.map((name): [string, null] => [name, null]),
]);

/** Claude Code's tool names, those with a Cosh twin first (M2). */
export const CLAUDE_CODE_TOOL_NAMES: readonly string[] = [...CLAUDE_CODE_TOOLS.keys()];

/**
 * Whether `name` is exactly one of Claude Code's tool names, and if so its Cosh twin (`Bash` →
 * `bash_run`; `null` for a Claude tool such as `Glob` that Cosh has no twin of). `undefined` for
 * any other name.
 */
export function claudeToolTwin(name: string): string | null | undefined {
  return CLAUDE_CODE_TOOLS.get(name);
}

const MCP_PREFIX = 'mcp__';
const MCP_SEPARATOR = '__';

/** Whether `toolName` is one of the built-in tools with a Claude twin. */
export function isTwinnedTool(toolName: string): toolName is TwinnedToolName {
  return Object.hasOwn(CLAUDE_TOOL_NAMES, toolName);
}

/** Whether an `fs_edit` input is the several-edits form (Claude's MultiEdit): it has `edits`. */
export function isMultiEdit(toolInput: Readonly<Record<string, unknown>> | undefined): boolean {
  return toolInput !== undefined && Object.hasOwn(toolInput, 'edits');
}

/**
 * The name a `protocol: "claude"` hook sees for a Cosh tool (K3): `bash_run` → `Bash`, `fs_read` →
 * `Read`, `fs_write` → `Write`, `fs_edit` → `Edit` (a call with `edits` → `MultiEdit`),
 * `find_grep` → `Grep`; a tool `t` of a proxied MCP server named `s` (`cosh mcp proxy --name s`)
 * → `mcp__s__t`; any other name unchanged.
 *
 * @param mcpServer The name of the proxied MCP server the tool comes from, when it has one (an
 * empty name counts as none). With a server, the tool is never taken for a built-in, even if it is
 * named `bash_run`.
 * @param toolInput The call's input: it decides between `Edit` and `MultiEdit` for `fs_edit`.
 *
 * @example
 * toClaudeToolName('bash_run');                // 'Bash'
 * toClaudeToolName('create_issue', 'github');  // 'mcp__github__create_issue'
 * toClaudeToolName('fs_edit', null, { path: 'a', edits: [] }); // 'MultiEdit'
 */
export function toClaudeToolName(
  toolName: string,
  mcpServer?: string | null,
  toolInput?: Readonly<Record<string, unknown>>,
): string {
  if (mcpServer != null && mcpServer !== '') return `${MCP_PREFIX}${mcpServer}${MCP_SEPARATOR}${toolName}`;
  if (toolName === 'fs_edit' && isMultiEdit(toolInput)) return CLAUDE_MULTI_EDIT;
  return isTwinnedTool(toolName) ? CLAUDE_TOOL_NAMES[toolName] : toolName;
}

/** A Claude tool name read back as a Cosh tool (K8). */
export interface CoshToolName {
  readonly toolName: string;
  /** The MCP server of an `mcp__<server>__<tool>` name, else `null`. */
  readonly mcpServer: string | null;
}

/**
 * K3's names read backwards, for the bridge (K8): `Bash` → `bash_run`, `Read` → `fs_read`, `Write` →
 * `fs_write`, `Edit` and `MultiEdit` → `fs_edit`, `Grep` → `find_grep`; `mcp__s__t` → tool `t` of
 * server `s` (the server is the part up to the next `__`, as Claude Code builds the name); a tool
 * with no Cosh twin (`WebFetch`, `NotebookEdit`) keeps its name.
 *
 * @example
 * fromClaudeToolName('Read');                       // { toolName: 'fs_read', mcpServer: null }
 * fromClaudeToolName('MultiEdit');                  // { toolName: 'fs_edit', mcpServer: null }
 * fromClaudeToolName('mcp__github__create_issue');  // { toolName: 'create_issue', mcpServer: 'github' }
 * fromClaudeToolName('WebFetch');                   // { toolName: 'WebFetch', mcpServer: null }
 */
export function fromClaudeToolName(claudeToolName: string): CoshToolName {
  const twin = COSH_TOOL_NAMES.get(claudeToolName);
  if (twin !== undefined) return { toolName: twin, mcpServer: null };
  if (claudeToolName.startsWith(MCP_PREFIX)) {
    const separator = claudeToolName.indexOf(MCP_SEPARATOR, MCP_PREFIX.length);
    // `mcp__` with no server, or a server with no tool, is not an MCP name: keep it as it is.
    if (separator > MCP_PREFIX.length && separator + MCP_SEPARATOR.length < claudeToolName.length) {
      return {
        toolName: claudeToolName.slice(separator + MCP_SEPARATOR.length),
        mcpServer: claudeToolName.slice(MCP_PREFIX.length, separator),
      };
    }
  }
  return { toolName: claudeToolName, mcpServer: null };
}
