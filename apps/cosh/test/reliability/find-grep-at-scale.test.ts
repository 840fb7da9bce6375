// find_grep at scale: a tree of 20,000 files and two 96 MiB files are walked in order with the
// memory of the process sampled all along: it stays bounded, far below what the files hold.
// Reliability, not the fast loop: writing the trees alone takes seconds.
import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { findGrepTool } from '../../src/tools/find-grep.ts';

const makeFolder = temporaryFolders('cosh-tools-');
const run = (input: unknown, cwd: string) => findGrepTool.run(input as { pattern: string }, { cwd, env: {} });

/** Sample heap + buffers every few ms while `work` runs; the peak growth over the start. */
async function peakMemoryGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const used = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const start = used();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, used())), 2);
  try {
    const result = await work();
    peak = Math.max(peak, used());
    return { result, growth: peak - start };
  } finally {
    clearInterval(timer);
  }
}

describe('find_grep at scale', () => {
  it('T: walks a tree of 20,000 files in order with bounded memory', async () => {
    const cwd = makeFolder();
    const expected: string[] = [];
    for (let folder = 0; folder < 200; folder += 1) {
      const folderName = `d${String(folder).padStart(3, '0')}`;
      await mkdir(path.join(cwd, folderName));
      await Promise.all(
        Array.from({ length: 100 }, async (_, file) => {
          const fileName = `f${String(file).padStart(3, '0')}.txt`;
          const needle = (folder * 100 + file) % 41 === 0;
          await writeFile(
            path.join(cwd, folderName, fileName),
            needle ? `one\nneedle ${folderName}/${fileName}\n` : 'one\ntwo\n',
          );
        }),
      );
      for (let file = 0; file < 100; file += 1) {
        if ((folder * 100 + file) % 41 === 0) {
          const relative = `${folderName}/f${String(file).padStart(3, '0')}.txt`;
          expected.push(`${relative}:2:needle ${relative}`);
        }
      }
    }
    const { result, growth } = await peakMemoryGrowth(() => run({ pattern: '^needle' }, cwd));
    expect(result).toEqual({ ok: true, output: expected.join('\n') });
    expect(expected.length).toBe(488);
    expect(growth).toBeLessThan(64 * 1024 * 1024);
  });

  it('T: searches large files without loading them (memory stays far below their size)', async () => {
    const cwd = makeFolder();
    const fileBytes = 96 * 1024 * 1024;
    const block = Buffer.from(`${'filler line of text 0123456789\n'.repeat(2047)}needle\n`.slice(0, 64 * 1024));
    for (const name of ['big-a.log', 'big-b.log']) {
      const handle = await open(path.join(cwd, name), 'w');
      for (let written = 0; written < fileBytes; written += block.length) await handle.write(block);
      await handle.close();
    }
    const { result, growth } = await peakMemoryGrowth(() => run({ pattern: 'needle' }, cwd));
    expect(result.ok).toBe(true);
    const rows = result.ok ? result.output.split('\n') : [];
    expect(rows[0]).toMatch(/^big-a\.log:\d+:needle$/);
    expect(rows.at(-1)).toBe('[output capped at 1000 matches; narrow the pattern or path]');
    // The whole of one file would be 96 MiB of bytes and more as a string.
    expect(growth).toBeLessThan(48 * 1024 * 1024);
    const { result: none, growth: noneGrowth } = await peakMemoryGrowth(() => run({ pattern: 'absent' }, cwd));
    expect(none).toEqual({ ok: true, output: '[no matches for /absent/ in .]' });
    expect(noneGrowth).toBeLessThan(48 * 1024 * 1024);

    // An abort stops the reading between chunks: the call fails soon, not after 192 MiB.
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 20);
    const aborted = await findGrepTool.run({ pattern: 'absent' }, { cwd, env: {}, signal: controller.signal });
    expect(aborted).toEqual({ ok: false, error: 'find_grep: cancelled' });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
