import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { madeProgress, processActivity } from './process-activity.ts';

// Linux only: elsewhere processActivity is undefined, and a lock's holder is judged by its hands alone.
const linux = existsSync('/proc/self/stat');

describe('processActivity', () => {
  it.runIf(linux)(
    'C8: this process is runnable while it looks; a sleeping one is not; a gone one is unknown',
    async () => {
      expect(processActivity(process.pid)).toMatchObject({ runnable: true });
      const sleeper = spawn('sleep', ['30']);
      try {
        await sleep(200);
        const asleep = processActivity(sleeper.pid ?? 0);
        expect(asleep).toMatchObject({ runnable: false });
        expect(Number.isInteger(asleep?.cpuTicks)).toBe(true);
      } finally {
        sleeper.kill('SIGKILL');
      }
      const gone = Number(String(spawnSync('/bin/sh', ['-c', 'echo $$']).stdout).trim());
      expect(processActivity(gone)).toBeUndefined();
    },
  );

  it('C8: progress is being runnable or having used CPU time since the last look; unknown is none', () => {
    expect(madeProgress(undefined, undefined)).toBe(false);
    expect(madeProgress({ runnable: false, cpuTicks: 5 }, undefined)).toBe(false);
    expect(madeProgress(undefined, { runnable: true, cpuTicks: 5 })).toBe(true);
    expect(madeProgress(undefined, { runnable: false, cpuTicks: 5 })).toBe(false);
    expect(madeProgress({ runnable: false, cpuTicks: 5 }, { runnable: false, cpuTicks: 5 })).toBe(false);
    expect(madeProgress({ runnable: false, cpuTicks: 5 }, { runnable: false, cpuTicks: 6 })).toBe(true);
  });
});
