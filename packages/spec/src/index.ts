export {
  AGENT_NAMES,
  AGENTS,
  type AgentName,
  type AgentSettingsFile,
  type AgentSettingsFiles,
  type AgentSpec,
  isAgentName,
} from './agents.ts';
export {
  CLAUDE_CODE_TOOL_NAMES,
  CLAUDE_MULTI_EDIT,
  CLAUDE_TOOL_NAMES,
  type CoshToolName,
  claudeToolTwin,
  fromClaudeToolName,
  isMultiEdit,
  isTwinnedTool,
  type TwinnedToolName,
  toClaudeToolName,
} from './claude-tool-names.ts';
export {
  type Aggregator,
  agentEventNames,
  EVENTS,
  EVENTS_ALLOWING_ASYNC,
  type EventHonours,
  type EventSpec,
  type EventWording,
  eventOfAgentName,
  eventSpec,
  HOOK_EVENTS,
  type HookEvent,
  isHookEvent,
  isToolEvent,
  type MatcherSubject,
  type SessionEvent,
  TOOL_EVENTS,
  type ToolEvent,
} from './events.ts';
export {
  type DedupeField,
  type ExclusiveField,
  type FieldNotWith,
  HOOK_KIND_NAMES,
  HOOK_KINDS,
  type HookKind,
  type HookKindSpec,
  hookKindOf,
  type KindFields,
} from './hook-kinds.ts';
export {
  BUILT_IN_TOOL_PATHS,
  MCP_PATH_ARGUMENTS,
  MCP_URI_ARGUMENTS,
  PATCH_TOOLS,
  SHELL_TOOLS,
  TOOL_PATH_FIELDS,
} from './tool-path-fields.ts';
export type { ToolPathFields } from './path-fields.ts';
export { isToolName, TOOL_NAMES, TOOLS, type ToolName, type ToolSpec } from './tools.ts';
