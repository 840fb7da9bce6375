// Trust (SPEC S): which scripts a file's hooks name, their fingerprints, the trust store with its
// snapshots, and the decision per file at load. One concept, kept apart from parsing and writing.
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
export { commandScriptPaths, type ScriptPlaces, splitShellWords } from './script-words.ts';
export {
  readTrustStore,
  type TrustCandidate,
  type TrustedScript,
  type TrustRecord,
  type TrustRecords,
  trustStoreFile,
} from './trust-store.ts';
