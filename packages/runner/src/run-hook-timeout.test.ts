// R6: what happens at a timeout, or when the caller aborts the run (stopped the same way),
// checked on real process trees: nothing may survive.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolders } from '@cosh/test-utils';
import {
  hostEnvironment,
  isProcessAlive,
  killQuietly,
  listLivingGroupMembers,
  pidsWrittenTo,
  waitUntil,
} from './__fixtures__/process-probes.ts';
import type { HookProcessRequest } from './hook-process.ts';
import { countRunningGroups } from './process-group.ts';
import { runHook, stopBoundMs } from './run-hook.ts';

const makeFolder = temporaryFolders('cosh-runner-test-');
let temporary: string;
const cleanup: number[] = [];

beforeAll(() => {
  temporary = makeFolder();
});
afterEach(() => {
  killQuietly(cleanup.splice(0));
});

const request = (command: string, timeoutMs: number, stdin = ''): HookProcessRequest => ({
  command,
  stdin,
  env: hostEnvironment,
  cwd: temporary,
  timeoutMs,
});

describe('R6 timeout', () => {
  it('R6: a hook that ignores SIGTERM is SIGKILLed after the grace, and the result waits for it', async () => {
    const pidFile = join(temporary, 'ignores-term.pids');
    const result = await runHook(
      request(`trap '' TERM; echo $$ > ${pidFile}; sleep 60 & echo $! >> ${pidFile}; wait`, 300),
      { killGraceMs: 500 },
    );
    const [shell, sleeper] = await pidsWrittenTo(pidFile, 2, cleanup);
    expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGKILL', startError: null });
    // timeout 300 + grace 500: nothing answered SIGTERM, so the result came after the SIGKILL.
    expect(result.durationMs).toBeGreaterThanOrEqual(750);
    expect(result.durationMs).toBeLessThan(10_000);
    expect(isProcessAlive(shell!)).toBe(false);
    expect(isProcessAlive(sleeper!)).toBe(false);
    expect(listLivingGroupMembers(shell!)).toEqual([]);
  });

  it('R6 L6: the bound after a timeout is the grace, the wait for the shell after SIGKILL, the drain and the wait for the dead', () => {
    expect(stopBoundMs()).toBe(1_000 + 300 + 100 + 505);
    expect(stopBoundMs({ killGraceMs: 500, drainMs: 0 })).toBe(500 + 300 + 0 + 505);
  });

  it('R6: a timeout kills grandchildren (sleep 60 & sleep 60): kill -0 finds neither', async () => {
    const pidFile = join(temporary, 'grandchildren.pids');
    const result = await runHook(request(`echo $$ > ${pidFile}; sleep 60 & echo $! >> ${pidFile}; sleep 60`, 300));
    const [shell, background] = await pidsWrittenTo(pidFile, 2, cleanup);
    expect(result.timedOut).toBe(true);
    expect(isProcessAlive(background!)).toBe(false);
    expect(listLivingGroupMembers(shell!)).toEqual([]);
    // The foreground sleep was not written down: the /proc scan of the group covers it.
    expect(isProcessAlive(shell!)).toBe(false);
  });

  it('R6: as soon as the shell exits on SIGTERM the group gets SIGKILL, without waiting the grace', async () => {
    const pidFile = join(temporary, 'term-ignoring-child.pids');
    // The shell dies on SIGTERM; its background subshell ignores SIGTERM and must still die.
    const result = await runHook(
      request(`echo $$ > ${pidFile}; (trap '' TERM; sleep 60; sleep 60) & echo $! >> ${pidFile}; sleep 60`, 300),
      { killGraceMs: 10_000 },
    );
    const [shell, stubborn] = await pidsWrittenTo(pidFile, 2, cleanup);
    expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGTERM' });
    // Waiting out the grace would take 10.3 s.
    expect(result.durationMs).toBeLessThan(8_000);
    expect(isProcessAlive(stubborn!)).toBe(false);
    expect(listLivingGroupMembers(shell!)).toEqual([]);
  });

  it('R6: nested subshells and pipelines of a timed-out hook all die', async () => {
    const pidFile = join(temporary, 'nested.pids');
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
    const pidFile = join(temporary, 'setsid.pids');
    const result = await runHook(request(`setsid sleep 60 & echo $! > ${pidFile}; sleep 60`, 300));
    const [escaped] = await pidsWrittenTo(pidFile, 1, cleanup);
    expect(result.timedOut).toBe(true);
    expect(isProcessAlive(escaped!)).toBe(false);
  });

  it('R6: the clock covers writing stdin to a hook that never reads it', async () => {
    const result = await runHook(request('sleep 60', 300, 'p'.repeat(8 * 1024 * 1024)));
    expect(result).toMatchObject({ timedOut: true, startError: null });
    // A clock that started after stdin was written would wait for the whole `sleep 60`; the bound
    // is generous for a loaded machine (copying 8 MiB into a pipe that is never read).
    expect(result.durationMs).toBeLessThan(10_000);
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
    // Not the 60 s of the sleep; the room above 250 ms is for a loaded machine.
    expect(result.durationMs).toBeLessThan(10_000);
  });

  it('R6: a finished or timed-out hook is no longer on the host-exit kill list', async () => {
    await runHook(request('sleep 60', 200));
    await runHook(request('true', 5_000));
    expect(countRunningGroups()).toBe(0);
  });
});

/** A request with an abort signal, and a timeout far enough away that only the abort can stop it. */
const abortable = (command: string, signal: AbortSignal, timeoutMs = 60_000): HookProcessRequest => ({
  ...request(command, timeoutMs),
  signal,
});

describe('runHook with an abort signal', () => {
  it('R6: an abort stops the whole group at once, long before the timeout; timedOut stays false', async () => {
    const pidFile = join(temporary, 'aborted.pids');
    const controller = new AbortController();
    const running = runHook(
      abortable(`echo started; echo $$ > ${pidFile}; sleep 60 & echo $! >> ${pidFile}; sleep 60`, controller.signal),
    );
    const [shell, background] = await pidsWrittenTo(pidFile, 2, cleanup);
    controller.abort();
    const result = await running;
    expect(result).toMatchObject({
      timedOut: false,
      exitCode: null,
      signal: 'SIGTERM',
      startError: null,
      stdout: 'started\n',
    });
    // The timeout was a minute away: generous, and still far below it.
    expect(result.durationMs).toBeLessThan(10_000);
    expect(isProcessAlive(background!)).toBe(false);
    expect(isProcessAlive(shell!)).toBe(false);
    expect(listLivingGroupMembers(shell!)).toEqual([]);
    expect(countRunningGroups()).toBe(0);
  });

  it('R6: a process that ignores SIGTERM is SIGKILLed after the grace, as at a timeout', async () => {
    const pidFile = join(temporary, 'aborted-ignores-term.pids');
    const controller = new AbortController();
    const running = runHook(
      abortable(`trap '' TERM; echo $$ > ${pidFile}; sleep 60 & echo $! >> ${pidFile}; wait`, controller.signal),
      {
        killGraceMs: 300,
      },
    );
    const [shell, sleeper] = await pidsWrittenTo(pidFile, 2, cleanup);
    controller.abort();
    const result = await running;
    expect(result).toMatchObject({ timedOut: false, exitCode: null, signal: 'SIGKILL' });
    expect(isProcessAlive(shell!)).toBe(false);
    expect(isProcessAlive(sleeper!)).toBe(false);
  });

  it('an already aborted signal starts nothing and says so', async () => {
    const marker = join(temporary, 'never-created');
    const result = await runHook(abortable(`touch ${marker}`, AbortSignal.abort()));
    expect(result).toMatchObject({
      exitCode: null,
      signal: null,
      timedOut: false,
      startError: 'the run was aborted before it started',
    });
    expect(existsSync(marker)).toBe(false);
  });

  it('R7: an abort after the shell exited changes nothing; the result is the normal one', async () => {
    const controller = new AbortController();
    const result = await runHook(abortable('echo done', controller.signal));
    controller.abort();
    expect(result).toMatchObject({ exitCode: 0, signal: null, timedOut: false, stdout: 'done\n' });
  });

  it('a timeout that comes first is still reported as a timeout when an abort follows', async () => {
    const controller = new AbortController();
    const marker = join(temporary, 'terminated-first');
    const running = runHook(
      abortable(`trap 'touch ${marker}; exit 143' TERM; sleep 60 & wait`, controller.signal, 200),
      {
        killGraceMs: 2_000,
      },
    );
    // Aborted once the timeout's SIGTERM has reached the hook, whatever the machine's load.
    expect(await waitUntil(() => existsSync(marker), 10_000)).toBe(true);
    controller.abort();
    expect(await running).toMatchObject({ timedOut: true });
  });
});
