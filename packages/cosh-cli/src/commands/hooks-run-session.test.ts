import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../__fixtures__/run-in-process.ts';

const makeFolder = temporaryFolders('cosh-cli-session-run-');

let directory: string;
beforeEach(() => {
  directory = makeFolder();
});

async function setup(hooks: unknown): Promise<string> {
  const file = join(directory, 'setup.json');
  await writeFile(file, JSON.stringify({ hooks }, null, 2));
  return file;
}

const run = (args: readonly string[]) =>
  runInProcess(['hooks', 'run', ...args], {
    cwd: directory,
    env: { HOME: directory, PATH: process.env['PATH'], COSH_TRUST: 'all' },
  });

describe('cosh hooks run <session event> (E5)', () => {
  it('J1: --journal records a session event run whose hook was selected, as it does a tool call', async () => {
    const file = await setup({ UserPromptSubmit: [{ name: 'no deploys', command: 'exit 2' }] });
    const journal = join(directory, 'journal.jsonl');
    const result = await run([
      'UserPromptSubmit',
      '--config',
      file,
      '--input',
      '{"prompt": "deploy"}',
      '--journal',
      journal,
    ]);
    expect(result.code).toBe(0);
    const lines = (await readFile(journal, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ agent: 'cosh', event: 'UserPromptSubmit', tool_name: '', decision: 'deny' });
  });

  it('E5/E1: UserPromptSubmit runs without --tool; --input holds the prompt; a deny is the verdict', async () => {
    const file = await setup({
      UserPromptSubmit: [
        { name: 'no keys', command: 'grep -q "API key" && { echo "no keys in prompts" >&2; exit 2; }; exit 0' },
      ],
    });
    const result = await run([
      'UserPromptSubmit',
      '--config',
      file,
      '--input',
      '{"prompt": "here is my API key"}',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(Object.keys(json)).toEqual(['event', 'decision', 'halt', 'reasons', 'context', 'hooks', 'diagnostics']);
    expect(json).toMatchObject({
      event: 'UserPromptSubmit',
      decision: 'deny',
      halt: false,
      reasons: ['no keys in prompts'],
    });
    expect(json.hooks[0]).toMatchObject({ name: 'no keys', outcome: 'deny', exit_code: 2 });
  });

  it("E5/E2: SessionStart prints its context; the hook is given E5's payload", async () => {
    const file = await setup({
      SessionStart: [{ matcher: '^startup$', command: 'cat > payload.json; printf \'{"context":"read NOTES.md"}\'' }],
    });
    const result = await run([
      'SessionStart',
      '--config',
      file,
      '--input',
      '{"source": "startup"}',
      '--session-id',
      's-9',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('SessionStart hooks: 1 hook ran');
    expect(result.stdout).toContain('read NOTES.md');
    const { readFile } = await import('node:fs/promises');
    expect(JSON.parse(await readFile(join(directory, 'payload.json'), 'utf8'))).toEqual({
      event: 'SessionStart',
      source: 'startup',
      session_id: 's-9',
      cwd: directory,
    });
  });

  it("E5/X: a session event's --input field of the wrong type is bad usage (64); --exit-code exits 2 on a Stop deny", async () => {
    const file = await setup({ Stop: [{ command: 'exit 2' }] });
    const bad = await run(['UserPromptSubmit', '--config', file, '--input', '{"prompt": 5}']);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('--input for UserPromptSubmit: "prompt" must be a string');
    const stop = await run(['Stop', '--config', file, '--exit-code', '--json']);
    expect(stop.code).toBe(2);
    expect(JSON.parse(stop.stdout)).toMatchObject({ event: 'Stop', decision: 'deny' });
  });
});
