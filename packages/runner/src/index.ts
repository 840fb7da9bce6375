export type {
  HookProcessRequest,
  HookProcessResult,
  HookRunner,
  ResolvedRunnerOptions,
  RunnerOptions,
} from './hook-process.ts';
export { defaultRunnerOptions } from './hook-process.ts';
export { type Deadline, DeadlineTimer, type DeadlineTimerOptions } from './deadline-timer.ts';
export { createHookRunner } from './hook-runner.ts';
export { expandHeaderVariables, headersNameVariables } from './expand-header-variables.ts';
export type { HttpHookClient, HttpHookClientOptions, HttpHookRequest, HttpHookResult } from './http-hook.ts';
export { createHttpHookClient } from './http-hook-client.ts';
export { monotonicNow } from './monotonic-now.ts';
export { runHook, stopBoundMs } from './run-hook.ts';
export { shellSyntaxProblem } from './shell-syntax-problem.ts';
export { runHooks } from './run-hooks.ts';
export { RunnerError, type RunnerErrorCode } from './runner-error.ts';
export { type ProcessGroupChild, type ProcessGroupOptions, spawnProcessGroup } from './process-group-child.ts';
// R12: the resident kind's piece (resident/).
export {
  createResidentPool,
  type ResidentAnswerLine,
  type ResidentCallRequest,
  type ResidentCallResult,
  type ResidentPool,
  type ResidentPoolOptions,
  readResidentAnswer,
  residentLine,
} from './resident/index.ts';
