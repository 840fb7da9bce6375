export { bwrapArguments } from './bwrap-arguments.ts';
export { prepareSandbox } from './prepare-sandbox.ts';
export {
  forgetSandboxProbes,
  locateSandbox,
  type ProbeOptions,
  probeSandbox,
  probeTimeoutMs,
} from './probe-sandbox.ts';
export {
  isStrictlyInside,
  type ResolvedPolicyPaths,
  resolvePolicyPaths,
  splitReadOnly,
} from './resolve-policy-paths.ts';
export { sandboxExecProfile } from './sandbox-exec-profile.ts';
export type {
  SandboxKind,
  SandboxLaunch,
  SandboxPlaceholder,
  SandboxPolicy,
  SandboxPreparation,
  SandboxProbe,
} from './sandbox-policy.ts';
export { unixSocketFilter } from './unix-socket-filter.ts';
