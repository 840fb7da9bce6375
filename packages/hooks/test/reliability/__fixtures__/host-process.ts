// Runs engine-host.mjs against a bundle of this package's sources and reads its one-line report.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const hostScript = fileURLToPath(new URL('./engine-host.mjs', import.meta.url));

/** What the host printed, parsed, and its pid (for looking at what it left behind). */
export interface HostRun<Report> {
  readonly report: Report;
  readonly pid: number;
  readonly stderr: string;
}

/** `node --expose-gc engine-host.mjs <bundle> <scenario> <work directory> …arguments`. */
export function runEngineHost<Report>(
  bundle: string,
  scenario: string,
  workDirectory: string,
  ...scenarioArguments: string[]
): Promise<HostRun<Report>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', hostScript, bundle, scenario, workDirectory, ...scenarioArguments], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code !== 0) {
        reject(new Error(`engine host ${scenario} ended with ${code ?? signal}: ${stderr}`));
        return;
      }
      resolve({ report: JSON.parse(stdout) as Report, pid: child.pid ?? -1, stderr });
    });
  });
}

/** One process as /proc tells it; `startTime` is in clock ticks since boot. */
export interface LivingProcess {
  readonly pid: number;
  readonly parentPid: number;
  readonly processGroup: number;
  readonly startTime: number;
  readonly command: string;
}

/** Every process alive now (zombies excluded), with its parent, process group and start time, from /proc. */
export function livingProcesses(): LivingProcess[] {
  const processes = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // Gone meanwhile.
    }
    // pid (comm) state ppid pgrp … starttime (the 20th field after the command, see proc(5)):
    // the command may hold spaces and parentheses.
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') continue;
    processes.push({
      pid: Number(name),
      parentPid: Number(fields[1]),
      processGroup: Number(fields[2]),
      startTime: Number(fields[19]),
      command,
    });
  }
  return processes;
}
