// The Claude Code bridge (K8): read Claude's call as a Cosh call, answer with the Cosh verdict.
export {
  type AnsweredCall,
  type AnsweredVerdict,
  type ClaudeHookAnswer,
  type ClaudeSpecificAnswer,
  claudeFailureAnswer,
  claudeHookAnswer,
} from './claude-hook-answer.ts';
export { toCoshToolInput } from './claude-tool-input.ts';
export { type CoshToolName, fromClaudeToolName } from './claude-tool-names.ts';
export {
  createHookEngine,
  type HookEngine,
  type HookEngineOptions,
  type PostToolUseCall,
  type PostToolUseResult,
  type PreToolUseResult,
  type ToolCall,
} from './create-hook-engine.ts';
export { hookEnvironment } from './hook-environment.ts';
export { hookPayload, type HookPayloadFields } from './hook-payload.ts';
export type { HookReport } from './hook-report.ts';
export { HooksError, type HooksErrorCode } from './hooks-error.ts';
export { blockedMessage, haltedMessage, permissionDeniedMessage } from './lifecycle-messages.ts';
export {
  type PermissionAnswer,
  runToolCall,
  type RunToolCallOptions,
  type ToolCallOutcome,
  type ToolCallRequest,
  type ToolCallStatus,
  type ToolExecution,
} from './run-tool-call.ts';

// What a host needs from the leaf packages, so that embedding Cosh hooks is one dependency.
export type {
  Decision,
  Diagnostic,
  HookOutcome,
  OutcomeKind,
  PostToolUseVerdict,
  PreToolUseVerdict,
} from '@cosh/aggregate';
// The nesting limit every input is held to, so a host can refuse what hooks could not be sent.
export { MAX_JSON_DEPTH, nestsDeeperThan } from '@cosh/aggregate';
export {
  ConfigError,
  type ConfigErrorCode,
  type ConfigProblem,
  emptyConfig,
  formatProblem,
  HOOK_EVENTS,
  type HookEntry,
  type HookEvent,
  type HooksConfig,
  isHookEvent,
  type LoadedConfig,
  loadConfig,
  parseConfig,
  safeLoadConfig,
} from '@cosh/config';
export type { RunnerOptions } from '@cosh/runner';
