import { chmodSync, existsSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolders } from '@cosh/test-utils';
import { hostEnvironment, isProcessAlive, killQuietly, readPids, waitUntil } from './__fixtures__/process-probes.ts';
import type { HookProcessRequest } from './hook-process.ts';
import { runHook } from './run-hook.ts';
import { RunnerError } from './runner-error.ts';

const makeFolder = temporaryFolders('cosh-runner-test-');
let temporary: string;
const leftRunning: number[] = [];

beforeAll(() => {
  temporary = makeFolder();
});
afterEach(() => {
  killQuietly(leftRunning.splice(0));
});

const request = (command: string, overrides: Partial<HookProcessRequest> = {}): HookProcessRequest => ({
  command,
  stdin: '',
  env: hostEnvironment,
  cwd: temporary,
  timeoutMs: 10_000,
  ...overrides,
});

describe('R1 shell', () => {
  it('R1: a launcher runs the shell for us: launcher argv, then <shell> -c <command>', async () => {
    const result = await runHook(request('echo "$0:$1"', { launcher: ['/usr/bin/env', 'COSH_LAUNCHED=yes'] }));
    expect(result).toMatchObject({ exitCode: 0, startError: null });
    expect(result.stdout).toBe('/bin/sh:\n');
    const launched = await runHook(
      request('echo "$COSH_LAUNCHED"', { launcher: ['/usr/bin/env', 'COSH_LAUNCHED=yes'] }),
    );
    expect(launched.stdout).toBe('yes\n');
  });

  it("R1/B14: a launcher's files are its descriptors 3, 4, …, regular files read from the start by each process", async () => {
    const program = new TextEncoder().encode('seccomp-bytes');
    const files = [new TextEncoder().encode('first'), program];
    const command = 'cat <&3; echo; cat <&4; echo; [ -f /proc/self/fd/3 ] || test -f /dev/fd/3 && echo regular';
    const [one, two] = await Promise.all([
      runHook(request(command, { launcher: ['/usr/bin/env'], launcherFiles: files })),
      runHook(request(command, { launcher: ['/usr/bin/env'], launcherFiles: files })),
    ]);
    expect(one?.stdout).toBe('first\nseccomp-bytes\nregular\n');
    expect(two?.stdout).toBe('first\nseccomp-bytes\nregular\n');
  });

  it('R9: a launcher that does not exist is a start error naming it', async () => {
    const result = await runHook(request('true', { launcher: [join(temporary, 'no-such-launcher')] }));
    expect(result.exitCode).toBeNull();
    expect(result.startError).toContain('no-such-launcher');
  });

  it('R1: runs the command with /bin/sh -c as shell code', async () => {
    const result = await runHook(request('echo "$0"; printf "%s|" a b | tr "|" "-" && echo ok'));
    expect(result).toMatchObject({ exitCode: 0, signal: null, stderr: '', startError: null });
    expect(result.stdout).toBe('/bin/sh\na-b-ok\n');
  });

  it('R1: tool data on stdin is never evaluated as shell code', async () => {
    const marker = join(temporary, 'r1-spliced');
    const payload = `{"tool_input":{"command":"$(touch ${marker}); \`touch ${marker}\`"}}\n`;
    const result = await runHook(request('cat', { stdin: payload }));
    expect(result.stdout).toBe(payload);
    expect(existsSync(marker)).toBe(false);
  });

  it('R1: the shell can be replaced through the options', async () => {
    const result = await runHook(request('echo "$0"'), { shell: '/bin/bash' });
    expect(result.stdout).toBe('/bin/bash\n');
  });
});

describe('R3 stdin', () => {
  it('R3: the hook reads the payload exactly, then end of input', async () => {
    const payload = '{"event":"PreToolUse","tool_name":"bash_run","tool_input":{"é":"€"}}\n';
    const result = await runHook(request('cat; echo "[eof]"', { stdin: payload }));
    expect(result.stdout).toBe(`${payload}[eof]\n`);
  });

  it('R3: an 8 MiB payload to a hook that never reads: no crash, its exit code honoured', async () => {
    const payload = `${'x'.repeat(8 * 1024 * 1024)}\n`;
    const quick = await runHook(request('exit 4', { stdin: payload }));
    expect(quick).toMatchObject({ exitCode: 4, signal: null, startError: null, timedOut: false });
    const slow = await runHook(request('sleep 0.2; exit 5', { stdin: payload }));
    expect(slow).toMatchObject({ exitCode: 5, signal: null, startError: null, timedOut: false });
  });

  it('R3: a hook that closes stdin at once (exec 0<&-) keeps its exit code', async () => {
    const payload = `${'y'.repeat(4 * 1024 * 1024)}\n`;
    const result = await runHook(request('exec 0<&-; exit 3', { stdin: payload }));
    expect(result).toMatchObject({ exitCode: 3, signal: null, startError: null });
  });

  it('R3: a hook that reads part of a large payload and exits keeps its exit code', async () => {
    const payload = `${'z'.repeat(2 * 1024 * 1024)}\n`;
    const result = await runHook(request('head -c 10 >/dev/null; exit 6', { stdin: payload }));
    expect(result).toMatchObject({ exitCode: 6, startError: null });
  });
});

describe('R3 stdin is a regular file, never a socket', () => {
  const payload = '{"event":"PreToolUse","tool_name":"bash_run","tool_input":{"command":"rm -rf /"}}\n';

  it.each([
    ['cat /dev/stdin', 'cat /dev/stdin'],
    ['jq -c . < /dev/stdin', 'jq -c . < /dev/stdin'],
    ['python open("/dev/stdin")', `python3 -c 'import sys; sys.stdout.write(open("/dev/stdin").read())'`],
    [
      'node readFileSync("/dev/stdin")',
      `"${process.execPath}" -e 'process.stdout.write(require("fs").readFileSync("/dev/stdin"))'`,
    ],
  ])('R3: a hook that opens stdin by name (%s) reads the payload', async (_, command) => {
    const result = await runHook(request(command, { stdin: payload }));
    expect(result).toMatchObject({ exitCode: 0, stderr: '', startError: null });
    expect(result.stdout).toBe(payload);
  });

  it('R3: a guard that greps /dev/stdin by name sees the payload and denies', async () => {
    const guard = 'if grep -q rm /dev/stdin; then echo "no rm" >&2; exit 2; fi';
    const result = await runHook(request(guard, { stdin: payload }));
    expect(result).toMatchObject({ exitCode: 2, stderr: 'no rm\n', startError: null });
  });

  it('R3: stdin is a regular file, and each hook given one shared buffer reads all of it', async () => {
    const shared = Buffer.from(payload);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        runHook(request('test -f /dev/stdin && cat /dev/stdin && cat', { stdin: shared })),
      ),
    );
    // `cat /dev/stdin` opens the file afresh; plain `cat` reads fd 0 from its own offset.
    for (const result of results) expect(result).toMatchObject({ exitCode: 0, stdout: payload + payload });
  });

  it('R3: a 6 MiB payload read by name arrives whole', async () => {
    const big = `${'x'.repeat(6 * 1024 * 1024)}\n`;
    const result = await runHook(request('wc -c < /dev/stdin', { stdin: big }));
    expect(result).toMatchObject({ exitCode: 0, startError: null });
    expect(Number(result.stdout.trim())).toBe(big.length);
  });

  it('R3: no payload file is left in the temporary folders once the hooks started', async () => {
    const mine = (): string[] =>
      ['/dev/shm', tmpdir()].flatMap((folder) =>
        existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith(`cosh-stdin-${process.pid}-`)) : [],
      );
    const running = runHook(request('sleep 0.3; cat', { stdin: payload }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mine()).toEqual([]);
    expect((await running).stdout).toBe(payload);
  });

  it('R3: hooks in a row each read their own payload whole, never a longer one before it', async () => {
    // From the second on, each is written to the file made ahead while the one before ran.
    const payloads = [`${'long '.repeat(2000)}\n`, 'x\n', '\n', '{"event":"PreToolUse"}\n'];
    for (const stdin of payloads) {
      const result = await runHook(request('cat; echo "[eof]"', { stdin }));
      expect(result).toMatchObject({ exitCode: 0, stdout: `${stdin}[eof]\n` });
    }
  });

  it('R3: an empty stdin (bash_run) reads as end of input at once', async () => {
    const result = await runHook(request('cat; echo "[eof]"', { stdin: '' }));
    expect(result.stdout).toBe('[eof]\n');
  });
});

describe('R4 environment', () => {
  it("R4: the environment is exactly the one given, never extended with the host's", async () => {
    const result = await runHook(
      request('echo "${COSH_EVENT}|${COSH_TOOL_NAME}|${HOME-unset}|${DROPPED-unset}"', {
        env: {
          PATH: process.env.PATH,
          COSH_EVENT: 'PreToolUse',
          COSH_TOOL_NAME: 'bash_run',
          DROPPED: undefined,
        },
      }),
    );
    expect(result.stdout).toBe('PreToolUse|bash_run|unset|unset\n');
  });

  it('R4: values with spaces, quotes and newlines arrive unchanged', async () => {
    const value = `a b "c" 'd' $(e)\nline two`;
    const result = await runHook(
      request('printf "%s" "$COSH_HOOK_NAME"', {
        env: { ...hostEnvironment, COSH_HOOK_NAME: value },
      }),
    );
    expect(result.stdout).toBe(value);
  });
});

describe('R5 working directory', () => {
  it('R5: the hook runs in the requested directory', async () => {
    const result = await runHook(request('pwd -P'));
    expect(result.stdout).toBe(`${realpathSync(temporary)}\n`);
  });
});

describe('R7 completion', () => {
  it('R7: a background child holding stdout does not hold the result past the drain window', async () => {
    const pidFile = join(temporary, 'r7-holder.pid');
    const result = await runHook(request(`sleep 30 & echo $! > ${pidFile}; echo written; exit 7`), { drainMs: 300 });
    const [holder] = readPids(pidFile);
    leftRunning.push(holder!);
    expect(result).toMatchObject({ exitCode: 7, signal: null, timedOut: false, stdout: 'written\n' });
    // Waited for the drain (the pipe stays open), but not for the 30 s sleep.
    expect(result.durationMs).toBeGreaterThanOrEqual(280);
    expect(result.durationMs).toBeLessThan(10_000);
    // Left running, as R7 says: the hook is done, its helper is not ours to kill.
    expect(isProcessAlive(holder!)).toBe(true);
  });

  it('R7: our ends of pipes held by a left-running helper are closed: no descriptor leaks', async () => {
    const openDescriptors = (): number => readdirSync('/proc/self/fd').length;
    // One warm-up run, so lazily opened descriptors (signal handling, …) are not counted.
    await runHook(request('true'));
    const before = openDescriptors();
    for (let round = 0; round < 5; round += 1) {
      const pidFile = join(temporary, `r7-leak-${round}.pid`);
      await runHook(request(`sleep 30 & echo $! > ${pidFile}; echo hi; echo there >&2`), { drainMs: 20 });
      leftRunning.push(...readPids(pidFile));
      await runHook(request('true', { cwd: join(temporary, 'missing') }));
    }
    // Closing a pipe completes on a later turn of the event loop: poll rather than guess how late.
    await waitUntil(() => openDescriptors() <= before, 5_000);
    expect(openDescriptors()).toBeLessThanOrEqual(before);
  });

  it('R7: a helper that redirected its stdio does not make the result wait at all', async () => {
    const pidFile = join(temporary, 'r7-detached.pid');
    const result = await runHook(request(`sleep 30 >/dev/null 2>&1 </dev/null & echo $! > ${pidFile}; echo ok`), {
      drainMs: 5_000,
    });
    leftRunning.push(...readPids(pidFile));
    expect(result).toMatchObject({ exitCode: 0, stdout: 'ok\n' });
    // A drain of 5 s was allowed and not needed: the pipes closed with the shell.
    expect(result.durationMs).toBeLessThan(4_000);
  });

  it('R7: output written right before exit is collected in full', async () => {
    const result = await runHook(request('head -c 600000 /dev/zero | tr "\\0" a; echo; exit 0'));
    expect(result.stdout).toHaveLength(600_001);
    expect(result.truncated).toBe(false);
  });

  it('R7: stdout and stderr are collected separately', async () => {
    const result = await runHook(request('echo out; echo err >&2; exit 1'));
    expect(result).toMatchObject({ exitCode: 1, stdout: 'out\n', stderr: 'err\n' });
  });
});

describe('R8 caps', () => {
  it('R8: exactly at the cap is kept whole; one byte more is truncated', async () => {
    const atCap = await runHook(request('printf 0123456789'), { maxOutputBytes: 10 });
    expect(atCap).toMatchObject({ stdout: '0123456789', stdoutTruncated: false, truncated: false });
    const overCap = await runHook(request('printf 0123456789X'), { maxOutputBytes: 10 });
    expect(overCap).toMatchObject({ stdout: '0123456789', stdoutTruncated: true, truncated: true });
  });

  it('R8: stderr has its own cap and its own flag', async () => {
    const result = await runHook(request('echo fine; head -c 5000 /dev/zero >&2; exit 0'), {
      maxOutputBytes: 100,
    });
    expect(result).toMatchObject({
      exitCode: 0,
      stdout: 'fine\n',
      stdoutTruncated: false,
      stderrTruncated: true,
      truncated: true,
    });
    expect(result.stderr).toHaveLength(100);
  });

  it('R8: 128 MiB on each stream: truncated at 1 MiB, read to the end, memory stays bounded', async () => {
    const flood = 128 * 1024 * 1024;
    globalThis.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 5);
    // A generous clock: 256 MiB through two pipes takes about a second alone, far longer on a busy machine.
    const result = await runHook(
      request(`head -c ${flood} /dev/zero; head -c ${flood} /dev/zero >&2; exit 9`, { timeoutMs: 60_000 }),
    );
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    // exit 9 is reached only if both writes completed: everything was read, no deadlock.
    expect(result).toMatchObject({
      exitCode: 9,
      timedOut: false,
      stdoutTruncated: true,
      stderrTruncated: true,
      truncated: true,
    });
    expect(result.stdout).toHaveLength(1024 * 1024);
    expect(result.stderr).toHaveLength(1024 * 1024);
    // 256 MiB went through and 2 MiB were kept. The growth measured is about 40 MiB whatever
    // the volume (the same for 1 GiB): read buffers already discarded wait for V8's next GC.
    expect(rssPeak - rssBefore).toBeLessThan(96 * 1024 * 1024);
  }, 90_000);
});

describe('R10 decoding', () => {
  it('R10: a multibyte character split across two writes stays whole', async () => {
    // € is E2 82 AC; the hook writes E2 82, pauses, then AC.
    const result = await runHook(request("printf '\\342\\202'; sleep 0.1; printf '\\254 ok'"));
    expect(result.stdout).toBe('€ ok');
  });

  it('R10: invalid UTF-8 becomes U+FFFD and decoding never throws', async () => {
    const result = await runHook(request("printf 'a\\377b\\300'; printf '\\355\\240\\200' >&2"));
    expect(result.stdout).toBe('a\uFFFDb\uFFFD');
    expect(result.stderr).toBe('\uFFFD\uFFFD\uFFFD');
  });
});

describe('R9 and O5 facts: exit codes, signals, failure to start', () => {
  it('O5: killed by a signal (kill -9 $$) reports the signal, not exit 0', async () => {
    const result = await runHook(request('echo before; kill -9 $$; echo after'));
    expect(result).toMatchObject({
      exitCode: null,
      signal: 'SIGKILL',
      timedOut: false,
      startError: null,
      stdout: 'before\n',
    });
  });

  it("O5: command not found is exit 127 with the shell's message, not a start error", async () => {
    const result = await runHook(request('cosh-no-such-command-xyz'));
    expect(result).toMatchObject({ exitCode: 127, startError: null, timedOut: false });
    expect(result.stderr).toContain('cosh-no-such-command-xyz');
  });

  it('R9: a missing working directory is a start error naming the directory', async () => {
    const missing = join(temporary, 'no-such-directory');
    const result = await runHook(request('echo never', { cwd: missing }));
    expect(result).toMatchObject({ exitCode: null, signal: null, stdout: '', timedOut: false });
    expect(result.startError).toBe(`working directory does not exist: ${missing}`);
  });

  it('R9: a working directory that is a file is a start error', async () => {
    const file = join(temporary, 'a-file');
    writeFileSync(file, '');
    const result = await runHook(request('echo never', { cwd: file }));
    expect(result.startError).toBe(`working directory is not a directory: ${file}`);
  });

  it('R9: a missing shell is a start error naming the shell', async () => {
    const result = await runHook(request('echo never'), { shell: '/nonexistent/sh' });
    expect(result).toMatchObject({ exitCode: null, signal: null, timedOut: false });
    expect(result.startError).toBe('shell not found: /nonexistent/sh (ENOENT)');
  });

  it('R9: a shell that is not executable is a start error', async () => {
    const shell = join(temporary, 'not-executable-sh');
    writeFileSync(shell, '#!/bin/sh\n');
    chmodSync(shell, 0o644);
    const result = await runHook(request('echo never'), { shell });
    expect(result.startError).toBe(`shell is not executable: ${shell} (EACCES)`);
  });

  it('R9: a spawn that fails synchronously (NUL byte in the command) is a start error', async () => {
    const result = await runHook(request('echo a\0b'));
    expect(result.exitCode).toBeNull();
    expect(result.startError).toMatch(/^failed to start \/bin\/sh: .*null bytes/);
  });

  it('R9: failures to start never reject and never surface as unhandled errors', async () => {
    const surfaced: unknown[] = [];
    const record = (error: unknown): void => {
      surfaced.push(error);
    };
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
    try {
      const results = await Promise.all([
        runHook(request('true'), { shell: '/nonexistent/sh' }),
        runHook(request('true', { cwd: '/nonexistent-directory' })),
        runHook(request('echo \0')),
      ]);
      expect(results.map((result) => result.startError === null)).toEqual([false, false, false]);
      // Let any late `error` event or rejected promise surface before checking.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(surfaced).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
      process.off('uncaughtException', record);
    }
  });
});

describe('programmer errors', () => {
  it('throws RunnerError synchronously for a malformed request, before starting anything', () => {
    const marker = join(temporary, 'never-created');
    const call = (): unknown => runHook(request(`touch ${marker}`, { timeoutMs: 0 }));
    expect(call).toThrow(RunnerError);
    try {
      call();
    } catch (error) {
      expect(RunnerError.isInstance(error)).toBe(true);
      expect((error as RunnerError).code).toBe('E_RUNNER_INVALID_REQUEST');
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('throws RunnerError for options that cannot be right', () => {
    expect(() => runHook(request('true'), { maxOutputBytes: -1 })).toThrow(/maxOutputBytes must be an integer >= 0/);
  });
});

describe('duration', () => {
  it('reports the time from spawn to result', async () => {
    const result = await runHook(request('sleep 0.3'));
    expect(result.durationMs).toBeGreaterThanOrEqual(280);
    expect(result.durationMs).toBeLessThan(3_000);
  });
});
