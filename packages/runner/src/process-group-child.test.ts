import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolders } from '@cosh/test-utils';
import {
  hostEnvironment,
  isProcessAlive,
  killQuietly,
  listLivingGroupMembers,
  pidsWrittenTo,
} from './__fixtures__/process-probes.ts';
import { countRunningGroups } from './process-group.ts';
import { spawnProcessGroup } from './process-group-child.ts';

const makeFolder = temporaryFolders('cosh-runner-test-');
let temporary: string;
const cleanup: number[] = [];

beforeAll(() => {
  temporary = makeFolder();
});
afterEach(() => {
  killQuietly(cleanup.splice(0));
});

describe('spawnProcessGroup', () => {
  it('R6: stop() ends the whole group, SIGKILLing after the grace what ignores SIGTERM, and a setsid descendant', async () => {
    const pidFile = join(temporary, 'server.pids');
    const started = spawnProcessGroup(
      '/bin/sh',
      [
        '-c',
        `trap '' TERM; echo $$ > ${pidFile}; sleep 60 & echo $! >> ${pidFile}; setsid sleep 60 & echo $! >> ${pidFile}; wait`,
      ],
      { cwd: temporary, env: hostEnvironment },
    );
    await new Promise((resolve) => started.child.once('spawn', resolve));
    const [shell, sleeper, escaped] = await pidsWrittenTo(pidFile, 3, cleanup);
    expect(countRunningGroups()).toBeGreaterThanOrEqual(1);
    await started.stop(200);
    for (const pid of [shell!, sleeper!, escaped!]) expect(isProcessAlive(pid)).toBe(false);
    expect(listLivingGroupMembers(shell!)).toEqual([]);
    await started.stop(200);
  });

  it('R6 (X, shutdown): a setsid child of a program that exited on its own first is still stopped', async () => {
    // A server that starts a helper in a session of its own, then exits when its stdin closes
    // (as an MCP server does): the helper is init's child by the time stop() runs.
    for (const scanned of ['by the periodic scan', 'by collectDescendants before stdin closes']) {
      const pidFile = join(temporary, `escapee-${scanned.length}.pid`);
      const started = spawnProcessGroup(
        '/bin/sh',
        ['-c', `setsid sleep 60 & echo $! > ${pidFile}; read line; exit 0`],
        {
          cwd: temporary,
          env: hostEnvironment,
          descendantScanMs: scanned === 'by the periodic scan' ? 50 : 3_600_000,
        },
      );
      const [escapee] = await pidsWrittenTo(pidFile, 1, cleanup);
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

  it('R6 (X, shutdown): stop() at once after the spawn, before the spawn event, still stops the program', async () => {
    // The pid is known when spawnProcessGroup returns; a stop (or a collect) before Node delivers
    // 'spawn' once found no group, returned at once, and left the program (and its setsid helpers,
    // about 1 run in 8 of the test above) running.
    const started = spawnProcessGroup('/bin/sh', ['-c', 'sleep 60'], { cwd: temporary, env: hostEnvironment });
    const pid = started.child.pid;
    expect(pid).toBeGreaterThan(0);
    cleanup.push(pid!);
    const exited = new Promise((resolve) => started.child.once('exit', resolve));
    await started.stop(200);
    await exited;
    expect(isProcessAlive(pid!)).toBe(false);
  });

  it('a command that cannot start reports it on the child, and stop() has nothing to do', async () => {
    const started = spawnProcessGroup('/nonexistent/server', [], { cwd: temporary, env: hostEnvironment });
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => started.child.once('error', resolve));
    expect(error.code).toBe('ENOENT');
    await started.stop(200);
  });
});
