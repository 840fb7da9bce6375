// SPEC T, K3, K9, K10, F2: Cosh's built-in tools, one entry each: each agent's names for it and
// the fields of its input that name a file (F2; helper tables of @cosh/matcher read them).
import type { AgentName } from './agents.ts';

/** Cosh's built-in tools (T). */
export const TOOL_NAMES = ['bash_run', 'fs_read', 'fs_write', 'fs_edit', 'find_grep'] as const;

/** One of {@link TOOL_NAMES}. */
export type ToolName = (typeof TOOL_NAMES)[number];

/** Everything the tables know about one built-in tool. */
export interface ToolSpec {
  /**
   * Each agent's names for it (K3, K9, K10): the first is the one Cosh gives a hook of that
   * agent's protocol; the others are read back as this tool too.
   */
  readonly twins: { readonly [Agent in AgentName]: readonly string[] };
  /** The fields of its Cosh input that name a file or folder (F2). */
  readonly pathFields: readonly string[];
}

/** The built-in tools: their twins per agent and their path fields. */
export const TOOLS = {
  bash_run: {
    twins: {
      claude: ['Bash'],
      codex: ['Bash', 'shell', 'exec_command', 'local_shell', 'container.exec', 'unified_exec'],
      gemini: ['run_shell_command'],
    },
    pathFields: [],
  },
  fs_read: {
    twins: { claude: ['Read'], codex: ['read_file', 'Read'], gemini: ['read_file'] },
    pathFields: ['path'],
  },
  fs_write: {
    twins: { claude: ['Write'], codex: ['apply_patch'], gemini: ['write_file'] },
    pathFields: ['path'],
  },
  fs_edit: {
    // One edit is Claude's Edit; a call with `edits` is its MultiEdit (see toClaudeToolName).
    twins: { claude: ['Edit', 'MultiEdit'], codex: ['apply_patch'], gemini: ['replace'] },
    pathFields: ['path'],
  },
  find_grep: {
    twins: { claude: ['Grep'], codex: [], gemini: ['grep_search', 'search_file_content'] },
    pathFields: ['path'],
  },
} as const satisfies Record<ToolName, ToolSpec>;

/** Whether `value` names one of Cosh's built-in tools exactly. */
export function isToolName(value: unknown): value is ToolName {
  return typeof value === 'string' && Object.hasOwn(TOOLS, value);
}
