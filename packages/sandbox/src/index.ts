export { bwrapArguments } from './bwrap-arguments.ts';
export { prepareSandbox } from './prepare-sandbox.ts';
export {
  forgetSandboxProbes,
  locateSandbox,
  type ProbeOptions,
  probeSandbox,
  probeTimeoutMs,
} from './probe-sandbox.ts';
export { isStrictlyInside, type ResolvedPolicyPaths, resolvePolicyPaths } from './resolve-policy-paths.ts';
export { sandboxExecProfile } from './sandbox-exec-profile.ts';
export type {
  SandboxKind,
  SandboxLaunch,
  SandboxPolicy,
  SandboxPreparation,
  SandboxProbe,
} from './sandbox-policy.ts';
