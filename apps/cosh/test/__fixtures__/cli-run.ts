import { fileURLToPath } from 'node:url';
import { type NodeRun, runNode, TRUST_ALL_ENV, withoutTrustAllWarning } from '@cosh/test-utils';
import { requireFreshBuild } from '../e2e-fresh-build.ts';

/** The committed bin shim, which loads the built dist/start.cjs, as users run it. */
export const coshBin = fileURLToPath(new URL('../../bin/cosh.js', import.meta.url));
/**
 * Fails, saying what to run, when the binary is not built or older than its sources: the e2e
 * project's setup checks this once (test/e2e-fresh-build.ts); a file that needs the binary checks
 * it again, for a run that bypasses the configuration.
 */
export async function assertBuilt(): Promise<void> {
  requireFreshBuild();
}

/** How a `cosh` run ended and what it printed. */
export type CoshRun = Pick<NodeRun, 'code' | 'stdout' | 'stderr'>;

/**
 * Runs `node bin/cosh.js …args` as a program runs it: in a clean environment (no COSH_CONFIG or
 * XDG_CONFIG_HOME of the machine leaks in; `HOME` is `cwd`) plus `env`, and in a session of its
 * own, so it has no controlling terminal even when the tests run from one. `COSH_TRUST=all` (SPEC
 * S4) unless `env` says otherwise (`COSH_TRUST: undefined` checks trust); its warning is left out
 * of `stderr`.
 */
export async function runCosh(
  args: readonly string[],
  options: {
    cwd: string;
    env?: NodeJS.ProcessEnv;
    input?: string;
    nodeOptions?: readonly string[];
    timeoutMs?: number;
  },
): Promise<CoshRun> {
  const { code, stdout, stderr } = await runNode(coshBin, args, {
    cwd: options.cwd,
    env: withoutUnset({ PATH: process.env['PATH'], HOME: options.cwd, ...TRUST_ALL_ENV, ...options.env }),
    input: options.input,
    nodeOptions: options.nodeOptions,
    detached: true,
    timeoutMs: options.timeoutMs,
  });
  return { code, stdout, stderr: withoutTrustAllWarning(stderr) };
}

/** `env` without the names set to undefined (a test's way of removing a default). */
export function withoutUnset(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
}
