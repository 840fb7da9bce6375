import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { isRunning, survivors } from './__fixtures__/process-state.ts';
import { bashRunTool } from './bash-run.ts';
import type { ToolContext } from './tool-types.ts';

const makeFolder = temporaryFolders('cosh-tools-');
const runWithParts = (input: unknown, context: Partial<ToolContext> = {}) =>
  bashRunTool.run(input as { command: string }, { cwd: process.cwd(), env: process.env, ...context });
/** The result as the model sees it: `parts` is checked on its own. */
const run = async (input: unknown, context: Partial<ToolContext> = {}) => {
  const result = await runWithParts(input, context);
  if (!result.ok) return result;
  const { parts: _parts, ...seen } = result;
  return seen;
};

async function readPids(file: string): Promise<number[]> {
  return (await readFile(file, 'utf8')).split('\n').filter(Boolean).map(Number);
}

describe('bash_run', () => {
  it('T: returns stdout, then stderr, then the exit code', async () => {
    expect(await run({ command: 'echo hello; echo oops >&2; echo world' })).toEqual({
      ok: true,
      output: 'hello\nworld\n[stderr]\noops\n[exit code: 0]',
    });
  });

  it("K4: the result keeps stdout and stderr apart for Claude hooks' tool_response", async () => {
    expect(await runWithParts({ command: 'echo out; echo err >&2' })).toEqual({
      ok: true,
      output: 'out\n[stderr]\nerr\n[exit code: 0]',
      parts: { stdout: 'out\n', stderr: 'err\n' },
    });
  });

  it('T: a non-zero exit is a successful call with the code shown', async () => {
    expect(await run({ command: 'printf partial; exit 3' })).toEqual({ ok: true, output: 'partial\n[exit code: 3]' });
    const notFound = await run({ command: 'definitely-not-a-command-cosh' });
    expect(notFound.ok).toBe(true);
    expect(notFound.ok && notFound.output).toMatch(
      /^\[stderr\]\n.*definitely-not-a-command-cosh.*not found\n\[exit code: 127\]$/s,
    );
  });

  it('T: no output at all is just the exit code', async () => {
    expect(await run({ command: 'true' })).toEqual({ ok: true, output: '[exit code: 0]' });
  });

  it('T: stdin is empty, so a command that reads it ends at once', async () => {
    expect(await run({ command: 'cat; echo after' })).toEqual({ ok: true, output: 'after\n[exit code: 0]' });
  });

  it('T: runs in the context cwd with the context environment', async () => {
    const cwd = makeFolder();
    expect(
      await run(
        { command: 'pwd; echo "$COSH_TEST_VALUE"' },
        { cwd, env: { PATH: process.env['PATH'], COSH_TEST_VALUE: 'from env' } },
      ),
    ).toEqual({
      ok: true,
      output: `${cwd}\nfrom env\n[exit code: 0]`,
    });
  });

  it('T: a command killed by a signal is a result that names the signal', async () => {
    expect(await run({ command: 'kill -9 $$' })).toEqual({ ok: true, output: '[killed by signal SIGKILL]' });
  });

  it('T: a missing cwd is a failure to start', async () => {
    expect(await run({ command: 'true' }, { cwd: '/nonexistent/cosh-folder' })).toEqual({
      ok: false,
      error: 'bash_run: the command could not start: working directory does not exist: /nonexistent/cosh-folder',
    });
  });

  it('T: a timeout kills the command and everything it started, and is a failure', async () => {
    const folder = makeFolder();
    const pids = path.join(folder, 'pids');
    const started = performance.now();
    const result = await run({
      // The shell and its children ignore SIGTERM: only the SIGKILL that follows ends them.
      command: `trap '' TERM; echo before; sleep 60 & echo $! >> ${pids}; (sleep 60; echo never) & echo $! >> ${pids}; echo $$ >> ${pids}; wait`,
      timeout: 1,
    });
    const elapsed = performance.now() - started;
    expect(result).toEqual({
      ok: false,
      error:
        'bash_run: timed out after 1 second; the command and every process it started were killed. Output before the kill:\nbefore',
    });
    // 1 s timeout + at most 1 s grace, with room for a loaded machine (not the 60 s sleeps).
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(10_000);
    const written = await readPids(pids);
    expect(written).toHaveLength(3);
    expect(await survivors(written)).toEqual([]);
  });

  it('T: a timeout with no output says so without an empty output section', async () => {
    expect(await run({ command: 'sleep 60', timeout: 0.3 })).toEqual({
      ok: false,
      error: 'bash_run: timed out after 0.3 seconds; the command and every process it started were killed',
    });
  });

  it('T: a cancelled call (context.signal) kills the command and everything it started at once, and is a failure', async () => {
    const folder = makeFolder();
    const pids = path.join(folder, 'pids');
    const controller = new AbortController();
    const started = performance.now();
    const running = run(
      { command: `echo before; sleep 60 & echo $! >> ${pids}; echo $$ >> ${pids}; wait` },
      { signal: controller.signal },
    );
    // Abort once both pids are written: the command is running.
    while ((await readPids(pids).catch(() => [])).length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    expect(await running).toEqual({
      ok: false,
      error:
        'bash_run: cancelled; the command and every process it started were killed. Output before the kill:\nbefore',
    });
    // The default timeout is two minutes away.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await survivors(await readPids(pids))).toEqual([]);
  });

  it('T: a call cancelled before it starts runs nothing (defineTool checks, the runner would too)', async () => {
    const folder = makeFolder();
    const marker = path.join(folder, 'ran');
    expect(await run({ command: `touch ${marker}` }, { signal: AbortSignal.abort() })).toEqual({
      ok: false,
      error: 'bash_run: cancelled before it started',
    });
    await expect(readFile(marker)).rejects.toThrow(/ENOENT/);
  });

  it('T: a background child that keeps stdout open does not hang the call', async () => {
    const started = performance.now();
    const result = await run({ command: 'sleep 30 & echo "$!"; echo started' });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(result.ok).toBe(true);
    const lines = result.ok ? result.output.split('\n') : [];
    expect(lines.slice(1)).toEqual(['started', '[exit code: 0]']);
    const backgroundPid = Number(lines[0]);
    // Left running, as a hook's background child is (R7); this test cleans up after itself.
    expect(await isRunning(backgroundPid)).toBe(true);
    process.kill(backgroundPid, 'SIGKILL');
  });

  it('T: output past 1 MiB per stream is cut with a note', async () => {
    const result = await run({
      command: "head -c 1500000 /dev/zero | tr '\\0' a; head -c 1200000 /dev/zero | tr '\\0' b >&2; exit 4",
    });
    expect(result.ok).toBe(true);
    const output = result.ok ? result.output : '';
    expect(output).toBe(
      `${'a'.repeat(1024 * 1024)}\n[stdout cut at 1 MiB; the rest was discarded]\n[stderr]\n${'b'.repeat(1024 * 1024)}\n[stderr cut at 1 MiB; the rest was discarded]\n[exit code: 4]`,
    );
  });

  it('T: an empty command or a bad timeout is an input error', async () => {
    expect(await run({ command: '' })).toEqual({
      ok: false,
      error: 'bash_run: input.command: expected a non-empty command, got ""',
    });
    expect(await run({ command: 'true', timeout: -1 })).toEqual({
      ok: false,
      error: 'bash_run: input.timeout: expected a number of seconds greater than 0, got -1',
    });
  });
});
