import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The committed bin shim, which loads the built dist/cli.js, as users run it. */
export const coshBin = fileURLToPath(new URL('../../bin/cosh.js', import.meta.url));
const builtCli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** Fails with what to do when the binary has not been built (tests never build: builds clash). */
export async function assertBuilt(): Promise<void> {
  await access(builtCli).catch(() => {
    throw new Error(`${builtCli} is missing: run \`pnpm --filter @cosh/app... build\` first`);
  });
}

export interface CoshRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node bin/cosh.js …args` and collects its exit status and output. */
export function runCosh(
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
): Promise<CoshRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [coshBin, ...args], {
      cwd: options.cwd,
      // A clean environment: no COSH_CONFIG or XDG_CONFIG_HOME of the machine leaks in.
      env: { PATH: process.env['PATH'], HOME: options.cwd, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
