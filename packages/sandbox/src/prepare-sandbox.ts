import { bwrapArguments } from './bwrap-arguments.ts';
import { landlockArguments } from './landlock-arguments.ts';
import { resolvePolicyPaths } from './resolve-policy-paths.ts';
import { sandboxExecProfile } from './sandbox-exec-profile.ts';
import type { SandboxPolicy, SandboxPreparation, SandboxProbe } from './sandbox-policy.ts';

/**
 * How to run one command under `policy` in the sandbox `probe` found: a launcher to spawn in
 * front of `/bin/sh -c <command>`, or why no sandbox can start (the probe's cause). Resolves the
 * policy's paths now (symbolic links followed, missing ones left out), so call it per command:
 * a folder created since the last call is then protected too.
 *
 * @example
 * const prepared = prepareSandbox({ cwd, writable: [], readOnly: [configFolder], network: true }, probeSandbox());
 * if (prepared.ok) spawn(prepared.launch.launcher[0], [...prepared.launch.launcher.slice(1), '/bin/sh', '-c', command]);
 */
export function prepareSandbox(policy: SandboxPolicy, probe: SandboxProbe): SandboxPreparation {
  if (probe.kind === null) return { ok: false, cause: probe.cause };
  const paths = resolvePolicyPaths(policy);
  switch (probe.kind) {
    case 'bwrap':
      return {
        ok: true,
        launch: { kind: 'bwrap', launcher: [probe.program, ...bwrapArguments(paths, { network: policy.network })] },
      };
    case 'sandbox-exec':
      return {
        ok: true,
        launch: {
          kind: 'sandbox-exec',
          launcher: [probe.program, '-p', sandboxExecProfile(paths, { network: policy.network })],
        },
      };
    case 'landlock':
      return {
        ok: true,
        launch: {
          kind: 'landlock',
          launcher: [probe.program, ...landlockArguments(paths, { network: policy.network })],
        },
      };
    default: {
      const never: never = probe;
      return never;
    }
  }
}
