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
export { type CoshToolResult, coshToolOutput } from './claude-tool-output.ts';
export { type CoshToolName, fromClaudeToolName } from '@cosh/spec';
export { asyncReportLine } from './async-report-line.ts';
// The `apply_patch` tool's input format, as F2 reads it (and a bridge of an agent that applies patches).
export { PATCH_BEGIN, PATCH_END, type PatchChunk, type PatchOperation, parseApplyPatch } from './apply-patch.ts';
export { createHookEngine } from './create-hook-engine.ts';
export { ONE_CALL_ENGINE } from './kinds/kind-client.ts';
export {
  type ExplainedCall,
  type ExplainPlace,
  explainToolCall,
  type HookExplanation,
  type ToolCallExplanation,
} from './explain-tool-call.ts';
// The closed sets the engine varies on, one entry each (docs/architecture.md).
export { EVENTS as EVENT_RULES, type EventSpec as EventRules, eventSpec as eventRules } from '@cosh/spec';
export { HOOK_KINDS, type HookKind, hookKindLabel, hookKindOfEntry as hookKindOf, shownHook } from './hook-kinds.ts';
export type {
  EventCall,
  EventJournal,
  EventResult,
  EventRun,
  HookEngine,
  HookEngineOptions,
  PostToolUseCall,
  PostToolUseResult,
  PreToolUseResult,
  SessionEventCall,
  SessionEventFields,
  SessionEventResult,
  ToolCall,
} from './hook-engine-types.ts';
export type { HookReport } from './hook-report.ts';
// The decision journal (J1, J2): one writer for every host, and the chain's rules read back.
export { canonicalJson } from './canonical-json.ts';
export { checkJournalChain, FIRST_PREV, type JournalCheck, sha256Hex } from './journal-chain.ts';
export {
  JOURNAL_REASON_BYTES,
  type JournalAgent,
  type JournalEntry,
  type JournalHook,
  type JournalLine,
} from './journal-record.ts';
export {
  BOUNDED_JOURNAL_LOCK,
  createJournal,
  type JournalOptions,
  journalEntry,
  journalProblem,
} from './journal-writer.ts';
export {
  combineJournals,
  createOtlpJournal,
  OTLP_FLUSH_MS,
  type OtlpJournalOptions,
  otlpLogsUrl,
} from './journal-otlp.ts';
export { addOtlpDrops, otlpDropCountFile, otlpDropsOf } from './otlp-drop-count.ts';
export { MAX_TOOL_NAME_LENGTH, toolNameProblem } from './tool-name-problem.ts';
export { HooksError, type HooksErrorCode } from './hooks-error.ts';
export {
  type PermissionAnswer,
  runToolCall,
  type RunToolCallOptions,
  type ToolCallOutcome,
  type ToolCallRequest,
  type ToolCallStatus,
  type ToolExecution,
} from './run-tool-call.ts';

// The types in the signatures above that come from the packages the engine wires.
export type {
  Decision,
  Diagnostic,
  OutcomeKind,
  PostToolUseVerdict,
  PreToolUseVerdict,
  SessionEventVerdict,
} from '@cosh/aggregate';
export type { SessionEvent } from '@cosh/spec';
export type { ConfigLayer, HookEvent, HooksConfig } from '@cosh/config';
export type { HttpHookClientOptions, RunnerOptions } from '@cosh/runner';
export { shellSyntaxProblem } from '@cosh/runner';
// The nesting limit the engine holds every input to (deeper, it could not be sent to hooks as
// JSON): a host refuses such an input before it reaches the engine.
export { MAX_JSON_DEPTH, nestsDeeperThan } from '@cosh/aggregate';
export { type ShellWords, splitShellCommand } from './shell-words.ts';
export {
  type TouchedPathsCall,
  type TouchedPathsOptions,
  type TouchedPathsResult,
  touchedPaths,
} from './touched-paths.ts';
