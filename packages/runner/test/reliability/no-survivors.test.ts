// No survivors: 100 hooks that time out while their process trees are busy starting more
// (grandchildren, subshells, pipelines, processes that ignore SIGTERM, a TERM trap that starts
// yet another, a child that moved to a session of its own) leave nothing behind: every pid they
// recorded is gone and nothing is left in any of their process groups.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolders } from '@cosh/test-utils';
import {
  hostEnvironment,
  isProcessAlive,
  killQuietly,
  listLivingGroupMembers,
} from '../../src/__fixtures__/process-probes.ts';
import { countRunningGroups } from '../../src/process-group.ts';
import { runHooks } from '../../src/run-hooks.ts';

const makeFolder = temporaryFolders('cosh-runner-test-');
let temporary: string;
beforeAll(() => {
  temporary = makeFolder();
});

const hookCount = 100;
const batchSize = 20;
const timeoutMs = 200;

/**
 * Process trees a hook might grow, each recording its pids in `$PIDS` as it goes (`$$` of a
 * subshell is the hook's; `sh -c 'echo $$'` is the new shell's own).
 */
const shapes: Record<string, string> = {
  grandchildren: 'sleep 60 & echo $! >> "$PIDS"; sleep 60 & echo $! >> "$PIDS"; wait',
  'ignores TERM': `trap '' TERM; sleep 60 & echo $! >> "$PIDS"; sleep 60`,
  subshell: '( sleep 60; true ) & echo $! >> "$PIDS"; wait',
  'sh -c': `sh -c 'echo $$ >> "$PIDS"; sleep 60' & echo $! >> "$PIDS"; wait`,
  'nested sh -c ignoring TERM': `sh -c 'trap "" TERM; sh -c "echo \\$\\$ >> \\"\\$PIDS\\"; sleep 60" & echo $$ >> "$PIDS"; wait' & wait`,
  pipeline: `sh -c 'echo $$ >> "$PIDS"; exec sleep 60' | sh -c 'echo $$ >> "$PIDS"; exec sleep 60'`,
  'TERM trap starts more': `trap 'sh -c "echo \\$\\$ >> \\"\\$PIDS\\"; sleep 60" & wait' TERM; sleep 60 & echo $! >> "$PIDS"; wait`,
  'stdout held by a child': 'sleep 60 & echo $! >> "$PIDS"; exec sleep 60',
  'left its group (setsid)': `setsid sh -c 'echo $$ >> "$PIDS"; sleep 60' & wait`,
  'busy loop': `trap '' TERM; while :; do :; done`,
};
const shapeNames = Object.keys(shapes);

describe('no survivors', () => {
  it(`R6: ${hookCount} timed-out hooks with grandchildren, subshells and SIGTERM-ignoring processes leave no process alive`, async () => {
    const hooks = Array.from({ length: hookCount }, (_, index) => {
      const shape = shapeNames[index % shapeNames.length] as string;
      const pidFile = join(temporary, `hook-${index}.pids`);
      // The shell's own pid first: it is the process group of everything in the hook.
      return { shape, pidFile, command: `echo $$ >> "$PIDS"; ${shapes[shape]}` };
    });

    const results = [];
    for (let start = 0; start < hooks.length; start += batchSize) {
      const batch = hooks.slice(start, start + batchSize);
      results.push(
        ...(await runHooks(
          batch.map((hook) => ({
            command: hook.command,
            stdin: '',
            env: { ...hostEnvironment, PIDS: hook.pidFile },
            cwd: temporary,
            timeoutMs,
          })),
        )),
      );
    }

    // Every hook timed out (none finished on its own, none failed to start) and was killed.
    expect(
      results.map(
        (result, index) => `${hooks[index]?.shape}: ${result.timedOut ? 'timed out' : JSON.stringify(result)}`,
      ),
    ).toEqual(hooks.map((hook) => `${hook.shape}: timed out`));
    expect(countRunningGroups()).toBe(0);

    // What the hooks recorded before the kill. Under load a hook may be killed before it wrote
    // everything; what it did not record is still covered by the process-group check below.
    const recorded = hooks.map((hook) => {
      let pids: number[] = [];
      try {
        pids = readFileSync(hook.pidFile, 'utf8').split(/\s+/).filter(Boolean).map(Number);
      } catch {
        // Killed before its first write.
      }
      return { shape: hook.shape, pids };
    });
    const everyPid = recorded.flatMap((hook) => hook.pids);
    // Nearly every hook got to record its shell and more: the test saw real trees.
    expect(recorded.filter((hook) => hook.pids.length >= 2).length).toBeGreaterThan(hookCount / 2);

    const alive = everyPid.filter((pid) => isProcessAlive(pid));
    // Each hook's shell leads its group; a shell that called setsid leads one of its own. Any
    // recorded pid may be a leader, so every one is checked as a group.
    const inGroups = [...new Set(everyPid)].flatMap((group) => listLivingGroupMembers(group));
    // Cleanup before asserting, so a failure does not leave sleepers behind for other tests.
    killQuietly([...alive, ...inGroups]);
    expect(alive.map((pid) => `${pid} (${recorded.find((hook) => hook.pids.includes(pid))?.shape})`)).toEqual([]);
    expect(inGroups).toEqual([]);
    // Five batches of 20 trees (some spinning a core until killed): about a minute, more than two
    // with both cores busy.
  }, 300_000);
});
