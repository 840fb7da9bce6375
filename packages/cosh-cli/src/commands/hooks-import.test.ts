// `cosh hooks import` and trust (SPEC S4 with K6), in process: a fake terminal stands for a person
// at one (the app's e2e test drives the built binary in a real pseudo-terminal).
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTrustStore } from '@cosh/config';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakePerson, person } from '../__fixtures__/fake-terminal.ts';
import { runInProcess } from '../__fixtures__/run-in-process.ts';
import type { HooksListJson } from './hooks-list.ts';

let directory: string;
let home: string;
let userFile: string;
let store: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'cosh-cli-import-'));
  home = join(directory, 'home');
  userFile = join(home, '.config', 'cosh', 'setup.json');
  store = join(home, '.local', 'state', 'cosh', 'trust.json');
  await mkdir(join(home, '.config', 'cosh'), { recursive: true });
  await mkdir(join(directory, '.claude'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** cosh with this test's home, trust checked (no COSH_TRUST), no managed file. */
function cosh(argv: readonly string[], terminal?: FakePerson) {
  return runInProcess(argv, {
    cwd: directory,
    env: { HOME: home, COSH_TRUST: undefined },
    ...(terminal === undefined ? {} : { openTerminal: terminal.openTerminal }),
  });
}

/** `.claude/settings.json` with one Bash PreToolUse command hook. */
async function claudeSettings(command: string): Promise<void> {
  const settings = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } };
  await writeFile(join(directory, '.claude', 'settings.json'), JSON.stringify(settings));
}

const IMPORT = ['hooks', 'import', '--from', 'claude', '--project'];
const RUN_BASH = ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command":"ls"}', '--json'];

async function userTrust(): Promise<string | undefined> {
  const list = await cosh(['hooks', 'list', '--json', '--no-project']);
  return (JSON.parse(list.stdout) as HooksListJson).files.find((file) => file.layer === 'user')?.trust;
}

const guardSetup = '{\n  // mine\n  "hooks": {\n    "PreToolUse": [{ "name": "Guard", "command": "exit 0" }]\n  }\n}\n';

describe('cosh hooks import and trust (S4, K6)', () => {
  it('S4/K6: at a terminal it shows every command and asks y/N; yes writes and keeps a trusted file trusted', async () => {
    await writeFile(userFile, guardSetup);
    expect((await cosh(['hooks', 'trust', '--yes'], person())).code).toBe(0);
    await claudeSettings("echo 'hi\u001b[2J' >&2; exit 2");
    const terminal = person(['y']);
    const result = await cosh(IMPORT, terminal);
    expect(result.code, result.stderr).toBe(0);
    // The command is shown before the question, escaped for the terminal.
    expect(result.stdout).toContain('claude:project:PreToolUse[0].hooks[0]: imported');
    expect(result.stdout).toContain("command: echo 'hi\\u001b[2J' >&2; exit 2");
    expect(result.stdout).toContain(`Imported 1 hook into ${userFile}, trusted: it runs from now on.`);
    expect(terminal.screen()).toBe(`Import 1 hook into ${userFile}? [y/N] `);
    const written = await readFile(userFile, 'utf8');
    expect(written).toContain('// mine');
    expect(written).toContain('"protocol": "claude"');
    // The trusted copy is the old copy plus the import: here the file as written.
    expect(readTrustStore(store).get(userFile)?.snapshot).toBe(written);
    expect(await userTrust()).toBe('trusted');
    const run = await cosh(RUN_BASH);
    expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny' });
  });

  it('S4/K6: at a terminal, anything but yes writes nothing and exits 1, as hooks trust does on a no', async () => {
    await writeFile(userFile, guardSetup);
    await cosh(['hooks', 'trust', '--yes'], person());
    const trusted = readTrustStore(store).get(userFile);
    await claudeSettings('exit 2');
    for (const answer of [[], [''], ['n'], ['maybe']]) {
      const result = await cosh(IMPORT, person(answer));
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('command: exit 2');
      expect(result.stdout).toContain('  not imported: nothing was written');
      expect(result.stdout).not.toContain('Imported');
    }
    const json = await cosh([...IMPORT, '--json'], person(['n']));
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ dry_run: false, written: false });
    expect(await readFile(userFile, 'utf8')).toBe(guardSetup);
    expect(readTrustStore(store).get(userFile)).toEqual(trusted);
  });

  it('S4: an unrelated edit of the file stays untrusted: the copy gets only the import', async () => {
    await writeFile(userFile, guardSetup);
    await cosh(['hooks', 'trust', '--yes'], person());
    // The agent weakens the guard (no terminal); then the person imports at a terminal.
    await writeFile(userFile, guardSetup.replace('exit 0', 'exit 1'));
    await claudeSettings('exit 2');
    expect((await cosh(IMPORT, person(['yes']))).code).toBe(0);
    expect(await userTrust()).toBe('changed');
    const snapshot = readTrustStore(store).get(userFile)?.snapshot ?? '';
    expect(snapshot).toContain('"command": "exit 0"');
    expect(snapshot).not.toContain('"command": "exit 1"');
    expect(snapshot).toContain('"command": "exit 2"');
    // What runs is the copy: the guard as trusted, plus the imported hook.
    const run = await cosh(RUN_BASH);
    expect(JSON.parse(run.stdout).hooks.map((hook: { name: string }) => hook.name)).toEqual([
      'Guard',
      'claude:project:PreToolUse[0].hooks[0]',
    ]);
  });

  it('S4: as for toggles, an import into a file never trusted leaves it untrusted; one that creates the file trusts it', async () => {
    await claudeSettings('exit 2');
    const created = await cosh(IMPORT, person(['y']));
    expect(created.code).toBe(0);
    expect(readTrustStore(store).get(userFile)?.snapshot).toBe(await readFile(userFile, 'utf8'));

    await rm(store);
    await writeFile(userFile, guardSetup);
    const existing = await cosh(IMPORT, person(['y']));
    expect(existing.code).toBe(0);
    expect(existing.stdout).toContain('Review and trust the change with `cosh hooks trust` at a terminal');
    await expect(stat(store)).rejects.toThrow();
  });

  it('S4: accepting at a terminal an import written earlier without one trusts it', async () => {
    await writeFile(userFile, guardSetup);
    await cosh(['hooks', 'trust', '--yes'], person());
    await claudeSettings('exit 2');
    expect((await cosh(IMPORT)).code).toBe(0);
    expect(await userTrust()).toBe('changed');
    const accepted = await cosh(IMPORT, person(['y']));
    expect(accepted.stdout).toContain(`Imported 1 hook into ${userFile}, trusted`);
    expect(await userTrust()).toBe('trusted');
  });

  it('S4/K6: without a terminal it writes without asking, the file stays changed, the last line points to hooks trust', async () => {
    await writeFile(userFile, guardSetup);
    await cosh(['hooks', 'trust', '--yes'], person());
    await claudeSettings('exit 2');
    const result = await cosh(IMPORT);
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toContain('`cosh hooks trust` at a terminal');
    expect(await readFile(userFile, 'utf8')).toContain('"command": "exit 2"');
    expect(readTrustStore(store).get(userFile)?.snapshot).toBe(guardSetup);
    expect(await userTrust()).toBe('changed');
  });

  it('K6: --dry-run never asks and writes nothing, at a terminal too', async () => {
    await writeFile(userFile, guardSetup);
    await claudeSettings('exit 2');
    const terminal = person(['y']);
    const result = await cosh([...IMPORT, '--dry-run'], terminal);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Dry run: 1 hook would be written');
    expect(terminal.screen()).toBe('');
    expect(await readFile(userFile, 'utf8')).toBe(guardSetup);
  });

  it('S4/K6: with --json at a terminal, the commands and the question go to the terminal, the JSON to stdout', async () => {
    await writeFile(userFile, guardSetup);
    await cosh(['hooks', 'trust', '--yes'], person());
    await claudeSettings('exit 2');
    const terminal = person(['y']);
    const result = await cosh([...IMPORT, '--json'], terminal);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ target: userFile, dry_run: false, written: true });
    expect(terminal.screen()).toContain('command: exit 2');
    expect(terminal.screen()).toContain(`Import 1 hook into ${userFile}? [y/N] `);
    expect(await userTrust()).toBe('trusted');
  });
});
