// `cosh hooks import` in process: where it writes (SPEC C10 with K6) and trust (S4 with K6). A fake
// terminal stands for a person at one (the app's e2e test drives the built binary in a real
// pseudo-terminal).
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readTrustStore } from '@cosh/config';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakePerson, person } from '../__fixtures__/fake-terminal.ts';
import { runInProcess } from '../__fixtures__/run-in-process.ts';
import type { HooksListJson } from './hooks-list.ts';

const makeFolder = temporaryFolders('cosh-cli-import-');

let directory: string;
let home: string;
let userFile: string;
let projectFile: string;
let store: string;

beforeEach(async () => {
  directory = makeFolder();
  home = join(directory, 'home');
  userFile = join(home, '.config', 'cosh', 'setup.json');
  projectFile = join(directory, '.cosh', 'setup.json');
  store = join(home, '.local', 'state', 'cosh', 'trust.json');
  await mkdir(join(home, '.config', 'cosh'), { recursive: true });
  await mkdir(join(directory, '.claude'));
  // The repository's top: the project file is looked for (and created) here, never above.
  await mkdir(join(directory, '.git'));
});

/** cosh with this test's home, trust checked (no COSH_TRUST), no managed file. */
function cosh(argv: readonly string[], terminal?: FakePerson, cwd = directory) {
  return runInProcess(argv, {
    cwd,
    env: { HOME: home, COSH_TRUST: undefined },
    ...(terminal === undefined ? {} : { openTerminal: terminal.openTerminal }),
  });
}

type ClaudeHandler = { matcher?: string; command: string };

/**
 * A Claude settings file with these PreToolUse command hooks: `settings.json` or
 * `settings.local.json` of the project's `.claude/`, or an absolute path.
 */
async function claudeSettings(file: string, handlers: readonly ClaudeHandler[]): Promise<void> {
  const settings = {
    hooks: {
      PreToolUse: handlers.map(({ matcher, command }) => ({
        ...(matcher === undefined ? {} : { matcher }),
        hooks: [{ type: 'command', command }],
      })),
    },
  };
  const path = file.startsWith('/') ? file : join(directory, '.claude', file);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, JSON.stringify(settings));
}

const RUN_BASH = ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command":"ls"}', '--json'];

/** Each file's trust state by layer, as `hooks list --json` reports it (SPEC S7). */
async function trustStates(): Promise<Record<string, string>> {
  const list = await cosh(['hooks', 'list', '--json']);
  const { files } = JSON.parse(list.stdout) as HooksListJson;
  return Object.fromEntries(files.map((file) => [file.layer, file.trust]));
}

const guardSetup = '{\n  // mine\n  "hooks": {\n    "PreToolUse": [{ "name": "Guard", "command": "exit 0" }]\n  }\n}\n';

/** The names of the PreToolUse hooks in a setup.json text. */
function preToolUseNames(text: string): string[] {
  const withoutComments = text.replace(/^\s*\/\/.*$/gm, '');
  return (JSON.parse(withoutComments) as { hooks: { PreToolUse: { name: string }[] } }).hooks.PreToolUse.map(
    (hook) => hook.name,
  );
}

describe('cosh hooks import: where it writes (C10, K6)', () => {
  it('C10/K6: --project writes the project file, not the user file; a re-import replaces its own entries there', async () => {
    await writeFile(userFile, guardSetup);
    await mkdir(join(directory, '.cosh'));
    await writeFile(projectFile, guardSetup);
    await claudeSettings('settings.json', [{ matcher: 'Bash', command: 'exit 2' }]);
    const first = await cosh(['hooks', 'import', '--from', 'claude', '--project']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Wrote 1 hook to ${projectFile}.`);
    // An import written without a terminal: the project file's trusted copy (none here) keeps running.
    expect(first.stdout).toContain('or leaves the file out if there is none');
    const written = await readFile(projectFile, 'utf8');
    expect(written).toContain('// mine');
    expect(written).toContain('"protocol": "claude"');
    expect(preToolUseNames(written)).toEqual(['Guard', 'claude:project:PreToolUse[0].hooks[0]']);
    expect(await readFile(userFile, 'utf8')).toBe(guardSetup);

    // The Claude settings change: a second import replaces the first's entries, nothing else.
    await claudeSettings('settings.json', [
      { matcher: 'Read', command: 'exit 0' },
      { matcher: 'Bash', command: 'exit 2' },
    ]);
    expect((await cosh(['hooks', 'import', '--from', 'claude', '--project'])).code).toBe(0);
    const again = await readFile(projectFile, 'utf8');
    expect(preToolUseNames(again)).toEqual([
      'Guard',
      'claude:project:PreToolUse[0].hooks[0]',
      'claude:project:PreToolUse[1].hooks[0]',
    ]);
    expect(again).toContain('"matcher": "Read"');
    expect(again).toContain('// mine');
    expect(await readFile(userFile, 'utf8')).toBe(guardSetup);
  });

  it("C10/K6: --project finds the project file as hooks enable|disable --project do: a parent folder's, else created at the git top", async () => {
    const sub = join(directory, 'src', 'deep');
    await mkdir(join(sub, '.claude'), { recursive: true });
    await writeFile(
      join(sub, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'exit 2' }] }] } }),
    );
    // No project file yet: created at the repository's top, where the toggles create it.
    const created = await cosh(['hooks', 'import', '--from', 'claude', '--project', '--json'], undefined, sub);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ target: projectFile, written: true });
    const toggled = await cosh(['hooks', 'disable', 'PostToolUse', '--project'], undefined, sub);
    expect(toggled.stdout).toContain(projectFile);
    expect(await readFile(projectFile, 'utf8')).toContain('"PostToolUse": false');
    await expect(stat(userFile)).rejects.toThrow();
  });

  it('C10/K6: --json reports the project file as the path written; --dry-run writes nothing and creates no file', async () => {
    await claudeSettings('settings.json', [{ matcher: 'Bash', command: 'exit 2' }]);
    const dryRun = await cosh(['hooks', 'import', '--from', 'claude', '--project', '--dry-run', '--json']);
    expect(dryRun.code).toBe(0);
    expect(JSON.parse(dryRun.stdout)).toMatchObject({ target: projectFile, dry_run: true, written: false });
    const dryRunText = await cosh(['hooks', 'import', '--from', 'claude', '--project', '--dry-run']);
    expect(dryRunText.stdout).toContain(`Dry run: 1 hook would be written to ${projectFile}.`);
    await expect(stat(join(directory, '.cosh'))).rejects.toThrow();
    await expect(stat(userFile)).rejects.toThrow();

    const written = await cosh(['hooks', 'import', '--from', 'claude', '--project', '--json']);
    expect(written.code).toBe(0);
    expect(JSON.parse(written.stdout)).toMatchObject({
      source: join(directory, '.claude', 'settings.json'),
      target: projectFile,
      dry_run: false,
      written: true,
    });
    expect(preToolUseNames(await readFile(projectFile, 'utf8'))).toEqual(['claude:project:PreToolUse[0].hooks[0]']);
    await expect(stat(userFile)).rejects.toThrow();
  });

  it('K6: a bare --from claude means --project; --local reads settings.local.json and writes the project file too', async () => {
    await writeFile(userFile, guardSetup);
    await claudeSettings('settings.json', [{ matcher: 'Bash', command: 'exit 2' }]);
    const bare = await cosh(['hooks', 'import', '--from', 'claude', '--json']);
    expect(bare.code, bare.stderr).toBe(0);
    expect(JSON.parse(bare.stdout)).toMatchObject({
      source: join(directory, '.claude', 'settings.json'),
      target: projectFile,
      written: true,
    });
    await claudeSettings('settings.local.json', [{ command: 'exit 2' }]);
    const local = await cosh(['hooks', 'import', '--from', 'claude', '--local']);
    expect(local.code, local.stderr).toBe(0);
    expect(local.stdout).toContain(`Wrote 1 hook to ${projectFile}.`);
    expect(preToolUseNames(await readFile(projectFile, 'utf8'))).toEqual([
      'claude:project:PreToolUse[0].hooks[0]',
      'claude:local:PreToolUse[0].hooks[0]',
    ]);
    expect(await readFile(userFile, 'utf8')).toBe(guardSetup);
  });

  it('K6: a re-import replaces only the entries of its own label (project, local, user or the file path)', async () => {
    await claudeSettings('settings.json', [{ command: 'exit 2' }]);
    await claudeSettings('settings.local.json', [{ command: 'exit 2' }]);
    await cosh(['hooks', 'import', '--from', 'claude', '--project']);
    await cosh(['hooks', 'import', '--from', 'claude', '--local']);
    // The project settings drop their hook: the re-import removes the project entry, not local's.
    await claudeSettings('settings.json', []);
    expect((await cosh(['hooks', 'import', '--from', 'claude', '--project'])).code).toBe(0);
    expect(preToolUseNames(await readFile(projectFile, 'utf8'))).toEqual(['claude:local:PreToolUse[0].hooks[0]']);
  });

  it('K6: --user and a FILE write the user file, or the file --config names', async () => {
    await writeFile(userFile, guardSetup);
    await claudeSettings(join(home, '.claude', 'settings.json'), [{ command: 'exit 2' }]);
    expect((await cosh(['hooks', 'import', '--from', 'claude', '--user'])).code).toBe(0);
    expect(preToolUseNames(await readFile(userFile, 'utf8'))).toEqual(['Guard', 'claude:user:PreToolUse[0].hooks[0]']);

    await claudeSettings('settings.local.json', [{ command: 'exit 2' }]);
    const other = join(directory, 'other.json');
    await writeFile(other, '{}\n');
    const named = await cosh(['hooks', 'import', '--from', 'claude', '.claude/settings.local.json', '--config', other]);
    expect(named.code).toBe(0);
    expect(await readFile(other, 'utf8')).toContain(`claude:${join(directory, '.claude', 'settings.local.json')}:`);
    await expect(stat(projectFile)).rejects.toThrow();
  });

  it('K6: the report says the originals keep running in Claude Code: import or connect, not both', async () => {
    await claudeSettings('settings.json', [{ matcher: 'Bash', command: 'exit 2' }]);
    const source = join(directory, '.claude', 'settings.json');
    for (const flags of [['--dry-run'], []]) {
      const result = await cosh(['hooks', 'import', '--from', 'claude', ...flags]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`the originals keep running in Claude Code (${source})`);
      expect(result.stdout).toContain('`cosh connect claude` and remove the originals');
      expect(result.stdout).toContain('Not both');
    }
    const json = await cosh(['hooks', 'import', '--from', 'claude', '--json']);
    expect(JSON.parse(json.stdout).note).toContain('Not both');
    // Nothing to import, nothing to say.
    await claudeSettings('settings.json', []);
    expect((await cosh(['hooks', 'import', '--from', 'claude'])).stdout).not.toContain('Not both');
  });

  it('C10: --project with --config is bad usage (exit 64, nothing written), as for hooks enable|disable', async () => {
    await claudeSettings('settings.json', [{ command: 'exit 2' }]);
    await claudeSettings('settings.local.json', [{ command: 'exit 2' }]);
    const other = join(directory, 'other.json');
    await writeFile(other, '{}\n');
    const imported = await cosh(['hooks', 'import', '--from', 'claude', '--project', '--config', other]);
    const toggled = await cosh(['hooks', 'disable', 'PreToolUse', '--project', '--config', other]);
    for (const result of [imported, toggled]) {
      expect(result.code).toBe(64);
      expect(result.stderr).toContain("options '--project' and '--config <file>' name different files: give one");
    }
    // A bare --from claude (--project) and --local write the project file too.
    for (const flags of [[], ['--local']]) {
      const result = await cosh(['hooks', 'import', '--from', 'claude', ...flags, '--config', other]);
      expect(result.code).toBe(64);
      expect(result.stderr).toContain("and '--config <file>' name different files: give one");
    }
    const two = await cosh(['hooks', 'import', '--from', 'claude', '--project', '--local']);
    expect(two.code).toBe(64);
    expect(await readFile(other, 'utf8')).toBe('{}\n');
    await expect(stat(projectFile)).rejects.toThrow();
  });
});

// The trust tests run for both targets: --project's file (the project layer) and --user's (the
// user file), so the trusted copy changed is always the copy of the file written.
const targets = [
  { flag: '--project', settingsFile: () => 'settings.json', label: 'project', layer: 'project' },
  { flag: '--user', settingsFile: () => join(home, '.claude', 'settings.json'), label: 'user', layer: 'user' },
] as const;

describe.each(targets)('cosh hooks import $flag and trust (S4, K6)', ({ flag, settingsFile, label, layer }) => {
  const IMPORT = ['hooks', 'import', '--from', 'claude', flag];
  const hookName = `claude:${label}:PreToolUse[0].hooks[0]`;
  /** The file this import writes. */
  const target = (): string => (layer === 'project' ? projectFile : userFile);
  const writeTarget = async (text: string): Promise<void> => {
    await mkdir(join(target(), '..'), { recursive: true });
    await writeFile(target(), text);
  };
  const claudeGuard = (command: string) => claudeSettings(settingsFile(), [{ matcher: 'Bash', command }]);

  it(`S4/K6/C10: at a terminal it shows every command and asks y/N; yes writes the ${layer} file and keeps it trusted`, async () => {
    await writeTarget(guardSetup);
    expect((await cosh(['hooks', 'trust', '--yes'], person())).code).toBe(0);
    await claudeGuard("echo 'hi\u001b[2J' >&2; exit 2");
    const terminal = person(['y']);
    const result = await cosh(IMPORT, terminal);
    expect(result.code, result.stderr).toBe(0);
    // The command is shown before the question, escaped for the terminal.
    expect(result.stdout).toContain(`${hookName}: imported`);
    expect(result.stdout).toContain("command: echo 'hi\\u001b[2J' >&2; exit 2");
    expect(result.stdout).toContain(`Imported 1 hook into ${target()}, trusted: it runs from now on.`);
    expect(terminal.screen()).toBe(`Import 1 hook into ${target()}? [y/N] `);
    const written = await readFile(target(), 'utf8');
    expect(written).toContain('// mine');
    expect(written).toContain('"protocol": "claude"');
    // The trusted copy is the old copy plus the import: here the file as written.
    expect(readTrustStore(store).get(target())?.snapshot).toBe(written);
    expect(await trustStates()).toEqual({ [layer]: 'trusted' });
    const run = await cosh(RUN_BASH);
    expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny' });
  });

  it('S4/K6: at a terminal, anything but yes writes nothing and exits 1, as hooks trust does on a no', async () => {
    await writeTarget(guardSetup);
    await cosh(['hooks', 'trust', '--yes'], person());
    const trusted = readTrustStore(store).get(target());
    expect(trusted).toBeDefined();
    await claudeGuard('exit 2');
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
    expect(await readFile(target(), 'utf8')).toBe(guardSetup);
    expect(readTrustStore(store).get(target())).toEqual(trusted);
  });

  it('S4: an unrelated edit of the file stays untrusted: the copy gets only the import', async () => {
    await writeTarget(guardSetup);
    await cosh(['hooks', 'trust', '--yes'], person());
    // The agent weakens the guard (no terminal); then the person imports at a terminal.
    await writeFile(target(), guardSetup.replace('exit 0', 'exit 1'));
    await claudeGuard('exit 2');
    expect((await cosh(IMPORT, person(['yes']))).code).toBe(0);
    expect(await trustStates()).toEqual({ [layer]: 'changed' });
    const snapshot = readTrustStore(store).get(target())?.snapshot ?? '';
    expect(snapshot).toContain('"command": "exit 0"');
    expect(snapshot).not.toContain('"command": "exit 1"');
    expect(snapshot).toContain('"command": "exit 2"');
    // What runs is the copy: the guard as trusted, plus the imported hook.
    const run = await cosh(RUN_BASH);
    expect(JSON.parse(run.stdout).hooks.map((hook: { name: string }) => hook.name)).toEqual(['Guard', hookName]);
  });

  it('S4: as for toggles, an import into a file never trusted leaves it untrusted; one that creates the file trusts it', async () => {
    await claudeGuard('exit 2');
    const created = await cosh(IMPORT, person(['y']));
    expect(created.code).toBe(0);
    expect(readTrustStore(store).get(target())?.snapshot).toBe(await readFile(target(), 'utf8'));
    expect(await trustStates()).toEqual({ [layer]: 'trusted' });

    await rm(store);
    await writeFile(target(), guardSetup);
    const existing = await cosh(IMPORT, person(['y']));
    expect(existing.code).toBe(0);
    expect(existing.stdout).toContain('Review and trust the change with `cosh hooks trust` at a terminal');
    await expect(stat(store)).rejects.toThrow();
  });

  it('S4: accepting at a terminal an import written earlier without one trusts it', async () => {
    await writeTarget(guardSetup);
    await cosh(['hooks', 'trust', '--yes'], person());
    await claudeGuard('exit 2');
    expect((await cosh(IMPORT)).code).toBe(0);
    expect(await trustStates()).toEqual({ [layer]: 'changed' });
    const accepted = await cosh(IMPORT, person(['y']));
    expect(accepted.stdout).toContain(`Imported 1 hook into ${target()}, trusted`);
    expect(await trustStates()).toEqual({ [layer]: 'trusted' });
  });

  it('S4/K6: without a terminal it writes without asking, the file stays changed, the last line points to hooks trust', async () => {
    await writeTarget(guardSetup);
    await cosh(['hooks', 'trust', '--yes'], person());
    await claudeGuard('exit 2');
    const result = await cosh(IMPORT);
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toContain('`cosh hooks trust` at a terminal');
    expect(await readFile(target(), 'utf8')).toContain('"command": "exit 2"');
    expect(readTrustStore(store).get(target())?.snapshot).toBe(guardSetup);
    expect(await trustStates()).toEqual({ [layer]: 'changed' });
    // What runs is the trusted copy, without the import.
    const run = await cosh(RUN_BASH);
    expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'none', hooks: [{ name: 'Guard' }] });
  });

  it('K6: --dry-run never asks and writes nothing, at a terminal too', async () => {
    await writeTarget(guardSetup);
    await claudeGuard('exit 2');
    const terminal = person(['y']);
    const result = await cosh([...IMPORT, '--dry-run'], terminal);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Dry run: 1 hook would be written to ${target()}.`);
    expect(terminal.screen()).toBe('');
    expect(await readFile(target(), 'utf8')).toBe(guardSetup);
  });

  it('S4/K6: with --json at a terminal, the commands and the question go to the terminal, the JSON to stdout', async () => {
    await writeTarget(guardSetup);
    await cosh(['hooks', 'trust', '--yes'], person());
    await claudeGuard('exit 2');
    const terminal = person(['y']);
    const result = await cosh([...IMPORT, '--json'], terminal);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ target: target(), dry_run: false, written: true });
    expect(terminal.screen()).toContain('command: exit 2');
    expect(terminal.screen()).toContain(`Import 1 hook into ${target()}? [y/N] `);
    expect(await trustStates()).toEqual({ [layer]: 'trusted' });
  });
});
