// The tests' way to run a launch as the runner does: the launcher, its files as descriptors
// 3, 4, … (regular files, each opened for this process), then /bin/sh -c <command>.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxLaunch } from '../sandbox-policy.ts';

export function runLaunch(
  launch: Pick<SandboxLaunch, 'launcher' | 'files'>,
  cwd: string,
  command: string,
  options: { readonly env?: NodeJS.ProcessEnv; readonly timeoutMs?: number } = {},
): { status: number | null; stdout: string; stderr: string } {
  const folder = mkdtempSync(join(tmpdir(), 'cosh-launch-files-'));
  const fds = launch.files.map((bytes, index) => {
    const file = join(folder, String(index));
    writeFileSync(file, bytes);
    return openSync(file, 'r');
  });
  try {
    const [program, ...args] = launch.launcher;
    const run = spawnSync(program as string, [...args, '/bin/sh', '-c', command], {
      cwd,
      encoding: 'utf8',
      timeout: options.timeoutMs ?? 20_000,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe', ...fds],
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    for (const fd of fds) closeSync(fd);
    rmSync(folder, { recursive: true, force: true });
  }
}
