// `cosh mcp serve` with a client that sends many calls and does not read the answers: reading
// stops while the unread results pass 16 MiB (SPEC X), so the server's memory stays bounded
// instead of holding every answer (1,500 unread results once took 3 GB). Then the client reads,
// and every call is answered.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-mcp-backpressure-');

const calls = 1500;
const fileBytes = 1024 * 1024;

let folder: string;
beforeAll(async () => {
  await assertBuilt();
  folder = makeFolder();
});

/** Resident set size of a process, in bytes, or `undefined` once it is gone. */
function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? undefined : Number(match[1]) * 1024;
  } catch {
    return undefined;
  }
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

describe('cosh mcp serve with a client that does not read', () => {
  it(`X: ${calls.toLocaleString('en')} calls of 1 MiB results, unread: memory stays bounded (backpressure), then all are answered`, async () => {
    await writeFile(join(folder, 'setup.json'), JSON.stringify({ hooks: {} }));
    await writeFile(join(folder, 'mebibyte.txt'), 'm'.repeat(fileBytes));
    const child = spawn(process.execPath, [coshBin, 'mcp', 'serve', '--config', join(folder, 'setup.json')], {
      cwd: folder,
      env: { PATH: process.env['PATH'], HOME: folder, COSH_TRUST: 'all' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const pid = child.pid as number;
    try {
      child.stdout.pause();
      child.stdin.write(
        line({
          jsonrpc: '2.0',
          id: 'init',
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'unread', version: '1' } },
        }),
      );
      child.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      for (let id = 0; id < calls; id += 1) {
        child.stdin.write(
          line({
            jsonrpc: '2.0',
            id,
            method: 'tools/call',
            params: { name: 'fs_read', arguments: { path: 'mebibyte.txt' } },
          }),
        );
      }
      // Not reading for 15 s: without backpressure the server would read all the calls and
      // hold 1.5 GB of answers by then.
      let peak = 0;
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        peak = Math.max(peak, residentBytes(pid) ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // 16 MiB unread, the calls in flight (64) and Node's own (317–471 MiB measured): far below
      // the 1.5 GB of answers an unbounded server would hold.
      expect(peak).toBeLessThan(600 * 1024 * 1024);
      const peakUnread = peak;

      const answered = new Set<number>();
      const lines = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
      child.stdout.resume();
      for await (const text of lines) {
        peak = Math.max(peak, residentBytes(pid) ?? 0);
        const message = JSON.parse(text) as { id: number | string; result?: { content: { text: string }[] } };
        if (message.id === 'init') continue;
        expect(message.result?.content[0]?.text.length).toBe(fileBytes);
        answered.add(message.id as number);
        if (answered.size === calls) break;
      }
      expect(answered.size).toBe(calls);
      // While the client reads at full speed the heap holds more garbage between collections
      // (511 MiB measured); still far from holding every answer.
      expect(peak).toBeLessThan(900 * 1024 * 1024);
      const mebibytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;
      console.info(
        `peak resident memory for ${calls} calls of 1 MiB results: ${mebibytes(peakUnread)} while unread, ${mebibytes(peak)} in all`,
      );
    } finally {
      child.stdin.end();
      child.kill('SIGKILL');
    }
  }, 300_000);
});
