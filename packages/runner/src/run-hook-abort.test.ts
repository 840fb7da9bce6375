// Aborting a run (`request.signal`): the group is stopped as at a timeout (R6), nothing survives,
// and the result says it was not a timeout.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  hostEnvironment,
  isProcessAlive,
  killQuietly,
  listLivingGroupMembers,
  makeTemporaryDirectory,
  pidsWrittenTo,
} from './__fixtures__/process-probes.ts';
import type { HookProcessRequest } from './hook-process.ts';
import { countRunningGroups } from './process-group.ts';
import { runHook } from './run-hook.ts';
import { RunnerError } from './runner-error.ts';

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

const request = (command: string, signal: AbortSignal, timeoutMs = 60_000): HookProcessRequest => ({
  command,
  stdin: '',
  env: hostEnvironment,
  cwd: temporary.path,
  timeoutMs,
  signal,
});


describe('runHook with an abort signal', () => {
  it('R6: an abort stops the whole group at once, long before the timeout; timedOut stays false', async () => {
    const pidFile = join(temporary.path, 'aborted.pids');
    const controller = new AbortController();
    const running = runHook(request(`echo $$ > ${pidFile}; sleep 60 & echo $! >> ${pidFile}; echo started; sleep 60`, controller.signal));
    const [shell, background] = await pidsWrittenTo(pidFile, 2, cleanup);
    controller.abort();
    const result = await running;
    expect(result).toMatchObject({ timedOut: false, exitCode: null, signal: 'SIGTERM', startError: null, stdout: 'started\n' });
    // The timeout was a minute away: generous, and still far below it.
    expect(result.durationMs).toBeLessThan(10_000);
    expect(isProcessAlive(background!)).toBe(false);
    expect(isProcessAlive(shell!)).toBe(false);
    expect(listLivingGroupMembers(shell!)).toEqual([]);
    expect(countRunningGroups()).toBe(0);
  });

  it('R6: a process that ignores SIGTERM is SIGKILLed after the grace, as at a timeout', async () => {
    const pidFile = join(temporary.path, 'aborted-ignores-term.pids');
    const controller = new AbortController();
    const running = runHook(request(`trap '' TERM; echo $$ > ${pidFile}; sleep 60 & echo $! >> ${pidFile}; wait`, controller.signal), {
      killGraceMs: 300,
    });
    const [shell, sleeper] = await pidsWrittenTo(pidFile, 2, cleanup);
    controller.abort();
    const result = await running;
    expect(result).toMatchObject({ timedOut: false, exitCode: null, signal: 'SIGKILL' });
    expect(isProcessAlive(shell!)).toBe(false);
    expect(isProcessAlive(sleeper!)).toBe(false);
  });

  it('an already aborted signal starts nothing and says so', async () => {
    const marker = join(temporary.path, 'never-created');
    const result = await runHook(request(`touch ${marker}`, AbortSignal.abort()));
    expect(result).toMatchObject({ exitCode: null, signal: null, timedOut: false, startError: 'the run was aborted before it started' });
    expect(existsSync(marker)).toBe(false);
  });

  it('R7: an abort after the shell exited changes nothing; the result is the normal one', async () => {
    const controller = new AbortController();
    const result = await runHook(request('echo done', controller.signal));
    controller.abort();
    expect(result).toMatchObject({ exitCode: 0, signal: null, timedOut: false, stdout: 'done\n' });
  });

  it('a timeout that comes first is still reported as a timeout when an abort follows', async () => {
    const controller = new AbortController();
    const running = runHook(request('sleep 60', controller.signal, 200), { killGraceMs: 2_000 });
    // The timeout has fired (SIGTERM sent) by now; sleep dies of it, so the abort has nothing to add.
    await new Promise((resolve) => setTimeout(resolve, 400));
    controller.abort();
    expect(await running).toMatchObject({ timedOut: true });
  });

  it('rejects a signal that is not an AbortSignal, before starting anything', () => {
    expect(() => runHook({ ...request('true', new AbortController().signal), signal: {} as AbortSignal })).toThrow(RunnerError);
  });
});
