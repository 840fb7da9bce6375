// `cosh session` and the session events (E1–E5), end to end through the built binary.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolders } from '@cosh/test-utils';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-session-events-');

beforeAll(async () => {
  await assertBuilt();
});

async function project(hooks: Record<string, unknown>) {
  const folder = makeFolder();
  const config = join(folder, '.cosh-config', 'setup.json');
  await mkdir(dirname(config));
  await writeFile(config, JSON.stringify({ hooks }));
  return { folder, config };
}

async function session(config: string, folder: string, lines: readonly object[]) {
  const input = `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
  const result = await runCosh(['session', '--config', config, '--session-id', 'e2e-session'], { cwd: folder, input });
  const parsed = result.stdout
    .trimEnd()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { ...result, lines: parsed };
}

describe('cosh session: the session events (E5)', () => {
  it("E5/E2: SessionStart's context is the first line after the header; E1: a prompt line is answered", async () => {
    const { folder, config } = await project({
      SessionStart: [{ command: `printf '{"context":"read NOTES.md first"}'` }],
      UserPromptSubmit: [
        {
          command: 'grep -q secret && { echo "no secrets in prompts" >&2; exit 2; }; printf \'{"context":"be brief"}\'',
        },
      ],
    });
    const { code, lines } = await session(config, folder, [
      { type: 'prompt', id: 1, prompt: 'hello there' },
      { type: 'prompt', id: 2, prompt: 'my secret is 42' },
    ]);
    expect(code).toBe(0);
    expect(lines[0]).toMatchObject({ type: 'session' });
    expect(lines[1]).toEqual({ type: 'session_context', context: 'read NOTES.md first' });
    expect(lines[2]).toEqual({ id: 1, type: 'prompt', decision: 'none', reasons: [], context: 'be brief' });
    expect(lines[3]).toEqual({
      id: 2,
      type: 'prompt',
      decision: 'deny',
      reasons: ['no secrets in prompts'],
      context: '',
    });
  });

  it('E3/E5: a denied stop is "not yet"; the next stop line has stop_hook_active and ends; E4: SessionEnd runs at the end', async () => {
    const { folder, config } = await project({
      Stop: [{ command: 'cat >> stops.jsonl; echo "run the tests first" >&2; exit 2' }],
      SessionEnd: [{ command: 'cat > end.json' }],
    });
    const { code, lines } = await session(config, folder, [
      { type: 'stop', id: 'a' },
      { type: 'stop', id: 'b' },
    ]);
    expect(code).toBe(0);
    expect(lines.slice(1)).toEqual([
      { id: 'a', type: 'stop', decision: 'deny', reasons: ['run the tests first'], context: '' },
      { id: 'b', type: 'stop', decision: 'none', reasons: [], context: '' },
    ]);
    const stops = (await readFile(join(folder, 'stops.jsonl'), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(stops.map((stop) => stop.stop_hook_active)).toEqual([false, true]);
    expect(stops[0]).toEqual({ event: 'Stop', stop_hook_active: false, session_id: 'e2e-session', cwd: folder });
    expect(JSON.parse(await readFile(join(folder, 'end.json'), 'utf8'))).toMatchObject({ event: 'SessionEnd' });
  });

  it('E5: with no session hooks the session reads as before (no session_context line; no opinion is decision none)', async () => {
    const { folder, config } = await project({});
    const { lines } = await session(config, folder, [{ type: 'prompt', id: 7, prompt: 'x' }]);
    expect(lines.slice(1)).toEqual([{ id: 7, type: 'prompt', decision: 'none', reasons: [], context: '' }]);
  });
});
