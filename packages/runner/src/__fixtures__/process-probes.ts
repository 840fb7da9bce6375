// Helpers for tests that check real processes: temp dirs, pid files, liveness, /proc scans.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listProcesses, readProcessEntry } from '../process-table.ts';

/** A fresh temporary directory, and a function that removes it. */
export function makeTemporaryDirectory(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'cosh-runner-test-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Pids a hook wrote to a file, one per whitespace-separated word. */
export function readPids(file: string): number[] {
  return readFileSync(file, 'utf8')
    .split(/\s+/)
    .filter((word) => word !== '')
    .map(Number);
}

/**
 * Reads the pids a hook writes to `file`, waiting up to `timeoutMs` for `count` of them (a hook
 * may be slow to write them), and adds them to `cleanup` for the test's afterEach.
 */
export async function pidsWrittenTo(file: string, count: number, cleanup: number[], timeoutMs = 5_000): Promise<number[]> {
  let pids: number[] = [];
  await waitUntil(() => {
    try {
      pids = readPids(file);
    } catch {
      return false;
    }
    return pids.length >= count;
  }, timeoutMs);
  cleanup.push(...pids);
  return pids;
}

/**
 * `kill -0` says whether the pid exists; a zombie also exists but is dead (only not reaped yet:
 * this container's pid 1 may never reap orphans), so it counts as gone.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const entry = readProcessEntry(pid);
  return entry !== undefined && entry.state !== 'Z';
}

/** Living (not zombie) processes whose process group is `processGroup`, from `/proc`. */
export function listLivingGroupMembers(processGroup: number): number[] {
  return listProcesses()
    .filter((entry) => entry.processGroup === processGroup && entry.state !== 'Z')
    .map((entry) => entry.pid);
}

/** Polls `condition` every 20 ms until it holds or `timeoutMs` passes; returns whether it held. */
export async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** SIGKILLs pids a test left running on purpose (R7 background processes). */
export function killQuietly(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** The complete environment a hook gets in these tests: the host's, as the engine passes it. */
export const hostEnvironment: Readonly<Record<string, string | undefined>> = { ...process.env };
