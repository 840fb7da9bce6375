// The README's main command, `pnpm demo` (scripts/demo.mjs): every behaviour it advertises must
// really happen. Checked twice: in the demo's printout, and in the answers and files of the same
// session run directly.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-demo-test-');

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const demoScript = join(root, 'scripts/demo.mjs');
const sessionFile = join(root, 'examples/demo-session.jsonl');
const configFile = join(root, 'examples/setup.json');
let folder: string;

beforeAll(async () => {
  await assertBuilt();
  // The machine-wide emergency stop would halt every call of the demo.
  expect(existsSync('/tmp/cosh-halt'), '/tmp/cosh-halt exists: remove it to run the demo tests').toBe(false);
  folder = makeFolder();
});

function runDemo(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [demoScript, ...args], {
      cwd: folder,
      env: { PATH: process.env['PATH'], HOME: folder, TMPDIR: folder },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('pnpm demo (scripts/demo.mjs)', () => {
  it('L1/L3: prints each call and what happened: annotated, allowed, rewritten, blocked, flagged, failed, halted, skipped, new turn', async () => {
    const { code, stdout, stderr } = await runDemo(['--keep']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const expected = [
      "annotated by PostToolUse 'Log file writes': its context is appended",
      "auto-approved by 'Allow read-only shell commands' (no permission prompt)",
      'input rewritten by PreToolUse; it ran as {"command":"grep --color=never -n TODO notes.md"}',
      '│ 3:TODO: ship the demo',
      "blocked by 'Block dangerous bash': the tool did not run",
      '│ Blocked by hook: rm -rf is not allowed',
      "flagged by PostToolUse 'Check written JSON': a [hook] line is appended",
      '│ [hook] config.json is not valid JSON: ',
      'the tool failed: its error enters history, no PostToolUse hook ran',
      "halted by 'Emergency stop': the tool did not run, the turn stops",
      '│ Halted by hook: emergency stop: ',
      'skipped: the turn is halted, so no hook or tool ran',
      '│ Skipped: the turn was halted by hook: emergency stop: ',
      '── new turn',
      '→ {"type":"new_turn","ok":true}',
      'Summary: ok 5, blocked 1, error 1, halted 1, skipped 1',
      'Every call is in history.jsonl (9 lines). cosh session exited with 0.',
    ];
    let position = 0;
    for (const text of expected) {
      const found = stdout.indexOf(text, position);
      expect(found, `the demo's output should show, in order: ${text}`).toBeGreaterThanOrEqual(0);
      position = found + text.length;
    }

    // --keep leaves the folder: what the tools did is really there.
    const kept = /^Kept (.+)$/m.exec(stdout)?.[1] ?? '';
    expect(kept.startsWith(folder)).toBe(true);
    const work = join(kept, 'work');
    expect((await readdir(work)).sort()).toEqual(['.cosh-halt', 'config.json', 'notes.md']);
    expect(await readFile(join(work, 'notes.md'), 'utf8')).toBe('# Notes\n\nTODO: ship the demo\n');
    const history = (await readFile(join(kept, 'history.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(history.map((line) => (JSON.parse(line) as { status: string }).status)).toEqual([
      'ok',
      'ok',
      'ok',
      'blocked',
      'ok',
      'error',
      'ok',
      'halted',
      'skipped',
    ]);
  });

  it('removes its temporary folder without --keep', async () => {
    const before = await readdir(folder);
    const { code } = await runDemo([]);
    expect(code).toBe(0);
    expect(await readdir(folder)).toEqual(before);
  });
});

describe('examples/demo-session.jsonl through cosh session --config examples/setup.json', () => {
  it('A1–A7, P1–P4, L1–L4: every advertised behaviour happens, checked in the answers and on disk', async () => {
    const work = join(folder, 'direct');
    await mkdir(join(work, 'build'), { recursive: true });
    await writeFile(join(work, 'build/keep.txt'), 'still here');
    const input = await readFile(sessionFile, 'utf8');
    const result = await runCosh(['session', '--config', configFile, '--permission', 'allow'], { cwd: work, input });
    expect(result.code).toBe(0);
    const [described, ...answers] = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown> & { durations_ms?: Record<string, unknown> });
    expect(described).toMatchObject({ type: 'session', permission: 'allow' });
    expect(answers.map((answer) => answer['type'] ?? `${answer['id']} ${answer['status']}`)).toEqual([
      '1 ok',
      '2 ok',
      '3 ok',
      '4 blocked',
      '5 ok',
      '6 error',
      '7 ok',
      '8 halted',
      '9 skipped',
      'new_turn',
    ]);
    const [write, list, grep, remove, badJson, missing, stop, halted, skipped, newTurn] = answers;

    // Annotated: PostToolUse context appended to the write's output (P2).
    expect(write?.['output']).toBe('wrote 29 bytes to notes.md (new file)\nfs_write: wrote 29 characters to notes.md');
    // Allowed by a hook: the permission system was not asked (A3).
    expect(list?.['pre_tool_use']).toMatchObject({ decision: 'allow' });
    expect(list?.durations_ms?.['permission']).toBeNull();
    // Rewritten, and the rewritten command is what ran (A7).
    expect(grep?.['tool_input']).toEqual({ command: 'grep --color=never -n TODO notes.md' });
    expect(grep?.['tool_input_as_given']).toEqual({ command: 'grep -n TODO notes.md' });
    // Blocked before the permission system; nothing ran (A2, L2).
    expect(remove).toMatchObject({
      blocked_by: 'hook',
      output: 'Blocked by hook: rm -rf is not allowed',
      tool_input: null,
    });
    expect(await readFile(join(work, 'build/keep.txt'), 'utf8')).toBe('still here');
    // A PostToolUse deny flags the output; the write stays done (P2, P3).
    expect(badJson?.['output']).toMatch(/\n\[hook\] config\.json is not valid JSON: .+$/);
    expect(await readFile(join(work, 'config.json'), 'utf8')).toBe('{"debug": true,}\n');
    // A tool failure: no PostToolUse (L4).
    expect(missing).toMatchObject({ post_tool_use: null, tool_input: { path: 'missing.txt' } });
    // The emergency stop is a file in the working folder; the next call halts (A1, L3).
    expect(stop?.['status']).toBe('ok');
    expect(halted).toMatchObject({
      halt: true,
      tool_input: null,
      output: `Halted by hook: emergency stop: ${work}/.cosh-halt exists (remove it to resume)`,
    });
    expect(skipped).toMatchObject({
      pre_tool_use: null,
      output: `Skipped: the turn was halted by hook: emergency stop: ${work}/.cosh-halt exists (remove it to resume)`,
    });
    expect(newTurn).toEqual({ type: 'new_turn', ok: true });
  });
});
