import { readdirSync, readFileSync } from 'node:fs';

/** One living process as `/proc/<pid>/stat` tells it; `startTime` is in clock ticks since boot. */
export interface LivingProcess {
  readonly pid: number;
  readonly parentPid: number;
  readonly processGroup: number;
  readonly startTime: number;
  readonly command: string;
}

function readStat(pid: number | string): (LivingProcess & { readonly state: string }) | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // pid (comm) state ppid pgrp … starttime (the 20th field after the command, see proc(5)):
  // the command may hold spaces and parentheses.
  const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    pid: Number(pid),
    state: fields[0] ?? '',
    parentPid: Number(fields[1]),
    processGroup: Number(fields[2]),
    startTime: Number(fields[19]),
    command,
  };
}

/**
 * Whether the process is alive. A zombie is not: it is dead and only waits to be reaped, which
 * the init of a container may do seconds late or never.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const entry = readStat(pid);
  return entry !== undefined && entry.state !== 'Z';
}

/** Every process alive now (zombies excluded), from `/proc`. */
export function livingProcesses(): LivingProcess[] {
  const processes: LivingProcess[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readStat(name);
    if (entry === undefined || entry.state === 'Z') continue;
    const { state: _state, ...living } = entry;
    processes.push(living);
  }
  return processes;
}

/** Polls `condition` every 20 ms until it holds or `timeoutMs` passes; resolves whether it held. */
export async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** SIGKILLs pids a test left running on purpose; one already gone is fine. */
export function killQuietly(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
