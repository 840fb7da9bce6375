// The public surface: what Cosh's other packages and the README's examples use. Everything else
// in this package is internal; import a module file directly in this package's own tests.
export { coshCacheFolder, readCacheFile, writeCacheFile } from './cache-folder.ts';
export { checkMatcher } from './check-matcher.ts';
export { claudeProjectDir, claudeProjectDirOnDisk } from './claude-project-dir.ts';
export { claudeToolNameRunAdvice } from './claude-tool-names.ts';
export { suggestClosest } from './closest-match.ts';
export { ConfigError } from './config-error.ts';
export {
  applyToggleToSnapshot,
  recordTrust,
  setEventEnabled,
  setHookEnabled,
} from './config-toggles.ts';
export type {
  ConfigLayer,
  ConfigProblem,
  HookEntry,
  HookOffReason,
  HookRule,
  HooksConfig,
  JournalSettings,
  RuleDecision,
  RuleOperator,
  SandboxSettings,
} from './config-types.ts';
export { type FileLockOptions, LockTimeoutError, lockFileFor, withBriefFileLock, withFileLock } from './file-lock.ts';
export { type LayerLocation, projectFileForWriting } from './find-config-layers.ts';
export { editJsonText, type JsonTextEdit, readJsonText } from './edit-json-text.ts';
export { formatJsonPath, formatProblem } from './format-problem.ts';
export { homeFolder } from './home-folder.ts';
export { agentWritableFolders, type HookPath, hookPathFor, hookPathOf } from './hook-path.ts';
export { describeRule } from './hook-rule.ts';
export {
  EVENTS_ALLOWING_ASYNC,
  eventsToShow,
  HOOK_EVENTS,
  type HookEvent,
  isHookEvent,
  listedEvents,
  type OnError,
  type SandboxMode,
} from './hook-events.ts';
export type { ImportedHookEntry } from './import-hook-entries.ts';
export { type CommandCheckEnvironment, checkHookCommands } from './command-checks.ts';
export { renderSetupJsonSchema } from './json-schema.ts';
export { loadConfig, safeLoadConfig } from './load-config.ts';
export {
  type ConfigLayerFile,
  type ConfigLayers,
  type LoadedHooks,
  type LoadHooksOptions,
  loadHooks,
  readConfigLayers,
} from './load-hooks.ts';
export { DEFAULT_JOURNAL_SETTINGS, resolveJournalSettings } from './journal-settings.ts';
export { locateJsonPath } from './locate-json-path.ts';
export { type LayerInput, mergeLayers } from './merge-layers.ts';
export { findProtectedPathSync, type ProtectedFiles, protectedFiles } from './protected-files.ts';
export {
  coreHooksPath,
  coshInstallationFolder,
  gitProtectedPaths,
  type ProtectedPathsInput,
  protectedPaths,
  protectedPathsInputOf,
  protectedPathWhat,
} from './protected-paths.ts';
export { type GitIndirections, type GitPlaceholder, gitIndirections } from './git-indirections.ts';
export { bridgeEntryPoints, type ClientFile, clientProjectFolders, clientSettingsFiles } from './client-files.ts';
export { emptyConfig, parseConfig, validateHooksConfig } from './parse-config.ts';
export { replaceImportedHooks } from './replace-imported-hooks.ts';
export { resolveConfigPath } from './resolve-config-path.ts';
export type { HookIdentity } from './toggle-requests.ts';
export {
  readTrustStore,
  type ScriptChange,
  type TrustCandidate,
  type TrustState,
  trustStoreFile,
} from './trust/index.ts';
export {
  createScriptCheck,
  type ScriptCheck,
  type TrustedHookScripts,
} from './trust/script-check.ts';
export type { SnapshotToggle, ToggleTarget } from './write-config.ts';
export { writeFileAtomically } from './write-file-atomically.ts';
