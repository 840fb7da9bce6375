// The `cosh hooks` commands as users run them: the built binary on temporary files. One smoke
// test per command plus what only the binary shows (the version, exit statuses, reading files
// and the environment, no colour off a terminal); the contract case by case (every usage slip,
// every kind of configuration error, each command's texts and JSON) is tested in process in
// packages/cosh-cli, so it is not run twice.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-cli-bin-');

let directory: string;

beforeAll(assertBuilt);

beforeEach(() => {
  directory = makeFolder();
});

const cosh = (args: readonly string[], env?: NodeJS.ProcessEnv) => runCosh(args, { cwd: directory, env });

async function writeSetup(text: string, name = 'setup.json'): Promise<string> {
  const file = join(directory, name);
  await writeFile(file, text);
  return file;
}

// A user's file: comments everywhere, four-space indentation, trailing commas, keys of other
// settings, an unusual key order.
const commented = `// my cosh settings
{
    "zeta": {"keep": [1, 2, 3]},   // not ours, must survive
    "hooks": {
        /* the guard */
        "PreToolUse": [
            {
                "command": "exit 0",
                "name": "Guard", // named
                "matcher": "^bash_run$",
            },
        ],
    },
    "alpha": true,
}
`;

describe('cosh --version', () => {
  it('prints the version of the app package and exits 0', async () => {
    expect(await cosh(['--version'])).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
  });
});

describe('bad usage exits 64 with a one-line hint', () => {
  it('an unknown command (the other slips: cosh-cli, in process)', async () => {
    expect(await cosh(['hooks', 'lsit'])).toEqual({
      code: 64,
      stdout: '',
      stderr: "cosh: unknown command 'lsit' (did you mean list?). See 'cosh hooks --help'.\n",
    });
  });
});

describe('configuration errors exit 78 with file:line:col lines on stderr', () => {
  it('C2/C6: a syntax error exits 78 with its file:line:col line, from list and validate (the other kinds: cosh-cli, in process)', async () => {
    const file = await writeSetup('{\n  "hooks": {\n    "PreToolUse": []\n  \n');
    for (const command of ['list', 'validate']) {
      const result = await cosh(['hooks', command, '--config', file]);
      expect(result.code).toBe(78);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')[0]).toBe(
        `${file}:5:1: error: expected '}' to close the object; the '{' at line 2, column 12 is never closed`,
      );
    }
  });

  it('C1: a FIFO, /dev/zero or a file over 4 MiB is a configuration error at once, never a wait or an unbounded read', async () => {
    const fifo = join(directory, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    const huge = await writeSetup(`{"hooks": {}}${' '.repeat(5 * 1024 * 1024)}`, 'huge.json');
    const cases: [string, string][] = [
      [fifo, 'this is a FIFO (named pipe), not a config file (setup.json must be a regular file)'],
      ['/dev/zero', 'this is a character device, not a config file (setup.json must be a regular file)'],
      [huge, `the config file is too large (${5 * 1024 * 1024 + 13} bytes; setup.json may be at most 4 MiB)`],
    ];
    for (const [file, message] of cases) {
      const commands = [['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--json', '--config', file]];
      // The writer reads the same way (not /dev/zero: its lock file would go in /dev).
      if (file !== '/dev/zero') commands.push(['hooks', 'disable', 'PreToolUse', '--config', file]);
      for (const args of commands) {
        // A guard on the run: before, /dev/zero was read until memory ran out and a FIFO waited for ever.
        const result = await runCosh(args, { cwd: directory, timeoutMs: 15_000 });
        expect(result).toEqual({ code: 78, stdout: '', stderr: `${file}:1:1: error: ${message}\n` });
      }
    }
    const named = await cosh(['hooks', 'run', 'PreToolUse', '--tool', 't', '--json'], { COSH_CONFIG: fifo });
    expect(named.code).toBe(78);
  });

  it('C1: an empty HOME counts as unset: a .config/cosh/setup.json under the current folder never runs', async () => {
    // A repository's own file, which HOME="" made the user's config (the path came out relative).
    await mkdir(join(directory, '.config', 'cosh'), { recursive: true });
    await writeSetup(
      JSON.stringify({ hooks: { PreToolUse: [{ name: 'planted', command: 'touch planted-ran; exit 2' }] } }),
      join('.config', 'cosh', 'setup.json'),
    );
    const result = await cosh(['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--json'], { HOME: '' });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ decision: 'none', hooks: [] });
    await expect(stat(join(directory, 'planted-ran'))).rejects.toThrow();
  });

  it('C1: an empty COSH_CONFIG and a relative XDG_CONFIG_HOME are ignored', async () => {
    const result = await cosh(['hooks', 'list', '--json'], { COSH_CONFIG: '', XDG_CONFIG_HOME: 'relative' });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ file: null });
  });
});

describe('cosh hooks list', () => {
  it('lists the default location (XDG) with events, hooks and inline warnings', async () => {
    await mkdir(join(directory, 'xdg', 'cosh'), { recursive: true });
    await writeFile(
      join(directory, 'xdg', 'cosh', 'setup.json'),
      '{"hooks": {"PreToolUse": [{"command": "true", "matcher": "*_run"}]}, "hooksEnabled": {"PostToolUse": false}}',
    );
    const result = await cosh(['hooks', 'list'], { XDG_CONFIG_HOME: join(directory, 'xdg') });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('PreToolUse   enabled   1 hook');
    expect(result.stdout).toContain('PostToolUse  disabled  no hooks');
    expect(result.stdout).toMatch(/ 0 {2}user +true +\*_run +60s +ignore +on +true\n/);
    expect(result.stdout).toContain('did you mean ".*_run"?');
    const json = JSON.parse(
      (await cosh(['hooks', 'list', '--json'], { XDG_CONFIG_HOME: join(directory, 'xdg') })).stdout,
    );
    expect(json.events[0].hooks[0]).toEqual({
      index: 0,
      name: 'true',
      command: 'true',
      url: null,
      kind: 'command',
      rule: null,
      protocol: 'cosh',
      matcher: '*_run',
      timeout: 60,
      on_error: 'ignore',
      enabled: true,
      warnings: [expect.stringContaining('not a valid regular expression')],
      // C10/S7: each hook's layer and file, and why it does not run (null: it runs).
      layer: 'user',
      file: join(directory, 'xdg', 'cosh', 'setup.json'),
      off: null,
      trust_problem: null,
      resident: false,
      async: false,
    });
  });
});

describe('cosh hooks validate', () => {
  it('exits 0 when clean or with warnings only', async () => {
    const clean = await writeSetup('{"hooks": {"PreToolUse": [{"command": "true"}]}}', 'clean.json');
    expect(await cosh(['hooks', 'validate', '--config', clean])).toEqual({
      code: 0,
      stdout: `${clean} (user, env): valid\n`,
      stderr: '',
    });
    const warned = await writeSetup(
      '{"hooksEnabled": {"PreTooluse": true}, "hooks": {"PostToolUse": [{"command": "true", "matcher": "("}]}}',
      'warned.json',
    );
    const result = await cosh(['hooks', 'validate', '--config', warned]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${warned} (user, env): valid (2 warnings)\n`);
    expect(result.stderr.split('\n')).toEqual([
      `${warned}:1:19: warning: hooksEnabled: unknown event "PreTooluse" is ignored (did you mean PreToolUse?)`,
      `${warned}:1:97: warning: hooks.PostToolUse[0].matcher: "(" is not a valid regular expression (unterminated group), so this hook never runs; did you mean "\\\\("?`,
      '',
    ]);
  });
});

describe('cosh hooks enable|disable', () => {
  it('C7/C8: keep comments, formatting, key order, unknown keys and the file mode', async () => {
    const file = await writeSetup(commented);
    await chmod(file, 0o640);
    const disabled = await cosh(['hooks', 'disable', 'PostToolUse', '--config', file]);
    expect(disabled).toEqual({ code: 0, stdout: `PostToolUse hooks disabled in ${file}\n`, stderr: '' });
    const afterDisable = commented.replace(
      '    "alpha": true,\n',
      '    "alpha": true,\n    "hooksEnabled": {\n        "PostToolUse": false\n    },\n',
    );
    expect(await readFile(file, 'utf8')).toBe(afterDisable);
    expect((await stat(file)).mode & 0o777).toBe(0o640);

    await cosh(['hooks', 'disable', 'PreToolUse', '--config', file]);
    expect(await readFile(file, 'utf8')).toBe(
      afterDisable.replace('"PostToolUse": false\n', '"PostToolUse": false,\n        "PreToolUse": false\n'),
    );
    const listed = JSON.parse((await cosh(['hooks', 'list', '--config', file, '--json'])).stdout);
    expect(listed.events.map((event: { enabled: boolean }) => event.enabled)).toEqual([false, false]);

    // On is the default: enabling removes the key instead of writing true.
    const enabled = await cosh(['hooks', 'enable', 'PostToolUse', '--config', file]);
    expect(enabled.stdout).toBe(`PostToolUse hooks enabled in ${file}\n`);
    expect(await readFile(file, 'utf8')).toBe(afterDisable.replace('"PostToolUse": false\n', '"PreToolUse": false\n'));
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    // Both on again: the emptied hooksEnabled goes too, and the file is as it was.
    await cosh(['hooks', 'enable', 'PreToolUse', '--config', file]);
    expect(await readFile(file, 'utf8')).toBe(commented);
    expect(await readdir(directory)).toEqual(['setup.json']);
  });
});

describe('colour', () => {
  it('is never used when output is not a terminal', async () => {
    const file = await writeSetup('{"hooks": {"PreToolUse": [{"command": "x", "matcher": "*run"}]}}');
    const result = await cosh(['hooks', 'validate', '--config', file]);
    expect(result.stdout + result.stderr).not.toContain('\u001b[');
  });
});
