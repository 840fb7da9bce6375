export { aggregatePostToolUse, type PostToolUseInput, type PostToolUseVerdict } from './aggregate-post-tool-use.ts';
export { aggregatePreToolUse, type PreToolUseVerdict } from './aggregate-pre-tool-use.ts';
export {
  aggregateSessionEvent,
  type SessionEventOptions,
  type SessionEventVerdict,
} from './aggregate-session-event.ts';
export { composeToolOutput } from './compose-tool-output.ts';
export { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';
export type {
  Decision,
  Diagnostic,
  HookEvent,
  HookOutcome,
  OutcomeHook,
  OutcomeKind,
  RuleAnswer,
  RunFacts,
} from './hook-outcome.ts';
export { ruleOutcome } from './rule-outcome.ts';
export { interpretClaudeRunWith } from './interpret-claude-run.ts';
export {
  DENY_EXIT_CODE,
  HALT_EXIT_CODE,
  defaultAskReason,
  defaultDenyReason,
  defaultHaltReason,
  interpretRunWith,
} from './interpret-run.ts';
export { interpretClaudeRun, interpretRun } from './interpret-runs.ts';
export { type OutputParsers, outputParsersFor } from './output-parsers.ts';
export {
  mergeUpdatedInputs,
  type InputUpdate,
  type MergeConflict,
  type MergedInput,
} from './merge-updated-inputs.ts';
export { parseHookOutput, type HookOutput, type ParsedHookOutput } from './parse-hook-output.ts';
