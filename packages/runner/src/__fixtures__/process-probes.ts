// Helpers for the runner's tests that check real processes: pid files, group members; liveness,
// polling and temporary folders come from @cosh/test-utils.
import { readFileSync } from 'node:fs';
import { waitUntil } from '@cosh/test-utils';
import { listProcesses } from '../process-table.ts';

export { isProcessAlive, killQuietly, waitUntil } from '@cosh/test-utils';

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
export async function pidsWrittenTo(
  file: string,
  count: number,
  cleanup: number[],
  timeoutMs = 5_000,
): Promise<number[]> {
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

/** Living (not zombie) processes whose process group is `processGroup`, from `/proc`. */
export function listLivingGroupMembers(processGroup: number): number[] {
  return listProcesses()
    .filter((entry) => entry.processGroup === processGroup && entry.state !== 'Z')
    .map((entry) => entry.pid);
}

/** The complete environment a hook gets in these tests: the host's, as the engine passes it. */
export const hostEnvironment: Readonly<Record<string, string | undefined>> = { ...process.env };
