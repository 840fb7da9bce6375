// `cosh hooks replay` (SPEC X, K3) of a real Claude Code transcript: the real Claude Code runs
// offline under a guard that denies `rm -rf` (two calls: one denied, one that ran), writes its
// transcript under the test's HOME (~/.claude/projects/…/*.jsonl), and the built `cosh hooks
// replay` runs that transcript against a changed setup.json. With COSH_WRITE_REPLAY_FIXTURE=1 the
// transcript is also kept (trimmed, see fixtureOf) as test/__fixtures__/claude-transcript.jsonl for the fast e2e test.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';
import { agents } from './agents.ts';
import { runScene } from './client-scene.ts';
import { denyRmRf } from './guards.ts';

const makeFolder = temporaryFolders('cosh-claude-replay-');
const claude = agents.claude;

beforeAll(async () => {
  await assertBuilt();
});

/**
 * The transcript as the fixture keeps it: the conversation's lines and the request copies of its
 * tool blocks (which replay must not count twice), without Claude Code's system prompt and
 * environment attachments.
 */
function fixtureOf(text: string): string {
  return text
    .split('\n')
    .filter((line) => {
      if (line === '') return false;
      const value = JSON.parse(line) as { type?: string; message?: { content?: { type?: string }[] } };
      if (['user', 'assistant', 'queue-operation', 'last-prompt'].includes(value.type ?? '')) return true;
      const content = value.message?.content;
      return (
        value.type === 'api-request-blob' &&
        Array.isArray(content) &&
        content.length > 0 &&
        content.every((block) => block.type === 'tool_use' || block.type === 'tool_result')
      );
    })
    .map((line) => `${line}\n`)
    .join('');
}

/** Every .jsonl under `folder`, recursively. */
async function transcripts(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.jsonl')) found.push(join(entry.parentPath, entry.name));
  }
  return found;
}

describe('X: hooks replay of a real Claude Code transcript', () => {
  it('X/K3: the transcript written by Claude Code, replayed against a changed guard, lists the changed calls and exits 1', async () => {
    const scene = await runScene('claude', makeFolder(), {
      calls: [claude.shellCall('rm -rf victim'), claude.shellCall('echo replay-ran')],
      setup: { PreToolUse: [denyRmRf] },
    });
    expect(scene.run.code).toBe(0);
    expect(await scene.exists('victim/keep')).toBe(true);
    const [transcript, ...others] = await transcripts(join(scene.home, '.claude', 'projects'));
    expect(others).toEqual([]);
    if (transcript === undefined) throw new Error('Claude Code wrote no transcript');
    if (process.env['COSH_WRITE_REPLAY_FIXTURE'] === '1')
      await writeFile(
        new URL('../__fixtures__/claude-transcript.jsonl', import.meta.url),
        fixtureOf(await readFile(transcript, 'utf8')),
      );

    // Unchanged guard: nothing changed, exit 0.
    const same = await runCosh(['hooks', 'replay', transcript], { cwd: scene.home });
    expect(same.stdout).toMatch(/2 calls replayed from a Claude Code transcript: 0 changed/);
    expect(same.code).toBe(0);

    // The changed guard denies echo and no longer denies rm -rf: both calls changed.
    const changed = join(scene.home, 'changed-setup.json');
    await writeFile(
      changed,
      JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: '^bash_run$', command: `grep -q echo && { echo 'no echo' >&2; exit 2; }; exit 0` }],
        },
      }),
    );
    const replay = await runCosh(['hooks', 'replay', transcript, '--config', changed, '--no-project'], {
      cwd: scene.home,
    });
    expect(replay.code).toBe(1);
    expect(replay.stdout).toContain('- blocked → none  bash_run  rm -rf victim\n');
    expect(replay.stdout).toContain('- ran → deny  bash_run  echo replay-ran\n');
    expect(replay.stdout).toContain(
      '2 calls replayed from a Claude Code transcript: 2 changed (1 now blocked, 1 now run)',
    );
  });
});
