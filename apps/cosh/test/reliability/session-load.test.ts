// `cosh session` under load, as an agent drives it: 10,000 calls in one session, hooks on a
// share of them, every answer in order with its id and the right output, and the process's
// resident memory sampled from /proc all along: flat, not growing with the number of calls.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin } from '../__fixtures__/cli-run.ts';
import { temporaryFolders, TRUST_ALL_ENV, withoutTrustAllWarning } from '@cosh/test-utils';

const makeFolder = temporaryFolders('cosh-session-load-');

const total = 10_000;
// Every 50th call goes to find_grep, which has a PreToolUse and a PostToolUse hook: 200 calls,
// 400 hook processes. A spawned hook on every call would take minutes on the shared 2-core
// machine (a spawn costs 10–25 ms there); the other 9,800 calls run no hook.
const hookedEvery = 50;

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

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function callLine(index: number): string {
  const hooked = index % hookedEvery === hookedEvery - 1;
  const call = hooked
    ? { id: `grep-${index}`, tool_name: 'find_grep', tool_input: { pattern: 'hel+o', path: 'notes.txt' } }
    : { id: index, tool_name: 'fs_read', tool_input: { path: 'notes.txt' } };
  return `${JSON.stringify(call)}\n`;
}

describe('cosh session under load', () => {
  it(`L1/L5: ${total.toLocaleString('en')} calls in one session are answered in order with matching ids, and resident memory stays flat`, async () => {
    const config = join(folder, 'setup.json');
    await writeFile(
      config,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { name: 'pre', matcher: '^find_grep$', command: `cat >/dev/null; echo '{"context": "pre: searched"}'` },
          ],
          PostToolUse: [
            {
              name: 'post',
              matcher: '^find_grep$',
              command: `grep -q '"tool_output":"notes.txt:1:hello' && echo '{"context": "post: saw the match"}'`,
            },
          ],
        },
      }),
    );
    await writeFile(join(folder, 'notes.txt'), 'hello\n');

    const startedAt = performance.now();
    const child = spawn(process.execPath, [coshBin, 'session', '--config', config, '--permission', 'allow'], {
      cwd: folder,
      env: { PATH: process.env['PATH'], ...TRUST_ALL_ENV, HOME: folder },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const pid = child.pid ?? -1;
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));

    // Lines are written as fast as the session takes them (it reads one call at a time).
    const writing = (async () => {
      for (let index = 0; index < total; index += 1) {
        if (!child.stdin.write(callLine(index))) await new Promise((resolve) => child.stdin.once('drain', resolve));
      }
      child.stdin.end();
    })();

    // Resident memory, sampled every 100 ms with how many answers had come by then.
    const samples: { answered: number; bytes: number }[] = [];
    let answered = 0;
    const sampler = setInterval(() => {
      const bytes = residentBytes(pid);
      if (bytes !== undefined) samples.push({ answered, bytes });
    }, 100);

    const problems: string[] = [];
    for await (const line of createInterface({ input: child.stdout })) {
      // The first line describes the session; the answers follow.
      if ((JSON.parse(line) as { type?: unknown }).type === 'session') continue;
      const index = answered;
      answered += 1;
      const answer = JSON.parse(line) as { id: unknown; status: string; output: string };
      const hooked = index % hookedEvery === hookedEvery - 1;
      const expected = hooked
        ? { id: `grep-${index}`, status: 'ok', output: 'notes.txt:1:hello\npre: searched\npost: saw the match' }
        : { id: index, status: 'ok', output: 'hello\n' };
      const got = { id: answer.id, status: answer.status, output: answer.output };
      if (JSON.stringify(got) !== JSON.stringify(expected) && problems.length < 5) {
        problems.push(`answer ${index}: ${JSON.stringify(got)}`);
      }
    }
    clearInterval(sampler);
    await writing;
    const code = await exited;
    const elapsedMs = performance.now() - startedAt;

    expect({ code, stderr: withoutTrustAllWarning(stderr) }).toEqual({ code: 0, stderr: '' });
    expect(answered).toBe(total);
    expect(problems).toEqual([]);

    // Flat: the resident size in the last quarter of the run (calls 7,500–10,000) stays within
    // 25 MB of the second quarter's (2,500–5,000), about 5,000 calls apart: keeping 5 KB per
    // call would break it. Resident size is coarse (V8 grows its heap in steps: 79 → 97 MB
    // here, and in a 40,000-call run it levels off at 96 MB from call 8,000 on); the live heap
    // after full collections is held within 1 MB by the load test in test/session.test.ts.
    const early = samples
      .filter((sample) => sample.answered >= total / 4 && sample.answered < total / 2)
      .map((sample) => sample.bytes);
    const late = samples.filter((sample) => sample.answered >= (3 * total) / 4).map((sample) => sample.bytes);
    expect(early.length).toBeGreaterThan(2);
    expect(late.length).toBeGreaterThan(2);
    expect(median(late) - median(early)).toBeLessThan(25 * 1024 * 1024);
    expect(Math.max(...late)).toBeLessThan(Math.max(...early) + 25 * 1024 * 1024);
    // Bounded in time as a whole: 12–17 s alone here, 45 s beside the other reliability tests.
    expect(elapsedMs).toBeLessThan(200_000);
  }, 240_000);

  it('L6: hostile lines and hooks do not take the session down: 100,000-deep line, 100,000-deep rewrite, NUL in a tool name', async () => {
    const config = join(folder, 'hostile.json');
    const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
    await writeFile(join(folder, 'deep-rewrite.json'), `{"updated_input":{"path":${deep(100_000)}}}`);
    await writeFile(
      config,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { name: 'deep rewrite', matcher: '^find_grep$', command: 'cat >/dev/null; cat deep-rewrite.json' },
          ],
        },
      }),
    );
    await writeFile(join(folder, 'notes.txt'), 'hello\n');
    const lines = [
      `{"id": 1, "tool_name": "fs_read", "tool_input": {"path": ${deep(100_000)}}}`,
      JSON.stringify({ id: 2, tool_name: 'find_grep', tool_input: { pattern: 'hello', path: 'notes.txt' } }),
      JSON.stringify({ id: 3, tool_name: 'fs_read\u0000x', tool_input: { path: 'notes.txt' } }),
      JSON.stringify({ id: 4, tool_name: 'fs_read', tool_input: { path: 'notes.txt' } }),
    ];
    const child = spawn(process.execPath, [coshBin, 'session', '--config', config, '--permission', 'allow'], {
      cwd: folder,
      env: { PATH: process.env['PATH'], ...TRUST_ALL_ENV, HOME: folder },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => {
      child.on('close', resolve);
      child.stdin.end(`${lines.join('\n')}\n`);
    });
    expect(code).toBe(0);
    const answers = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((answer) => answer['type'] !== 'session');
    expect(answers.map((answer) => [answer['id'], answer['status'], answer['error_code'], answer['output']])).toEqual([
      [
        null,
        'error',
        'nested_too_deep',
        'line 1 nests more than 513 levels deep (a tool input may have 512) and was not read',
      ],
      // The rewrite is invalid output (no opinion): the search runs with the input as given.
      [2, 'ok', null, 'notes.txt:1:hello'],
      [3, 'error', 'unknown_tool', expect.stringMatching(/^unknown tool 'fs_read\u0000x'/)],
      [4, 'ok', null, 'hello\n'],
    ]);
    expect(stderr).toContain(
      "hook 'deep rewrite' printed invalid output: updated_input nests more than 512 levels deep",
    );
  }, 60_000);
});
