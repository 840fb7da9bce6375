// SPEC C8 under contention (issue 17): many writers of one setup.json at once — `cosh hooks
// enable|disable` through the built binary, the settings screen in a pseudo-terminal, and
// processes calling @cosh/config's built setHookEnabled (the writer the binary bundles) — and no
// change is lost: each toggles its own switch and every switch ends as its writer left it, or
// they race enable against disable and the changes they report alternate as serialised writes do.
import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@cosh/config';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin } from '../__fixtures__/cli-run.ts';
import { coshCommandLine, KEYS, TerminalSession } from '../__fixtures__/settings-terminal.ts';
import { temporaryFolders, TRUST_ALL_ENV } from '@cosh/test-utils';

const makeFolder = temporaryFolders('cosh-concurrent-');

/** @cosh/config as built (the app bundles the same sources). */
const builtConfig = fileURLToPath(new URL('../../../../packages/config/dist/index.js', import.meta.url));

let directory: string;
const sessions: TerminalSession[] = [];

beforeAll(async () => {
  await assertBuilt();
  directory = makeFolder();
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function collect(command: string, args: readonly string[]): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: directory,
      env: { PATH: process.env['PATH'], ...TRUST_ALL_ENV, HOME: directory },
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

/** `cosh hooks enable|disable <event> --config <file>`, the built binary. */
function coshToggle(file: string, event: string, enabled: boolean): Promise<Finished> {
  return collect(process.execPath, [coshBin, 'hooks', enabled ? 'enable' : 'disable', event, '--config', file]);
}

/** A process of its own that calls the built setHookEnabled once and prints the change. */
function libraryToggle(file: string, event: string, index: number, enabled: boolean): Promise<Finished> {
  const script = `const { setHookEnabled } = await import(process.argv[1]);
    const change = await setHookEnabled(process.argv[2], process.argv[3], Number(process.argv[4]), process.argv[5] === 'true');
    process.stdout.write(JSON.stringify(change));`;
  return collect(process.execPath, [
    '--input-type=module',
    '-e',
    script,
    builtConfig,
    file,
    event,
    String(index),
    String(enabled),
  ]);
}

const hooksPerEvent = 12;

/** A hand-kept file: comments, another tool's key, one hook per line. */
function originalText(): string {
  const hooks = (event: string) =>
    Array.from(
      { length: hooksPerEvent },
      (_, index) => `      { "name": "${event} guard ${index}", "command": "exit 0 # ${index}" }`,
    ).join(',\n');
  return `// shared by several tools
{
  "theme": "dark", // not ours
  "hooks": {
    /* guards before each call */
    "PreToolUse": [
${hooks('PreToolUse')}
    ],
    "PostToolUse": [
${hooks('PostToolUse')}
    ]
  }
}
`;
}

function count(results: readonly Finished[], text: string): number {
  return results.filter((result) => result.stdout.includes(text)).length;
}

describe('C8: concurrent writers of one setup.json', () => {
  it('C8: 20 cosh processes, 22 writer processes and the settings screen, each on its own switch: no change lost, and back', async () => {
    const file = join(directory, 'setup.json');
    const original = originalText();
    await writeFile(file, original, { mode: 0o640 });

    // The screen is open on the file before the others start; it will switch off the first two
    // PreToolUse hooks (rows 1 and 2) while they run.
    const session = new TerminalSession(coshCommandLine(['settings', '--config', file]), {
      cwd: directory,
      rows: 40,
      env: { ...TRUST_ALL_ENV },
    });
    sessions.push(session);
    await session.waitFor('PreToolUse guard 1');

    for (const enabled of [false, true]) {
      const state = enabled ? 'on' : 'off';
      const writers: Promise<Finished>[] = [];
      for (let copy = 0; copy < 10; copy += 1) {
        writers.push(coshToggle(file, 'PreToolUse', enabled), coshToggle(file, 'PostToolUse', enabled));
      }
      const library: Promise<Finished>[] = [];
      for (let index = 2; index < hooksPerEvent; index += 1)
        library.push(libraryToggle(file, 'PreToolUse', index, enabled));
      for (let index = 0; index < hooksPerEvent; index += 1)
        library.push(libraryToggle(file, 'PostToolUse', index, enabled));
      // Down to row 1, toggle, down to row 2, toggle: one write, four keys.
      session.press(`${KEYS.down}${KEYS.space}${KEYS.down}${KEYS.space}`);

      // Watched from now: the Saved: line goes after a few seconds, maybe before the writers end.
      const saved = session.waitFor(`Saved: PreToolUse hook "PreToolUse guard 1" ${state}`, 60_000);
      const commands = await Promise.all(writers);
      const changes = await Promise.all(library);
      await saved;
      // Back to the top for the next round.
      session.press(`${KEYS.up}${KEYS.up}`);
      await session.waitFor(
        () =>
          session.cursorLine()?.includes('PreToolUse') === true && session.cursorLine()?.includes('guard') === false,
      );

      for (const result of [...commands, ...changes]) {
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
      }
      for (const result of changes)
        expect(JSON.parse(result.stdout)).toMatchObject({ changed: true, previous: !enabled });
      // Serialised, exactly one command per event finds the switch still to change.
      const verb = enabled ? 'enabled' : 'disabled';
      for (const event of ['PreToolUse', 'PostToolUse']) {
        expect(count(commands, `${event} hooks ${verb} in ${file}`)).toBe(1);
        expect(count(commands, `${event} hooks are already ${verb} in ${file}`)).toBe(9);
      }

      const { config } = await loadConfig({ path: file });
      expect(config.hooksEnabled).toEqual({
        PreToolUse: enabled,
        PostToolUse: enabled,
        UserPromptSubmit: true,
        SessionStart: true,
        Stop: true,
        SessionEnd: true,
      });
      for (const event of ['PreToolUse', 'PostToolUse'] as const) {
        expect(config.hooks[event].map((hook) => hook.enabled)).toEqual(
          Array.from({ length: hooksPerEvent }, () => enabled),
        );
      }
      const text = await readFile(file, 'utf8');
      expect(text).toContain('// shared by several tools');
      expect(text).toContain('"theme": "dark", // not ours');
      expect(text).toContain('/* guards before each call */');
    }
    // Everything back on: the values equal to the defaults went again, so the file is as it was.
    expect(await readFile(file, 'utf8')).toBe(original);
    expect(await readdir(directory)).toEqual(['setup.json']);
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  }, 180_000);

  it('C8: 30 cosh processes racing enable against disable report only changes that happened, in turn', async () => {
    const file = join(directory, 'race.json');
    for (let round = 0; round < 3; round += 1) {
      await writeFile(file, originalText());
      const racers: Promise<Finished>[] = [];
      for (let copy = 0; copy < 15; copy += 1)
        racers.push(coshToggle(file, 'PreToolUse', false), coshToggle(file, 'PreToolUse', true));
      const results = await Promise.all(racers);
      for (const result of results) {
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
      }
      // Each reported change flips the switch. Serialised, the flips alternate from "on": off,
      // on, off, … so there is one "disabled" more than "enabled" exactly when it ends off. Two
      // writers that both changed what they read (a lost update) break the count.
      const disabled = count(results, `PreToolUse hooks disabled in ${file}`);
      const enabled = count(results, `PreToolUse hooks enabled in ${file}`);
      const { config } = await loadConfig({ path: file });
      expect(disabled - enabled).toBe(config.hooksEnabled.PreToolUse ? 0 : 1);
      expect(disabled).toBeGreaterThan(0);
    }
    expect((await readdir(directory)).filter((name) => name.startsWith('.race.json'))).toEqual([]);
  }, 180_000);
});
