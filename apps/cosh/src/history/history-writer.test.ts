import { execFileSync } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { openHistory } from './history-writer.ts';

const makeFolder = temporaryFolders('cosh-tools-');

async function openOrThrow(file: string, cwd: string) {
  const opened = await openHistory(file, cwd);
  if (!opened.ok) throw new Error(opened.error);
  return opened.writer;
}

describe('openHistory', () => {
  it('creates the file private to its owner and appends one JSON line per record', async () => {
    const folder = makeFolder();
    const writer = await openOrThrow('history.jsonl', folder);
    expect(writer.path).toBe(path.join(folder, 'history.jsonl'));
    expect(await writer.append({ tool_name: 'fs_read', output: 'two\nlines' })).toEqual({ ok: true });
    expect(await writer.append({ tool_name: 'bash_run', output: 'é\u2028' })).toEqual({ ok: true });
    await writer.close();
    const text = await readFile(path.join(folder, 'history.jsonl'), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(
      text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { tool_name: 'fs_read', output: 'two\nlines' },
      { tool_name: 'bash_run', output: 'é\u2028' },
    ]);
    expect((await stat(path.join(folder, 'history.jsonl'))).mode & 0o777).toBe(0o600);
  });

  it('appends to an existing file, never truncates it', async () => {
    const folder = makeFolder();
    await writeFile(path.join(folder, 'history.jsonl'), '{"earlier":true}\n');
    const writer = await openOrThrow('history.jsonl', folder);
    await writer.append({ later: true });
    await writer.close();
    expect(await readFile(path.join(folder, 'history.jsonl'), 'utf8')).toBe('{"earlier":true}\n{"later":true}\n');
  });

  it('concurrent appends of large lines, from two writers on one file, never interleave', async () => {
    const folder = makeFolder();
    const first = await openOrThrow('history.jsonl', folder);
    const second = await openOrThrow('history.jsonl', folder);
    // 40 lines of 200 KiB each, issued at once through two descriptors: the thread pool runs
    // several write(2) calls at the same moment.
    const appends = Array.from({ length: 40 }, (_, index) =>
      (index % 2 === 0 ? first : second).append({
        index,
        output: String.fromCharCode(97 + (index % 26)).repeat(200 * 1024),
      }),
    );
    expect((await Promise.all(appends)).every((result) => result.ok)).toBe(true);
    await Promise.all([first.close(), second.close()]);
    const lines = (await readFile(path.join(folder, 'history.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(40);
    const records = lines.map((line) => JSON.parse(line) as { index: number; output: string });
    for (const record of records)
      expect(record.output).toBe(String.fromCharCode(97 + (record.index % 26)).repeat(200 * 1024));
    expect(records.map((record) => record.index).sort((left, right) => left - right)).toEqual([...Array(40).keys()]);
  });

  it.each([
    [
      'a folder',
      async (folder: string) => {
        await mkdir(path.join(folder, 'target'));
        return 'target';
      },
      "cannot open history file 'target': it is a folder",
    ],
    [
      'a missing folder',
      async () => 'missing/history.jsonl',
      "cannot open history file 'missing/history.jsonl': its folder does not exist",
    ],
    ['an empty name', async () => ' ', 'the history file name is empty'],
  ])('is a clear error for %s', async (_label, prepare, message) => {
    const folder = makeFolder();
    const name = await prepare(folder);
    expect(await openHistory(name, folder)).toEqual({ ok: false, error: message });
  });

  it('refuses a FIFO at once instead of blocking until someone reads it', async () => {
    const folder = makeFolder();
    execFileSync('mkfifo', [path.join(folder, 'pipe')]);
    const startedAt = performance.now();
    expect(await openHistory('pipe', folder)).toEqual({
      ok: false,
      error: "cannot open history file 'pipe': it is not a regular file",
    });
    expect(performance.now() - startedAt).toBeLessThan(10_000);
  });

  it('refuses a device such as /dev/null', async () => {
    expect(await openHistory('/dev/null', '/')).toEqual({
      ok: false,
      error: "cannot open history file '/dev/null': it is not a regular file",
    });
  });

  it('an append after close is a value, not a throw', async () => {
    const folder = makeFolder();
    const writer = await openOrThrow('history.jsonl', folder);
    await writer.close();
    await writer.close();
    expect(await writer.append({})).toEqual({ ok: false, error: `history file '${writer.path}' is closed` });
  });

  it('a record that is not JSON (a cycle, a BigInt) is a value, not a throw', async () => {
    const folder = makeFolder();
    const writer = await openOrThrow('history.jsonl', folder);
    const result = await writer.append({ size: 1n });
    expect(result.ok).toBe(false);
    await writer.close();
    expect(await readFile(writer.path, 'utf8')).toBe('');
  });
});
