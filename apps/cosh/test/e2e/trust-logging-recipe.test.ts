// SPEC S2 end to end: the docs' way to log every call (`cat >> "$HOME/cosh-calls.jsonl"`) appends
// to a file the hook names after a redirection. That file is data, not a script: trusted once at a
// terminal, the recipe logs every call, and the log growing never makes its hook "changed".
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporaryFolders } from '@cosh/test-utils';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';
import { coshCommandLine, TerminalSession } from '../__fixtures__/settings-terminal.ts';

const makeFolder = temporaryFolders('cosh-trust-log-e2e-');
const sessions: TerminalSession[] = [];

beforeAll(async () => {
  await assertBuilt();
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

/** The logging hook's command exactly as docs/setup-json.md writes it. */
function documentedLogCommand(): string {
  const docs = readFileSync(fileURLToPath(new URL('../../../../docs/setup-json.md', import.meta.url)), 'utf8');
  const line = docs.split('\n').find((text) => text.includes('"Log calls"'));
  if (line === undefined) throw new Error('docs/setup-json.md has no "Log calls" hook');
  const entry = JSON.parse(line.trim().replace(/,$/, '')) as { command: string };
  expect(entry.command).toBe('cat >> "$HOME/cosh-calls.jsonl"');
  return entry.command;
}

describe("S2: the docs' logging recipe", () => {
  it('S2: trusted once, the recipe logs 10 calls of 10 in each event and never denies or warns of a change', async () => {
    const root = makeFolder();
    const home = join(root, 'home');
    const userFile = join(home, '.config', 'cosh', 'setup.json');
    await mkdir(join(home, '.config', 'cosh'), { recursive: true });
    const command = documentedLogCommand();
    await writeFile(
      userFile,
      JSON.stringify({
        hooks: {
          PreToolUse: [{ name: 'Log calls', command }],
          PostToolUse: [{ name: 'Log calls', command }],
        },
      }),
    );
    // An earlier log already exists when the file is trusted, as it would after any first call.
    await writeFile(join(home, 'cosh-calls.jsonl'), '');
    const session = new TerminalSession(coshCommandLine(['hooks', 'trust', '--yes']), {
      cwd: root,
      env: { HOME: home },
      columns: 200,
      rows: 50,
    });
    sessions.push(session);
    expect((await session.exited).exitCode).toBe(0);

    const env = { HOME: home, COSH_TRUST: undefined } as NodeJS.ProcessEnv;
    for (let call = 1; call <= 10; call += 1) {
      const input = JSON.stringify({ command: `echo call ${call}` });
      const pre = await runCosh(['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', input, '--json'], {
        cwd: root,
        env,
      });
      expect(pre.code, pre.stderr).toBe(0);
      expect(JSON.parse(pre.stdout).decision).toBe('none');
      expect(pre.stderr).not.toContain('changed since it was trusted');
      const post = await runCosh(
        ['hooks', 'run', 'PostToolUse', '--tool', 'bash_run', '--input', input, '--output', `call ${call}`, '--json'],
        { cwd: root, env },
      );
      expect(post.code, post.stderr).toBe(0);
      expect(JSON.parse(post.stdout).reasons).toEqual([]);
      expect(post.stderr).not.toContain('changed since it was trusted');
    }
    const logged = (await readFile(join(home, 'cosh-calls.jsonl'), 'utf8')).trim().split('\n');
    expect(logged).toHaveLength(20);
    const events = logged.map((line) => (JSON.parse(line) as { event: string }).event);
    expect(events.filter((event) => event === 'PreToolUse')).toHaveLength(10);
    expect(events.filter((event) => event === 'PostToolUse')).toHaveLength(10);
  }, 120_000);
});
