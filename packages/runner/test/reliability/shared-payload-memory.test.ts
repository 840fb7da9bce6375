// R11's memory claim, measured: the peak memory of a fresh host running 20 hooks on a 30 MB
// payload grows by one copy of it, not one per hook. Reliability, not the fast loop: it starts
// three Node processes that each move 600 MB through pipes (7 s on a quiet machine).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleSources } from '@cosh/test-utils';

describe('R11 one shared payload', () => {
  let bundle: { file: string; remove: () => void };
  beforeAll(async () => {
    bundle = await bundleSources(fileURLToPath(new URL('../../', import.meta.url)));
  });
  afterAll(() => {
    bundle.remove();
  });

  /**
   * The growth of a fresh host's peak RSS (VmHWM) while 20 hooks each read a 30 MB payload,
   * given one way or another. A separate process, so nothing else this worker did counts.
   */
  function peakGrowthMegabytes(mode: 'shared-buffer' | 'same-string' | 'copy-per-hook'): Promise<number> {
    const script = `
      import { readFileSync } from 'node:fs';
      const { createHookRunner } = await import(${JSON.stringify(bundle.file)});
      const highWaterMark = () => Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
      const payload = JSON.stringify({ tool_input: { content: 'x'.repeat(30 * 1024 * 1024) } }) + '\\n';
      const bytes = Buffer.from(payload);
      const before = highWaterMark();
      const runner = createHookRunner();
      const request = (index, stdin) => ({ command: 'cat >/dev/null # ' + index, stdin, env: process.env, cwd: process.cwd(), timeoutMs: 60000 });
      const stdinOf = { 'shared-buffer': () => bytes, 'same-string': () => payload, 'copy-per-hook': () => Buffer.from(payload) }[${JSON.stringify(mode)}];
      const requests = Array.from({ length: 20 }, (_, index) => request(index, stdinOf()));
      const results = await runner.runHooks(requests);
      if (!results.every((result) => result.exitCode === 0)) throw new Error(JSON.stringify(results));
      process.stdout.write(String(highWaterMark() - before));
    `;
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(Number(output)) : reject(new Error(`exited with ${code}`))));
    });
  }

  it('R11: 20 hooks and a 30 MB payload: one buffer, whatever the number of hooks', async () => {
    const shared = await peakGrowthMegabytes('shared-buffer');
    const sameString = await peakGrowthMegabytes('same-string');
    const perHook = await peakGrowthMegabytes('copy-per-hook');
    // One copy of the payload's bytes is 30 MB; a copy per hook is 600 MB.
    expect(shared).toBeLessThan(150);
    expect(sameString).toBeLessThan(150);
    // The measure sees the difference: a host that hands each hook its own copy holds 20 of them.
    expect(perHook).toBeGreaterThan(300);
  }, 60_000);
});
