import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { BoundedOutput } from './bounded-output.ts';
import { describePayloadFileError, describeStartError } from './describe-start-error.ts';
import type { HookProcessRequest, HookProcessResult, ResolvedRunnerOptions, RunnerOptions } from './hook-process.ts';
import { HookProcessGroup, trackRunningGroup, untrackRunningGroup } from './process-group.ts';
import { assertValidRequest, resolveRunnerOptions } from './validate-arguments.ts';
import { monotonicNow } from './monotonic-now.ts';
import { type Deadline, DeadlineTimer } from './deadline-timer.ts';
import { payloadDescriptor, prepareNextPayloadFile } from './payload-file.ts';

// After SIGKILL the shell's exit is normally reported within milliseconds. A process stuck in
// uninterruptible I/O can delay it without bound; past this wait the result is returned anyway
// (the kill was sent), so a call never hangs past timeout + grace + this.
const exitWaitAfterKillMs = 300;
// After a timeout, how long the result may wait for the killed processes to be dead (gone, or
// zombies that init has yet to reap), and how often it looks.
const goneWaitMs = 500;
const gonePollMs = 5;

const ignore = (): void => {};

// Every run's timeout, on one Node timer (see DeadlineTimer). It never holds the event loop: the
// hook's process and pipes do, the whole time its timeout can matter.
const timeouts = new DeadlineTimer({ keepAlive: false });

/**
 * The longest a result can take once a hook's timeout (or abort) has fired: the SIGTERM→SIGKILL
 * grace, the wait for the shell's exit after SIGKILL, the output drain, then the wait for the
 * killed processes to be dead. 1.905 s with the default options. A caller that guards against a
 * runner that never answers (the engine's watchdog) waits this long past the timeout.
 *
 * @example
 * const runner = createHookRunner();
 * const deadlineMs = request.timeoutMs + stopBoundMs(runner.options); // counted from the spawn
 */
export function stopBoundMs(options?: RunnerOptions): number {
  const { killGraceMs, drainMs } = resolveRunnerOptions(options);
  return killGraceMs + exitWaitAfterKillMs + drainMs + goneWaitMs + gonePollMs;
}

/** The result of a hook that never started (R9): the reason, and nothing else happened. */
export function notStartedResult(startError: string, durationMs: number): HookProcessResult {
  return {
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    truncated: false,
    timedOut: false,
    startError,
    durationMs,
  };
}

/** Why a hook whose abort signal fired before its spawn did not start. */
export const abortedBeforeStart = 'the run was aborted before it started';

/**
 * Runs one hook command as `/bin/sh -c <command>` in its own process group and resolves with
 * the raw facts of the run (R1, R3–R10). Never rejects: a hook that cannot start, crashes,
 * prints garbage or times out is a result. Throws `RunnerError` synchronously, before starting
 * anything, only for a timeout or option values that cannot work (see `RunnerError`).
 *
 * @example
 * const result = await runHook({
 *   command: 'jq -r .tool_name',
 *   stdin: '{"event":"PreToolUse","tool_name":"bash_run","tool_input":{}}\n',
 *   env: { ...process.env, COSH_EVENT: 'PreToolUse' },
 *   cwd: process.cwd(),
 *   timeoutMs: 60_000,
 * });
 * result.exitCode; // 0
 * result.stdout; // 'bash_run\n'
 */
export function runHook(request: HookProcessRequest, options?: RunnerOptions): Promise<HookProcessResult> {
  const resolvedOptions = resolveRunnerOptions(options);
  assertValidRequest(request);
  return runValidatedHook(request, resolvedOptions);
}

interface ExitFacts {
  readonly exitCode: number | null;
  readonly signal: string | null;
}

/** `runHook` without the argument checks, for callers that already made them. */
export function runValidatedHook(
  request: HookProcessRequest,
  options: ResolvedRunnerOptions,
): Promise<HookProcessResult> {
  return new Promise<HookProcessResult>((resolve) => {
    // Only what the spawn needs comes before it: the host waits for the fork, and on these
    // machines every memory page first written after a fork costs a page fault (15–20 µs), so
    // work done before a spawn lengthens the hook's call, while the same work done after it runs
    // while the hook does (README, Performance).
    const startedAt = monotonicNow();
    const settleNotStarted = (startError: string): void => {
      resolve(notStartedResult(startError, monotonicNow() - startedAt));
    };
    if (request.signal?.aborted === true) {
      settleNotStarted(abortedBeforeStart);
      return;
    }
    // R3: stdin is a regular file holding the payload (never a socket: a hook may open
    // /dev/stdin by name), or /dev/null for an empty one (bash_run). A file that cannot be made
    // is this hook's start failure (R9), so a guard that never saw its payload fails closed. The
    // descriptors are the payload file's to close, once this job of the event loop is done.
    let stdinFd: number | 'ignore';
    try {
      stdinFd = request.stdin.length === 0 ? 'ignore' : payloadDescriptor(request.stdin);
    } catch (error) {
      settleNotStarted(`cannot give the hook its stdin: ${describePayloadFileError(error)}`);
      return;
    }
    // The launcher's files (a seccomp program): regular files like stdin's, opened per process.
    const launcherFds: number[] = [];
    try {
      for (const bytes of request.launcherFiles ?? []) launcherFds.push(payloadDescriptor(bytes));
    } catch (error) {
      settleNotStarted(`cannot give the sandbox its files: ${describePayloadFileError(error)}`);
      return;
    }
    let subprocess: ChildProcess;
    try {
      const launcher = request.launcher;
      subprocess =
        launcher === undefined || launcher.length === 0
          ? spawn(options.shell, ['-c', request.command], spawnOptions(request, stdinFd))
          : spawn(
              launcher[0] as string,
              [...launcher.slice(1), options.shell, '-c', request.command],
              spawnOptions(request, stdinFd, launcherFds),
            );
    } catch (error) {
      // Invalid arguments (a NUL byte in the command or environment, E2BIG, …) throw here.
      settleNotStarted(describeStartError(error, request.launcher?.[0] ?? options.shell, request.cwd));
      return;
    }
    // Node reports ENOENT, EACCES, EAGAIN, EMFILE and ENFILE as an `error` event on the next tick
    // instead: listen now, or that event would crash the host. After a successful spawn an
    // `error` (a failed signal, say) changes nothing we report.
    subprocess.on('error', (error) => {
      if (subprocess.pid === undefined)
        settleNotStarted(describeStartError(error, request.launcher?.[0] ?? options.shell, request.cwd));
    });
    const pid = subprocess.pid;
    const { stdout: stdoutPipe, stderr: stderrPipe } = subprocess;
    if (pid === undefined || !stdoutPipe || !stderrPipe) {
      // Not started. With EMFILE/ENFILE Node did not even create the pipes; otherwise close
      // the ones it made so a failed start leaks no descriptors.
      stdoutPipe?.destroy();
      stderrPipe?.destroy();
      return;
    }
    try {
      request.onSpawn?.();
    } catch {
      // The caller's bookkeeping failed; the hook still runs and still gets its result.
    }

    const stdout = new BoundedOutput(options.maxOutputBytes);
    const stderr = new BoundedOutput(options.maxOutputBytes);
    let settled = false;
    const settle = (exit: ExitFacts, timedOut: boolean): void => {
      if (settled) return;
      settled = true;
      resolve({
        exitCode: exit.exitCode,
        signal: exit.signal,
        stdout: stdout.decode(),
        stderr: stderr.decode(),
        stdoutTruncated: stdout.truncated,
        stderrTruncated: stderr.truncated,
        truncated: stdout.truncated || stderr.truncated,
        timedOut,
        startError: null,
        durationMs: monotonicNow() - startedAt,
      });
    };

    const group = new HookProcessGroup(pid);
    trackRunningGroup(group);

    let stdoutDone = false;
    let stderrDone = false;
    let exit: ExitFacts | undefined;
    // Stopping: the group was sent SIGTERM, after a timeout or an abort; only a timeout is reported.
    let stopping = false;
    let timedOut = false;
    let killSent = false;
    let draining = false;
    let timeout: Deadline | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    let exitWaitTimer: NodeJS.Timeout | undefined;
    let drainTimer: NodeJS.Timeout | undefined;

    let finished = false;
    const finish = (): void => {
      if (finished) return;
      finished = true;
      timeouts.cancel(timeout);
      clearTimeout(graceTimer);
      clearTimeout(exitWaitTimer);
      clearTimeout(drainTimer);
      request.signal?.removeEventListener('abort', onAbort);
      untrackRunningGroup(group);
      // A background process may still hold the other ends: close ours so the host leaks no fds
      // and holds no memory for it. The process itself is left running (R7).
      stdoutPipe.destroy();
      stderrPipe.destroy();
      const report = (): void => settle(exit ?? { exitCode: null, signal: null }, timedOut);
      if (!stopping) {
        report();
        return;
      }
      // SIGKILL is out and cannot be refused, but a killed process runs on until the kernel has
      // carried out its exit. Report once nothing of the group is alive, so "nothing survives"
      // holds for whoever looks next. Reaping is not waited for: it is up to init, which may
      // take seconds or never come, and a zombie runs nothing.
      const deadline = monotonicNow() + goneWaitMs;
      const reportWhenGone = (): void => {
        if (!group.isAnyAlive() || monotonicNow() >= deadline) report();
        else setTimeout(reportWhenGone, gonePollMs);
      };
      reportWhenGone();
    };

    const onPipeDone = (): void => {
      if (draining && stdoutDone && stderrDone) finish();
    };

    // Done when the shell has exited and, after a timeout or an abort, the SIGKILL is out (R6, R7).
    const maybeDrain = (): void => {
      if (draining || exit === undefined || (stopping && !killSent)) return;
      draining = true;
      if (stdoutDone && stderrDone) {
        finish();
        return;
      }
      // The window is wall-clock, but the output the shell wrote before exiting may still be
      // waiting in the pipe unread: a busy or descheduled host can reach the timers phase
      // before the poll phase that reads it (seen losing a whole stdout under CI load). So when
      // the window closes, finish only after one more poll phase: setImmediate runs after it.
      drainTimer = setTimeout(() => setImmediate(finish), options.drainMs);
    };

    const sendKill = (): void => {
      if (killSent) return;
      killSent = true;
      clearTimeout(graceTimer);
      // Look again while the tree may still be connected: a TERM handler may have started more.
      group.collectDescendants();
      group.signal('SIGKILL');
      untrackRunningGroup(group);
      if (exit === undefined) exitWaitTimer = setTimeout(finish, exitWaitAfterKillMs);
      maybeDrain();
    };

    const stop = (): void => {
      if (stopping || exit !== undefined) return;
      stopping = true;
      timeouts.cancel(timeout);
      group.collectDescendants();
      group.signal('SIGTERM');
      graceTimer = setTimeout(sendKill, options.killGraceMs);
    };
    const onTimeout = (): void => {
      if (stopping || exit !== undefined) return;
      timedOut = true;
      stop();
    };
    const onAbort = (): void => stop();

    stdoutPipe.on('data', (chunk: Uint8Array) => stdout.append(chunk));
    stderrPipe.on('data', (chunk: Uint8Array) => stderr.append(chunk));
    const markStdoutDone = (): void => {
      stdoutDone = true;
      onPipeDone();
    };
    const markStderrDone = (): void => {
      stderrDone = true;
      onPipeDone();
    };
    stdoutPipe.once('end', markStdoutDone).once('close', markStdoutDone).on('error', ignore);
    stderrPipe.once('end', markStderrDone).once('close', markStderrDone).on('error', ignore);

    subprocess.once('exit', (exitCode: number | null, signal: NodeJS.Signals | null) => {
      exit = { exitCode, signal };
      timeouts.cancel(timeout);
      if (stopping) {
        // The shell is gone: SIGKILL the rest of the group now rather than after the grace.
        sendKill();
      } else {
        untrackRunningGroup(group);
      }
      clearTimeout(exitWaitTimer);
      maybeDrain();
    });

    timeout = timeouts.schedule(request.timeoutMs, onTimeout);
    request.signal?.addEventListener('abort', onAbort, { once: true });
    // While this hook runs: a host that gave one hook a payload likely gives the next one too.
    if (stdinFd !== 'ignore') prepareNextPayloadFile();
  });
}

/** How every hook process is spawned: piped stdio, and its own session and process group. */
function spawnOptions(
  request: HookProcessRequest,
  stdinFd: number | 'ignore',
  launcherFds: readonly number[] = [],
): SpawnOptions {
  return {
    cwd: request.cwd,
    env: request.env,
    // Only stdout and stderr are pipes; nothing is written to the hook once it runs (R3).
    stdio: [stdinFd, 'pipe', 'pipe', ...launcherFds],
    // Its own session and process group, so the whole group can be signalled (R6) and
    // killed by our host-exit handler.
    detached: true,
    windowsHide: true,
  };
}
