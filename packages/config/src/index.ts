export { checkMatcher, type MatcherCheck } from './check-matcher.ts';
export { editDistance, type SuggestOptions, suggestClosest } from './closest-match.ts';
export { ConfigError, type ConfigErrorCode } from './config-error.ts';
export type {
  ConfigProblem,
  HookEntry,
  HooksConfig,
  JsonPath,
  LoadedConfig,
  ProblemSeverity,
} from './config-types.ts';
export { formatJsonPath, formatProblem } from './format-problem.ts';
export { HOOK_EVENTS, type HookEvent, isHookEvent, ON_ERROR_VALUES, type OnError } from './hook-events.ts';
export { createSetupJsonSchema, renderSetupJsonSchema } from './json-schema.ts';
export { loadConfig, safeLoadConfig } from './load-config.ts';
export { emptyConfig, type ParseConfigResult, parseConfig, validateHooksConfig } from './parse-config.ts';
export {
  type ConfigLocationOptions,
  type ConfigSource,
  type ResolvedConfigPath,
  resolveConfigPath,
} from './resolve-config-path.ts';
export { DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS } from './setup-schema.ts';
export { setEventEnabled, setHookEnabled } from './config-toggles.ts';
export type {
  ConfigChange,
  EventToggleOptions,
  HookIdentity,
  HookToggleOptions,
  ToggleTarget,
} from './write-config.ts';
export { type AtomicWriteOptions, writeFileAtomically } from './write-file-atomically.ts';
