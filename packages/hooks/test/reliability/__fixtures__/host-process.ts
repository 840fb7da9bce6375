// Runs engine-host.mjs against a bundle of this package's sources and reads its one-line report.
import { fileURLToPath } from 'node:url';
import { bundleSources, runNode, type SourceBundle } from '@cosh/test-utils';

const hostScript = fileURLToPath(new URL('./engine-host.mjs', import.meta.url));

/** The engine and the config parser, bundled from the sources, for engine-host.mjs. */
export function bundleEngine(): Promise<SourceBundle> {
  return bundleSources(
    fileURLToPath(new URL('../../..', import.meta.url)),
    'test/reliability/__fixtures__/engine-entry.ts',
  );
}

/** What the host printed, parsed, and its pid (for looking at what it left behind). */
export interface HostRun<Report> {
  readonly report: Report;
  readonly pid: number;
  readonly stderr: string;
}

/** `node --expose-gc engine-host.mjs <bundle> <scenario> <work directory> …arguments`. */
export async function runEngineHost<Report>(
  bundle: string,
  scenario: string,
  workDirectory: string,
  ...scenarioArguments: string[]
): Promise<HostRun<Report>> {
  const run = await runNode(hostScript, [bundle, scenario, workDirectory, ...scenarioArguments], {
    nodeOptions: ['--expose-gc'],
  });
  if (run.code !== 0) throw new Error(`engine host ${scenario} ended with ${run.code ?? run.signal}: ${run.stderr}`);
  return { report: JSON.parse(run.stdout) as Report, pid: run.pid, stderr: run.stderr };
}
