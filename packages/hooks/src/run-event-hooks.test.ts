import { describe, expect, it, vi } from 'vitest';
import { compileHooks, selectHooks } from '@cosh/matcher';
import { hooksConfig } from './__fixtures__/hooks-config.ts';
import { prepareHooks } from './prepare-hooks.ts';
import { runEventHooks } from './run-event-hooks.ts';

// A broken runner, to prove the engine's own guard: every other test uses the real one.
vi.mock('@cosh/runner', async (importOriginal) => {
  const original = await importOriginal<typeof import('@cosh/runner')>();
  return {
    ...original,
    runHook: (request: { command: string }, options?: unknown) => {
      if (request.command === 'never answers') return new Promise(() => {});
      if (request.command === 'throws') throw new Error('runner bug');
      if (request.command === 'rejects') return Promise.reject(new Error('async runner bug'));
      return original.runHook(request as never, options as never);
    },
  };
});

function selectionFor(commands: readonly { name: string; command: string; timeout?: number }[]) {
  const compiled = compileHooks(prepareHooks(hooksConfig({ PreToolUse: commands }), 'PreToolUse'));
  return selectHooks(compiled, 'tool');
}

const setup = {
  event: 'PreToolUse' as const,
  toolName: 'tool',
  stdin: '{}\n',
  hostEnvironment: { PATH: process.env['PATH'] },
  cwd: process.cwd(),
  runnerOptions: undefined,
  killAllowanceMs: 300,
  setupProblem: null,
};

describe('runEventHooks guards the runner (L5, L6)', () => {
  it('L6: a runner that never answers is reported as a timeout once timeout + allowance have passed', async () => {
    const startedAt = performance.now();
    const run = await runEventHooks(
      selectionFor([
        { name: 'hung', command: 'never answers', timeout: 0.2 },
        { name: 'fine', command: 'exit 0' },
      ]),
      { ...setup, startedAt },
    );
    const elapsed = performance.now() - startedAt;
    expect(elapsed).toBeGreaterThanOrEqual(490);
    expect(elapsed).toBeLessThan(1500);
    expect(run.reports.map((report) => [report.name, report.outcome, report.timedOut])).toEqual([
      ['hung', 'error', true],
      ['fine', 'none', false],
    ]);
    expect(run.outcomes[0]?.diagnostic?.message).toBe("hook 'hung' failed: timed out after 0.2s");
  });

  it('L6: a runner that throws or rejects is a failed start of that hook; the others still run', async () => {
    const run = await runEventHooks(
      selectionFor([
        { name: 'a', command: 'throws' },
        { name: 'b', command: 'rejects' },
        { name: 'c', command: 'exit 2' },
      ]),
      { ...setup, startedAt: performance.now() },
    );
    expect(run.reports.map((report) => report.outcome)).toEqual(['error', 'error', 'deny']);
    expect(run.outcomes.map((outcome) => outcome.diagnostic?.message ?? null)).toEqual([
      "hook 'a' failed: failed to start: the runner refused the hook: runner bug",
      "hook 'b' failed: failed to start: the runner failed: async runner bug",
      null,
    ]);
  });

  it('R9: a setup problem (no payload, no directory) fails every hook that would run, with no duration', async () => {
    const run = await runEventHooks(selectionFor([{ name: 'a', command: 'exit 0' }]), {
      ...setup,
      startedAt: performance.now(),
      setupProblem: 'no working directory: ENOENT',
    });
    expect(run.reports[0]).toMatchObject({ outcome: 'error', durationMs: null });
    expect(run.outcomes[0]?.diagnostic?.message).toBe("hook 'a' failed: failed to start: no working directory: ENOENT");
  });
});
