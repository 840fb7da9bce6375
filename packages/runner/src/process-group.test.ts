// What happens to hooks when their host goes away, checked with a real host process: the
// running hooks' groups (and escaped descendants) die, a finished hook's helper is left alone.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive, killQuietly, listLivingGroupMembers, waitUntil } from './__fixtures__/process-probes.ts';
import { bundleSources, type SourceBundle, temporaryFolders } from '@cosh/test-utils';
import type { HookProcessResult } from './hook-process.ts';
import { HookProcessGroup, signalProcessGroup } from './process-group.ts';
import { readProcessEntry } from './process-table.ts';

const makeFolder = temporaryFolders('cosh-runner-test-');
const hostScript = fileURLToPath(new URL('./__fixtures__/hook-host.mjs', import.meta.url));
let bundle: SourceBundle;
const cleanup: number[] = [];

beforeAll(async () => {
  bundle = await bundleSources(fileURLToPath(new URL('../', import.meta.url)));
});
afterEach(() => {
  killQuietly(cleanup.splice(0));
});
afterAll(() => {
  bundle?.remove();
});

interface HostReport {
  readonly ready: true;
  readonly finishedExitCode: number;
  readonly helper: number;
  readonly running: [number, number, number];
}

interface HostRun {
  readonly reports: unknown[];
  readonly stderr: () => string;
  readonly pid: number;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startHost(scenario: string, workDirectory: string, shellPrefix = ''): HostRun {
  const reports: unknown[] = [];
  let stderr = '';
  const command = `${shellPrefix}exec "${process.execPath}" "${hostScript}" "${bundle.file}" ${scenario} "${workDirectory}"`;
  const host = spawn('/bin/sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
  let pending = '';
  host.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) reports.push(JSON.parse(line));
  });
  host.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    host.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return { reports, stderr: () => stderr, pid: host.pid!, exited };
}

async function waitForReady(host: HostRun): Promise<HostReport> {
  const ready = await waitUntil(() => host.reports.length > 0, 10_000);
  if (!ready) throw new Error(`host never got ready: ${host.stderr()}`);
  const report = host.reports[0] as HostReport;
  cleanup.push(report.helper, ...report.running);
  return report;
}

async function expectRunningHookKilled(report: HostReport): Promise<void> {
  const [shell, background, escaped] = report.running;
  // The host sends SIGKILL from its exit handler and is gone at once; the killed processes
  // still need the scheduler to run their exit. SIGKILL cannot be refused: give it time.
  const allGone = await waitUntil(
    () =>
      ![shell, background, escaped].some((pid) => isProcessAlive(pid)) && listLivingGroupMembers(shell).length === 0,
    3_000,
  );
  expect({ alive: [shell, background, escaped].filter(isProcessAlive), group: listLivingGroupMembers(shell) }).toEqual({
    alive: [],
    group: [],
  });
  expect(allGone).toBe(true);
}

describe('host exit', () => {
  it('R6: a host that exits while a hook runs takes the hook group and its setsid escapee with it', async () => {
    const host = startHost('exit', makeFolder());
    const report = await waitForReady(host);
    expect(report.finishedExitCode).toBe(0);
    expect(await host.exited).toEqual({ code: 0, signal: null });
    await expectRunningHookKilled(report);
    // R7: the helper of a hook that had finished is left running, host exit or not.
    expect(isProcessAlive(report.helper)).toBe(true);
  });

  it('R6: a host that crashes with an uncaught exception still kills its running hooks', async () => {
    const host = startHost('throw', makeFolder());
    const report = await waitForReady(host);
    expect((await host.exited).code).toBe(1);
    expect(host.stderr()).toContain('host crashed');
    await expectRunningHookKilled(report);
  });

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`R6: a host killed by ${signal} kills its running hooks, then dies of that signal`, async () => {
      const host = startHost('signal', makeFolder());
      const report = await waitForReady(host);
      process.kill(host.pid, signal);
      // signal-exit re-raises the signal once our handler ran: the host's exit stays honest.
      expect(await host.exited).toEqual({ code: null, signal });
      await expectRunningHookKilled(report);
    });
  }
});

describe('R9 too many open files', () => {
  it('R9: a host out of file descriptors gets a start error, and the next hook runs again', async () => {
    const host = startHost('too-many-open-files', makeFolder(), 'ulimit -n 256; ');
    expect(await host.exited).toEqual({ code: 0, signal: null });
    const { starved, recovered } = host.reports[0] as {
      starved: HookProcessResult;
      recovered: HookProcessResult;
    };
    expect(starved).toMatchObject({ exitCode: null, signal: null, timedOut: false });
    expect(starved.startError).toMatch(/too many open files|EMFILE/);
    expect(recovered).toMatchObject({ exitCode: 0, stdout: 'recovered\n', startError: null });
  });
});

describe('signalProcessGroup and HookProcessGroup', () => {
  it('treats an empty or foreign group as nothing to do, never as an error', () => {
    expect(signalProcessGroup(2 ** 30, 'SIGTERM')).toBe(false);
    expect(() => new HookProcessGroup(2 ** 30).signal('SIGKILL')).not.toThrow();
  });

  it('R6: a group whose only member is a zombie is not alive; one with a living member is', async () => {
    // `setsid` makes the background child a group of its own, and it exits a moment later, once
    // its parent has exec'd `sleep 60`, which never reaps it (had it exited at once, the shell could
    // reap it before the exec: a failure seen on Node 24): a zombie alone in its group, as a killed
    // hook's processes are until init reaps them (seconds late here, never in some containers).
    const parent = spawn('/bin/sh', ['-c', `setsid sh -c 'sleep 0.3; exit 0' & echo $!; exec sleep 60 >/dev/null`], {
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    });
    cleanup.push(parent.pid!);
    let printed = '';
    parent.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      printed += chunk;
    });
    expect(await waitUntil(() => printed.endsWith('\n'), 5_000)).toBe(true);
    const zombie = Number(printed.trim());
    expect(await waitUntil(() => readProcessEntry(zombie)?.state === 'Z', 5_000)).toBe(true);
    // `kill -0` still finds the zombie's group: only the process table tells it is dead.
    expect(() => process.kill(-zombie, 0)).not.toThrow();
    expect(new HookProcessGroup(zombie).isAnyAlive()).toBe(false);
    // The parent leads a group of its own (detached) and is alive.
    expect(new HookProcessGroup(parent.pid!).isAnyAlive()).toBe(true);
  });

  it('R6: finds descendants only through connected parent links', () => {
    const group = new HookProcessGroup(100);
    group.collectDescendants([
      { pid: 100, parentPid: 1, processGroup: 100, session: 100, startTime: '1', state: 'S' },
      { pid: 101, parentPid: 100, processGroup: 100, session: 100, startTime: '2', state: 'S' },
      { pid: 102, parentPid: 101, processGroup: 102, session: 102, startTime: '3', state: 'S' },
      { pid: 103, parentPid: 102, processGroup: 102, session: 102, startTime: '4', state: 'S' },
      { pid: 200, parentPid: 1, processGroup: 100, session: 100, startTime: '5', state: 'S' },
      { pid: 300, parentPid: 1, processGroup: 300, session: 300, startTime: '6', state: 'S' },
    ]);
    // 101 is in the group, 102 left it with setsid, 103 is 102's child; 200 is in the group
    // but was adopted by init (the group signal reaches it), 300 is a stranger.
    expect(group.descendantPids.sort()).toEqual([101, 102, 103]);
  });
});
