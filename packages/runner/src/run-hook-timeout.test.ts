// R6: what happens at a timeout, checked on real process trees: nothing may survive.
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

const request = (command: string, timeoutMs: number, stdin = ''): HookProcessRequest => ({
  command,
  stdin,
  env: hostEnvironment,
  cwd: temporary.path,
  timeoutMs,
});


describe('R6 timeout', () => {
  it('R6: a hook that ignores SIGTERM is SIGKILLed after the grace, and the result waits for it', async () => {
    const pidFile = join(temporary.path, 'ignores-term.pids');
    const result = await runHook(
      request(`trap '' TERM; echo $$ > ${pidFile}; sleep 60 & echo $! >> ${pidFile}; wait`, 300),
      { killGraceMs: 500 },
    );
    const [shell, sleeper] = await pidsWrittenTo(pidFile, 2, cleanup);
    expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGKILL', startError: null });
    // timeout 300 + grace 500: nothing answered SIGTERM, so the result came after the SIGKILL.
    expect(result.durationMs).toBeGreaterThanOrEqual(750);
    expect(result.durationMs).toBeLessThan(2_500);
    expect(isProcessAlive(shell!)).toBe(false);
    expect(isProcessAlive(sleeper!)).toBe(false);
    expect(listLivingGroupMembers(shell!)).toEqual([]);
  });

  it('R6: a timeout kills grandchildren (sleep 60 & sleep 60): kill -0 finds neither', async () => {
    const pidFile = join(temporary.path, 'grandchildren.pids');
    const result = await runHook(
      request(`echo $$ > ${pidFile}; sleep 60 & echo $! >> ${pidFile}; sleep 60`, 300),
    );
    const [shell, background] = await pidsWrittenTo(pidFile, 2, cleanup);
    expect(result.timedOut).toBe(true);
    expect(isProcessAlive(background!)).toBe(false);
    expect(listLivingGroupMembers(shell!)).toEqual([]);
    // The foreground sleep was not written down: the /proc scan of the group covers it.
    expect(isProcessAlive(shell!)).toBe(false);
  });

  it('R6: as soon as the shell exits on SIGTERM the group gets SIGKILL, without waiting the grace', async () => {
    const pidFile = join(temporary.path, 'term-ignoring-child.pids');
    // The shell dies on SIGTERM; its background subshell ignores SIGTERM and must still die.
    const result = await runHook(
      request(
        `echo $$ > ${pidFile}; (trap '' TERM; sleep 60; sleep 60) & echo $! >> ${pidFile}; sleep 60`,
        300,
      ),
      { killGraceMs: 10_000 },
    );
    const [shell, stubborn] = await pidsWrittenTo(pidFile, 2, cleanup);
    expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGTERM' });
    expect(result.durationMs).toBeLessThan(3_000);
    expect(isProcessAlive(stubborn!)).toBe(false);
    expect(listLivingGroupMembers(shell!)).toEqual([]);
  });

  it('R6: nested subshells and pipelines of a timed-out hook all die', async () => {
    const pidFile = join(temporary.path, 'nested.pids');
    const result = await runHook(
      request(
        `echo $$ > ${pidFile}; ( ( sleep 60 & echo $! >> ${pidFile}; sleep 60 ) | cat ) & ` +
          `sh -c 'echo $$ >> ${pidFile}; exec sleep 60'`,
        400,
      ),
    );
    const [shell, ...others] = await pidsWrittenTo(pidFile, 3, cleanup);
    expect(result.timedOut).toBe(true);
    for (const pid of others) expect(isProcessAlive(pid)).toBe(false);
    expect(listLivingGroupMembers(shell!)).toEqual([]);
  });

  it('R6: a descendant that left the group with setsid is found and killed too', async () => {
    const pidFile = join(temporary.path, 'setsid.pids');
    const result = await runHook(
      request(`setsid sleep 60 & echo $! > ${pidFile}; sleep 60`, 300),
    );
    const [escaped] = await pidsWrittenTo(pidFile, 1, cleanup);
    expect(result.timedOut).toBe(true);
    expect(isProcessAlive(escaped!)).toBe(false);
  });

  it('R6: the clock covers writing stdin to a hook that never reads it', async () => {
    const result = await runHook(request('sleep 60', 300, 'p'.repeat(8 * 1024 * 1024)));
    expect(result).toMatchObject({ timedOut: true, startError: null });
    expect(result.durationMs).toBeLessThan(2_500);
  });

  it('R6: output written before the timeout is still reported', async () => {
    const result = await runHook(request('echo started; echo warn >&2; sleep 60', 300));
    expect(result).toMatchObject({ timedOut: true, stdout: 'started\n', stderr: 'warn\n' });
  });

  it('R6: a hook that finishes in time is not reported as timed out', async () => {
    const result = await runHook(request('sleep 0.1; exit 0', 5_000));
    expect(result).toMatchObject({ timedOut: false, exitCode: 0, signal: null });
  });

  it('R6: a fractional timeout (as from "timeout": 0.25 s) is honoured', async () => {
    const result = await runHook(request('sleep 60', 250));
    expect(result.timedOut).toBe(true);
    expect(result.durationMs).toBeGreaterThanOrEqual(240);
    expect(result.durationMs).toBeLessThan(2_000);
  });

  it('R6: a finished or timed-out hook is no longer on the host-exit kill list', async () => {
    await runHook(request('sleep 60', 200));
    await runHook(request('true', 5_000));
    expect(countRunningGroups()).toBe(0);
  });
});
