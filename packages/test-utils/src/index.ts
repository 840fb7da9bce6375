export { bundleSources, type SourceBundle } from './bundle-sources.ts';
export { isProcessAlive, killQuietly, type LivingProcess, livingProcesses, waitUntil } from './process-probes.ts';
export { type NodeRun, runNode, type RunNodeOptions } from './run-node.ts';
export { temporaryFolders } from './temporary-folder.ts';
export {
  closedPort,
  type LocalServer,
  type ReceivedRequest,
  type Respond,
  startLocalServer,
  testCertificate,
} from './local-http-server.ts';
export { TRUST_ALL_ENV, withoutTrustAllWarning, withoutUnfencedWarning } from './trust-all.ts';
export { hasBubblewrap, hasLandlock } from './sandbox-probes.ts';
