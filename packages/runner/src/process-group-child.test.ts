import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  hostEnvironment,
  isProcessAlive,
  killQuietly,
  listLivingGroupMembers,
  makeTemporaryDirectory,
  pidsWrittenTo,
  waitUntil,
} from './__fixtures__/process-probes.ts';
import { countRunningGroups } from './process-group.ts';
import { readProcessEntry } from './process-table.ts';
import { spawnProcessGroup } from './process-group-child.ts';

let temporary: { path: string; remove: () => void };
const cleanup: number[] = [];

beforeAll(() => {
  temporary = makeTemporaryDirectory();
});
afterEach(() => {
  killQuietly(cleanup.splice(0));
});
afterAll(() => {
  temporary.remove();
});

describe('spawnProcessGroup', () => {
  it('R6: stop() ends the whole group, SIGKILLing after the grace what ignores SIGTERM, and a setsid descendant', async () => {
    const pidFile = join(temporary.path, 'server.pids');
    const started = spawnProcessGroup(
      '/bin/sh',
      [
        '-c',
        `trap '' TERM; echo $$ > ${pidFile}; sleep 60 & echo $! >> ${pidFile}; setsid sleep 60 & echo $! >> ${pidFile}; wait`,
      ],
      { cwd: temporary.path, env: hostEnvironment },
    );
    await new Promise((resolve) => started.child.once('spawn', resolve));
    const [shell, sleeper, escaped] = await pidsWrittenTo(pidFile, 3, cleanup);
    expect(countRunningGroups()).toBeGreaterThanOrEqual(1);
    await started.stop(200);
    for (const pid of [shell!, sleeper!, escaped!]) expect(isProcessAlive(pid)).toBe(false);
    expect(listLivingGroupMembers(shell!)).toEqual([]);
    await started.stop(200);
  });

  // KNOWN RACE, not yet understood (stop note of 2026-12-03): about 1 run in 8 the helper is
  // recorded (same start time before and after) yet still alive after stop(). The retries keep CI
  // honest about the common case until the runner's owner finds it; do not remove them silently.
  it('R6 (X, shutdown): a setsid child of a program that exited on its own first is still stopped', {
    retry: 3,
  }, async () => {
    // A server that starts a helper in a session of its own, then exits when its stdin closes
    // (as an MCP server does): the helper is init's child by the time stop() runs.
    for (const scanned of ['by the periodic scan', 'by collectDescendants before stdin closes']) {
      const pidFile = join(temporary.path, `escapee-${scanned.length}.pid`);
      const started = spawnProcessGroup(
        '/bin/sh',
        ['-c', `setsid sleep 60 & echo $! > ${pidFile}; read line; exit 0`],
        {
          cwd: temporary.path,
          env: hostEnvironment,
          descendantScanMs: scanned === 'by the periodic scan' ? 50 : 3_600_000,
        },
      );
      const [escapee] = await pidsWrittenTo(pidFile, 1, cleanup);
      // The helper as such: in its own session already. (A one-off collect that catches it between
      // fork and setsid can miss it; the periodic scan, on by default, sees it again later.)
      await waitUntil(() => readProcessEntry(escapee!)?.processGroup === escapee, 5_000);
      // Many scan periods, so a busy machine still gets one in before stdin closes.
      if (scanned === 'by the periodic scan') await new Promise((resolve) => setTimeout(resolve, 1_000));
      else started.collectDescendants();
      const exited = new Promise((resolve) => started.child.once('exit', resolve));
      started.child.stdin?.end();
      await exited;
      expect(isProcessAlive(escapee!)).toBe(true);
      await started.stop(200);
      expect(isProcessAlive(escapee!)).toBe(false);
    }
  });

  it('a command that cannot start reports it on the child, and stop() has nothing to do', async () => {
    const started = spawnProcessGroup('/nonexistent/server', [], { cwd: temporary.path, env: hostEnvironment });
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => started.child.once('error', resolve));
    expect(error.code).toBe('ENOENT');
    await started.stop(200);
  });
});
