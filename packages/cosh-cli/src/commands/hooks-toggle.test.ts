import { chmod, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../__fixtures__/run-in-process.ts';

const makeFolder = temporaryFolders('cosh-cli-toggle-');

let directory: string;

beforeEach(() => {
  directory = makeFolder();
});

const commented = `{
  // shared settings
  "theme": "dark",
  "hooks": {
    "PreToolUse": [{"command": "true"}] // one hook
  }
}
`;

describe('cosh hooks enable|disable', () => {
  it('C7/C8: disable then enable changes only hooksEnabled, comments and mode kept', async () => {
    const file = join(directory, 'setup.json');
    await writeFile(file, commented);
    await chmod(file, 0o600);
    const disabled = await runInProcess(['hooks', 'disable', 'PreToolUse', '--config', file], { cwd: directory });
    expect(disabled).toEqual({ code: 0, stdout: `PreToolUse hooks disabled in ${file}\n`, stderr: '' });
    expect(await readFile(file, 'utf8')).toBe(
      commented.replace('// one hook\n  }\n', '// one hook\n  },\n  "hooksEnabled": {\n    "PreToolUse": false\n  }\n'),
    );
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const again = await runInProcess(['hooks', 'disable', 'PreToolUse', '--config', file], { cwd: directory });
    expect(again.stdout).toBe(`PreToolUse hooks are already disabled in ${file}\n`);

    const listed = await runInProcess(['hooks', 'list', '--config', file, '--json'], { cwd: directory });
    expect(JSON.parse(listed.stdout).events[0].enabled).toBe(false);

    // On is the default: the key goes again, and the hooksEnabled it emptied with it.
    const enabled = await runInProcess(['hooks', 'enable', 'PreToolUse', '--config', file], { cwd: directory });
    expect(enabled.stdout).toBe(`PreToolUse hooks enabled in ${file}\n`);
    expect(await readFile(file, 'utf8')).toBe(commented);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('C8: with no config file at the default location, disable creates it and its folder; enable changes nothing', async () => {
    const env = { XDG_CONFIG_HOME: join(directory, 'xdg') };
    const file = join(directory, 'xdg', 'cosh', 'setup.json');
    const enabled = await runInProcess(['hooks', 'enable', 'PostToolUse'], { cwd: directory, env });
    expect(enabled).toEqual({
      code: 0,
      stdout: `PostToolUse hooks are already enabled (no config file at ${file})\n`,
      stderr: '',
    });
    expect(await readdir(directory)).toEqual([]);
    const disabled = await runInProcess(['hooks', 'disable', 'PostToolUse'], { cwd: directory, env });
    expect(disabled.stdout).toBe(`PostToolUse hooks disabled: created ${file}\n`);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ hooksEnabled: { PostToolUse: false } });
  });

  it('C1: a file named by --config or COSH_CONFIG that does not exist is the error validate gives (78), never created', async () => {
    const file = join(directory, 'missing.json');
    for (const [args, env] of [
      [['--config', 'missing.json'], {}],
      [[], { COSH_CONFIG: file }],
    ] as const) {
      const validated = await runInProcess(['hooks', 'validate', ...args], { cwd: directory, env });
      expect(validated.code).toBe(78);
      for (const verb of ['enable', 'disable']) {
        const toggled = await runInProcess(['hooks', verb, 'PreToolUse', ...args], { cwd: directory, env });
        expect(toggled).toEqual({ code: 78, stdout: '', stderr: `${validated.stderr.split('\n')[0]}\n` });
      }
    }
    expect(await readdir(directory)).toEqual([]);
  });

  it('C1: writes the default location when no --config is given', async () => {
    const result = await runInProcess(['hooks', 'disable', 'PreToolUse'], {
      cwd: directory,
      env: { XDG_CONFIG_HOME: join(directory, 'xdg') },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(await readFile(join(directory, 'xdg', 'cosh', 'setup.json'), 'utf8'))).toEqual({
      hooksEnabled: { PreToolUse: false },
    });
  });

  it('C8: an unparsable or invalid file is never written and exits 78', async () => {
    const file = join(directory, 'setup.json');
    for (const text of ['{"hooks": {', '{"hooks": {"PreToolUse": [{"command": 1}]}}']) {
      await writeFile(file, text);
      const result = await runInProcess(['hooks', 'disable', 'PreToolUse', '--config', file], { cwd: directory });
      expect(result.code).toBe(78);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1:\\d+: error: `));
      expect(await readFile(file, 'utf8')).toBe(text);
    }
  });
});
