import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolders } from '@cosh/test-utils';
import { hostEnvironment } from './__fixtures__/process-probes.ts';
import type { HookProcessRequest } from './hook-process.ts';
import { runHooks } from './run-hooks.ts';
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
  timeoutMs: 10_000,
  ...overrides,
});

describe('R2 parallel', () => {
  it('R2: six hooks of 2 s each finish together, in half the time they would take one after the other', async () => {
    const startedAt = performance.now();
    const results = await runHooks(Array.from({ length: 6 }, (_, index) => request(`sleep 2; exit ${index}`)));
    const elapsed = performance.now() - startedAt;
    expect(results.map((result) => result.exitCode)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(elapsed).toBeGreaterThanOrEqual(1_950);
    // One after the other they would take 12 s: half of that still shows they ran together, and
    // leaves 4 s for starting six shells on a machine whose cores are busy with other work.
    expect(elapsed).toBeLessThan(6_000);
  });

  it('R2: results are in request order, not finish order', async () => {
    const results = await runHooks([
      request('sleep 0.6; echo first'),
      request('sleep 0.3; echo second'),
      request('echo third'),
    ]);
    expect(results.map((result) => result.stdout)).toEqual(['first\n', 'second\n', 'third\n']);
    expect(results[0]!.durationMs).toBeGreaterThan(results[2]!.durationMs);
  });

  it('R2: each hook gets its own stdin, environment and working directory', async () => {
    const results = await runHooks([
      request('cat; echo "$WHO"; pwd -P', { stdin: 'one\n', env: { ...hostEnvironment, WHO: 'a' } }),
      request('cat; echo "$WHO"; pwd -P', { stdin: 'two\n', env: { ...hostEnvironment, WHO: 'b' }, cwd: '/' }),
    ]);
    expect(results[0]!.stdout).toMatch(/^one\na\n\/.+\n$/);
    expect(results[1]!.stdout).toBe('two\nb\n/\n');
  });

  it('R2: an empty batch resolves to an empty list', async () => {
    expect(await runHooks([])).toEqual([]);
  });
});

describe('R9 failure to start in a batch', () => {
  it('R9: a hook that cannot start is its own result; the others run to completion', async () => {
    const results = await runHooks([
      request('echo before'),
      request('echo never', { cwd: join(temporary, 'missing') }),
      request('sleep 0.2; echo after'),
    ]);
    expect(results[0]).toMatchObject({ exitCode: 0, stdout: 'before\n', startError: null });
    expect(results[1]).toMatchObject({ exitCode: null, stdout: '' });
    expect(results[1]!.startError).toContain('working directory does not exist');
    expect(results[2]).toMatchObject({ exitCode: 0, stdout: 'after\n', startError: null });
  });

  it('R9: with a missing shell every hook reports it and nothing throws', async () => {
    const results = await runHooks([request('true'), request('true')], { shell: '/nonexistent/sh' });
    expect(results.map((result) => result.startError)).toEqual([
      'shell not found: /nonexistent/sh (ENOENT)',
      'shell not found: /nonexistent/sh (ENOENT)',
    ]);
  });

  it('a request whose timeout cannot work throws before any hook of the batch starts', () => {
    const marker = join(temporary, 'batch-never-started');
    expect(() => runHooks([request(`touch ${marker}`), { ...request('true'), timeoutMs: 0 }])).toThrow(RunnerError);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('R7 output written before exit', () => {
  it('R7: what a hook wrote before its shell exited is collected even when the drain window closes before the host reads the pipe', async () => {
    // drainMs 0 makes the window close at the next timers phase, which a batch of exits
    // reaches before the poll phase that reads the pipes: without a last poll, about half of
    // these outputs were lost.
    const outputs: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      const results = await runHooks(
        Array.from({ length: 4 }, (_, index) => request(`echo out${index}`)),
        { drainMs: 0 },
      );
      outputs.push(...results.map((result) => result.stdout));
    }
    expect(outputs).toEqual(Array.from({ length: 80 }, (_, position) => `out${position % 4}\n`));
  });
});
