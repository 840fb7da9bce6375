import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolders } from '@cosh/test-utils';
import { hostEnvironment, killQuietly, waitUntil } from './__fixtures__/process-probes.ts';
import type { HookProcessRequest } from './hook-process.ts';
import { createHookRunner } from './hook-runner.ts';
import { listProcesses } from './process-table.ts';
import { RunnerError } from './runner-error.ts';

const makeFolder = temporaryFolders('cosh-runner-test-');
let temporary: string;
beforeAll(() => {
  temporary = makeFolder();
});

const request = (command: string, overrides: Partial<HookProcessRequest> = {}): HookProcessRequest => ({
  command,
  stdin: '',
  env: hostEnvironment,
  cwd: temporary,
  timeoutMs: 30_000,
  ...overrides,
});

/** A fresh folder inside the test's temporary directory. */
function folder(name: string): string {
  const path = join(temporary, name);
  mkdirSync(path);
  return path;
}

/** Living shells this process spawned, from `/proc` (hooks run as our direct children). */
function livingChildShells(): number {
  return listProcesses().filter((entry) => entry.parentPid === process.pid && entry.state !== 'Z').length;
}

/** Samples `livingChildShells` every few milliseconds until stopped; returns the highest count. */
function sampleLivingChildren(): () => number {
  let highest = 0;
  const timer = setInterval(() => {
    highest = Math.max(highest, livingChildShells());
  }, 5);
  return () => {
    clearInterval(timer);
    return highest;
  };
}

describe('R11 bounded concurrency', () => {
  it('R11: 48 hooks with a limit of 8 never have more than 8 processes alive; all finish, results in request order', async () => {
    const live = folder('r11-live');
    const runner = createHookRunner({ maxConcurrentProcesses: 8 });
    // Each hook marks itself live, records how many hooks are live as it starts, and unmarks
    // itself before exiting: a slot is freed only after the shell has exited.
    const command = (index: number): string =>
      `: > "${live}/$$"; set -- "${live}"/*; echo $# >> "${live}.counts"; sleep 0.05; rm "${live}/$$"; echo ${index}`;
    const stopSampling = sampleLivingChildren();
    const results = await runner.runHooks(Array.from({ length: 48 }, (_, index) => request(command(index))));
    const highestSampled = stopSampling();
    expect(results.map((result) => result.stdout)).toEqual(Array.from({ length: 48 }, (_, index) => `${index}\n`));
    expect(results.every((result) => result.exitCode === 0 && !result.timedOut)).toBe(true);
    const counts = readFileSync(`${live}.counts`, 'utf8').trim().split('\n').map(Number);
    expect(counts).toHaveLength(48);
    expect(Math.max(...counts)).toBeLessThanOrEqual(8);
    expect(highestSampled).toBeLessThanOrEqual(8);
    // And they did run side by side.
    expect(Math.max(...counts)).toBeGreaterThan(1);
    expect([runner.runningProcesses, runner.waitingHooks]).toEqual([0, 0]);
  }, 90_000);

  it('R11: by default 64 run at once and the rest wait unspawned until a slot frees', async () => {
    const started = folder('r11-default');
    const runner = createHookRunner();
    expect(runner.options.maxConcurrentProcesses).toBe(64);
    // Each hook becomes a sleep (exec: its pid stays the hook's) that runs until the test ends it.
    const command = `: > "${started}/$$"; exec sleep 60`;
    const running = runner.runHooks(Array.from({ length: 70 }, (_, index) => request(`${command} # ${index}`)));
    const stopAll = (): void => {
      for (const name of readdirSync(started)) killQuietly([Number(name)]);
    };
    try {
      expect(await waitUntil(() => readdirSync(started).length >= 64, 30_000)).toBe(true);
      // Give a 65th process every chance to appear before looking.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(readdirSync(started)).toHaveLength(64);
      expect(livingChildShells()).toBe(64);
      expect([runner.runningProcesses, runner.waitingHooks]).toEqual([64, 6]);
    } finally {
      // End every hook as it appears, the six that waited included.
      const stopper = setInterval(stopAll, 20);
      await running.finally(() => clearInterval(stopper));
    }
    const results = await running;
    expect(results.every((result) => result.signal === 'SIGKILL')).toBe(true);
    expect(readdirSync(started)).toHaveLength(70);
  }, 90_000);

  it('R11: one runner bounds all its batches together (an engine serving parallel calls)', async () => {
    const live = folder('r11-shared');
    const runner = createHookRunner({ maxConcurrentProcesses: 3 });
    const command = `: > "${live}/$$"; set -- "${live}"/*; echo $# >> "${live}.counts"; sleep 0.1; rm "${live}/$$"`;
    const batches = await Promise.all(
      [0, 1, 2, 3].map((batch) => runner.runHooks([0, 1, 2].map((index) => request(`${command} # ${batch}.${index}`)))),
    );
    expect(batches.flat().every((result) => result.exitCode === 0)).toBe(true);
    const counts = readFileSync(`${live}.counts`, 'utf8').trim().split('\n').map(Number);
    expect(Math.max(...counts)).toBeLessThanOrEqual(3);
  });

  it("R11 R6: a queued hook's timeout starts at its spawn, and onSpawn says when", async () => {
    const runner = createHookRunner({ maxConcurrentProcesses: 1 });
    const spawnedAt: number[] = [];
    const startedAt = performance.now();
    const [first, second] = await runner.runHooks([
      request('sleep 1.8; echo first', { onSpawn: () => spawnedAt.push(performance.now() - startedAt) }),
      request('sleep 0.3; echo second', {
        timeoutMs: 1_400,
        onSpawn: () => spawnedAt.push(performance.now() - startedAt),
      }),
    ]);
    expect(first).toMatchObject({ exitCode: 0, stdout: 'first\n', timedOut: false });
    // Waited about 1.8 s for its turn (longer than its timeout), then ran 0.3 s of its 1.4 s: not
    // timed out. The 1.1 s to spare absorbs a slow start on a loaded machine.
    expect(second).toMatchObject({ exitCode: 0, stdout: 'second\n', timedOut: false });
    expect(spawnedAt).toHaveLength(2);
    // The wait alone outlasted its timeout. Not 1.8 s: the first's spawn is noted when the fork
    // returns, which on a loaded machine is well after its `sleep` began (1.44 s was seen with 1.5).
    expect(spawnedAt[1]! - spawnedAt[0]!).toBeGreaterThan(1_400);
    // Its duration is its own run, not the wait (which alone was longer than this).
    expect(second!.durationMs).toBeLessThan(1_400);
  });

  it('R11: a hook aborted while it waits never starts; the hooks behind it run', async () => {
    const runner = createHookRunner({ maxConcurrentProcesses: 1 });
    const controller = new AbortController();
    const spawned: string[] = [];
    const results = runner.runHooks([
      request('sleep 0.5; echo one', { onSpawn: () => spawned.push('one') }),
      request('echo two', { signal: controller.signal, onSpawn: () => spawned.push('two') }),
      request('echo three', { onSpawn: () => spawned.push('three') }),
    ]);
    controller.abort();
    const [one, two, three] = await results;
    expect(one).toMatchObject({ exitCode: 0, stdout: 'one\n' });
    expect(two).toMatchObject({ exitCode: null, stdout: '', startError: 'the run was aborted before it started' });
    expect(three).toMatchObject({ exitCode: 0, stdout: 'three\n' });
    expect(spawned).toEqual(['one', 'three']);
  });

  it('R11: a failed start frees its slot at once', async () => {
    const runner = createHookRunner({ maxConcurrentProcesses: 1 });
    const results = await runner.runHooks([
      request('echo never', { cwd: join(temporary, 'missing') }),
      request('echo after'),
    ]);
    expect(results[0]!.startError).toContain('working directory does not exist');
    expect(results[1]).toMatchObject({ exitCode: 0, stdout: 'after\n' });
  });

  it('R11: options and requests are checked before anything starts', () => {
    expect(() => createHookRunner({ maxConcurrentProcesses: 0 })).toThrow(/maxConcurrentProcesses/);
    expect(() => createHookRunner({ maxConcurrentProcesses: 2.5 })).toThrow(/maxConcurrentProcesses/);
    const runner = createHookRunner();
    let thrown: unknown;
    try {
      void runner.runHooks([request('true'), { ...request('true'), timeoutMs: 0 }]);
    } catch (error) {
      thrown = error;
    }
    expect(RunnerError.isInstance(thrown)).toBe(true);
    expect(runner.runningProcesses).toBe(0);
  });
});
