export { checkMatcher, type MatcherCheck } from './check-matcher.ts';
export { editDistance, type SuggestOptions, suggestClosest } from './closest-match.ts';
export { coshCacheFolder, readCacheFile, writeCacheFile } from './cache-folder.ts';
export { ConfigError, type ConfigErrorCode } from './config-error.ts';
export {
  CONFIG_LAYERS,
  type ConfigLayer,
  type ConfigProblem,
  type FileSettings,
  type HookEntry,
  type HookOffReason,
  type HooksConfig,
  type JsonPath,
  type LoadedConfig,
  type ProblemSeverity,
  type SandboxSettings,
  type WrittenSetting,
} from './config-types.ts';
export {
  decideTrust,
  type HookScripts,
  type HookTrustProblem,
  type ScriptChange,
  type ScriptChangeKind,
  scriptChangedReason,
  type TrustContext,
  type TrustDecision,
  type TrustFacts,
  type TrustLoad,
  type TrustState,
} from './decide-trust.ts';
export {
  type ConfigLayerLocations,
  type ConfigLayerOptions,
  DEFAULT_MANAGED_CONFIG,
  findConfigLayers,
  type LayerLocation,
  projectFileForWriting,
} from './find-config-layers.ts';
export {
  type ConfigLayerFile,
  type ConfigLayers,
  type LoadedHooks,
  type LoadHooksOptions,
  loadHooks,
  readConfigLayers,
} from './load-hooks.ts';
export { type LayerInput, type LayerWarning, type MergedLayers, mergeLayers } from './merge-layers.ts';
export { commandScriptPaths, type ScriptPlaces, splitShellWords } from './script-words.ts';
export {
  readTrustStore,
  type TrustCandidate,
  type TrustedScript,
  type TrustRecord,
  type TrustRecords,
  trustStoreFile,
} from './trust-store.ts';
export { formatJsonPath, formatProblem } from './format-problem.ts';
export {
  HOOK_EVENTS,
  type HookEvent,
  isHookEvent,
  ON_ERROR_VALUES,
  type OnError,
  SANDBOX_MODES,
  type SandboxMode,
} from './hook-events.ts';
export { DEFAULT_SANDBOX_SETTINGS } from './sandbox-settings.ts';
export { createSetupJsonSchema, renderSetupJsonSchema } from './json-schema.ts';
export { loadConfig, safeLoadConfig } from './load-config.ts';
export { locateJsonPath } from './locate-json-path.ts';
export {
  emptyConfig,
  type ParseConfigOptions,
  type ParseConfigResult,
  parseConfig,
  validateHooksConfig,
} from './parse-config.ts';
export {
  type ConfigLocationOptions,
  type ConfigSource,
  type ResolvedConfigPath,
  resolveConfigPath,
} from './resolve-config-path.ts';
export { DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS } from './hook-defaults.ts';
export type { SourcePosition } from './source-map.ts';
export { applyToggleToSnapshot, recordTrust, setEventEnabled, setHookEnabled } from './config-toggles.ts';
export type { ImportedHookEntry, ImportedHooksChange } from './import-hook-entries.ts';
export { replaceImportedHooks } from './replace-imported-hooks.ts';
export type { HookIdentity } from './toggle-requests.ts';
export type {
  ConfigChange,
  EventToggleOptions,
  HookToggleOptions,
  SnapshotToggle,
  ToggleTarget,
} from './write-config.ts';
export { type AtomicWriteOptions, writeFileAtomically } from './write-file-atomically.ts';
