import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from './__fixtures__/run-in-process.ts';
import { contextOf } from './cli-context.ts';
import { ExitError, UsageError } from './cli-errors.ts';
import { loadCommandConfig } from './load-command-config.ts';

const makeFolder = temporaryFolders('cosh-cli-main-');

let directory: string;

beforeEach(() => {
  directory = makeFolder();
});

describe('runCli', () => {
  it('prints the version and help on stdout with exit 0', async () => {
    expect(await runInProcess(['--version'], { cwd: directory })).toEqual({ code: 0, stdout: '1.2.3\n', stderr: '' });
    const help = await runInProcess(['hooks', 'list', '--help'], { cwd: directory });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: cosh hooks list [options]');
    expect(help.stdout).toContain('--config <file>');
    expect(help.stderr).toBe('');
    for (const argv of [
      ['--help'],
      ['hooks', '--help'],
      ['hooks', 'validate', '--help'],
      ['hooks', 'enable', '--help'],
      ['hooks', 'disable', '-h'],
    ]) {
      const result = await runInProcess(argv, { cwd: directory });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: cosh/);
    }
  });

  it('X: `cosh` alone prints the top-level help on stdout, exit 0, as `cosh --help` does', async () => {
    const alone = await runInProcess([], { cwd: directory });
    expect(alone).toEqual({ ...(await runInProcess(['--help'], { cwd: directory })), code: 0 });
    expect(alone.stdout).toMatch(/^Usage: cosh \[options\] \[command\]/);
    expect(alone.stderr).toBe('');
  });

  it("X: `cosh help <command...>` prints that command's help, exit 0, however deep, app commands included", async () => {
    const extend = (program: import('commander').Command): void => {
      program.command('exec').description('run a tool').option('--input <json>');
    };
    for (const words of [[], ['hooks'], ['hooks', 'run'], ['hooks', 'list'], ['settings'], ['exec']]) {
      const viaHelp = await runInProcess(['help', ...words], { cwd: directory, extend });
      const viaFlag = await runInProcess([...words, '--help'], { cwd: directory, extend });
      expect(viaHelp, words.join(' ')).toEqual({ code: 0, stdout: viaFlag.stdout, stderr: '' });
      expect(viaHelp.stdout).toMatch(new RegExp(`^Usage: cosh ${words.join(' ')}`));
    }
  });

  it.each([
    [['help', 'nope'], "cosh: unknown command 'nope'. See 'cosh --help'."],
    [['help', 'hoks'], "cosh: unknown command 'hoks' (did you mean hooks?). See 'cosh --help'."],
    [['help', 'hooks', 'rn'], "cosh: unknown command 'rn' (did you mean run?). See 'cosh hooks --help'."],
  ])('X: `cosh %j` naming no command exits 64 with a suggestion', async (argv, message) => {
    expect(await runInProcess(argv, { cwd: directory })).toEqual({ code: 64, stdout: '', stderr: `${message}\n` });
  });

  it.each([
    [['hooks', 'lst'], "cosh: unknown command 'lst' (did you mean list?). See 'cosh hooks --help'."],
    [['hooks', 'list', '--jsn'], "cosh: unknown option '--jsn' (did you mean --json?). See 'cosh hooks list --help'."],
    [['hooks', 'enable'], "cosh: missing required argument 'event'. See 'cosh hooks enable --help'."],
    [
      ['hooks', 'disable', 'pretooluse'],
      "cosh: unknown event 'pretooluse' (did you mean PreToolUse?). See 'cosh hooks disable --help'.",
    ],
    [
      ['hooks', 'enable', 'PostToolUsr'],
      "cosh: unknown event 'PostToolUsr' (did you mean PostToolUse?). See 'cosh hooks enable --help'.",
    ],
    [
      ['hooks', 'enable', 'Notification'],
      "cosh: unknown event 'Notification' (expected PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop or SessionEnd). See 'cosh hooks enable --help'.",
    ],
    [
      ['hooks', 'validate', '--config'],
      "cosh: option '--config <file>' argument missing. See 'cosh hooks validate --help'.",
    ],
    [
      ['hooks', 'list', '--config', ''],
      "cosh: option '--config <file>' needs a file name, not an empty string. See 'cosh hooks list --help'.",
    ],
    [
      ['hooks'],
      "cosh: missing command: one of list, validate, trust, enable, disable, run, replay, explain, import, schema. See 'cosh hooks --help'.",
    ],
    [['nope'], "cosh: unknown command 'nope'. See 'cosh --help'."],
    // Issue 13: did-you-mean for what a new user types.
    [['-v'], "cosh: unknown option '-v' (did you mean --version?). See 'cosh --help'."],
    [['version'], "cosh: unknown command 'version' (did you mean --version?). See 'cosh --help'."],
    [['hooks', 'list', '-json'], "cosh: unknown option '-json' (did you mean --json?). See 'cosh hooks list --help'."],
    [['hooks', 'lsit'], "cosh: unknown command 'lsit' (did you mean list?). See 'cosh hooks --help'."],
    [
      ['hooks', 'run', 'PreToolUse', 'bash_run'],
      "cosh: too many arguments for 'run'. Expected 1 argument but got 2 (did you mean --tool bash_run?). See 'cosh hooks run --help'.",
    ],
    [
      ['hooks', 'run', 'pretooluse', '--tool', 'bash_run'],
      "cosh: unknown event 'pretooluse' (did you mean PreToolUse?). See 'cosh hooks run --help'.",
    ],
  ])('bad usage %j exits 64 with one line on stderr', async (argv, hint) => {
    const result = await runInProcess(argv, { cwd: directory });
    expect(result).toEqual({ code: 64, stdout: '', stderr: `${hint}\n` });
  });

  it('a tool input given as an argument suggests --input, quoted for the shell (issue 13)', async () => {
    const result = await runInProcess(['try', 'bash_run', `{"command": "echo it's"}`], {
      cwd: directory,
      extend: (program) => {
        program
          .command('try')
          .argument('<tool>')
          .option('--input <json>')
          .action(() => undefined);
      },
    });
    expect(result).toEqual({
      code: 64,
      stdout: '',
      stderr: `cosh: too many arguments for 'try'. Expected 1 argument but got 2 (did you mean --input '{"command": "echo it'\\''s"}'?). See 'cosh try --help'.\n`,
    });
  });

  it("a command's own hint follows an unknown option (issue 13)", async () => {
    const { setUnknownOptionHint } = await import('./usage-mistake.ts');
    const result = await runInProcess(['wrap', 'server', '-y'], {
      cwd: directory,
      extend: (program) => {
        const wrap = program
          .command('wrap')
          .argument('<command>')
          .action(() => undefined);
        setUnknownOptionHint(wrap, (flag, argv) => `${flag} of ${argv.join(' ')}`);
      },
    });
    expect(result.stderr).toBe("cosh: unknown option '-y' (-y of wrap server -y). See 'cosh wrap --help'.\n");
  });

  it('a configuration error exits 78 with file:line:col lines on stderr', async () => {
    await writeFile(join(directory, 'setup.json'), '{\n  "hooks": {"PreToolUse": [{"command": ""}]}\n}\n');
    const result = await runInProcess(['hooks', 'list', '--config', 'setup.json'], { cwd: directory });
    expect(result.code).toBe(78);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `${join(directory, 'setup.json')}:2:40: error: hooks.PreToolUse[0].command must be a non-empty string (the shell command to run), got an empty string\n`,
    );
  });

  it('a missing file named by --config or COSH_CONFIG exits 78', async () => {
    const named = await runInProcess(['hooks', 'list', '--config', 'gone.json'], { cwd: directory });
    expect(named).toEqual({
      code: 78,
      stdout: '',
      stderr: `${join(directory, 'gone.json')}:1:1: error: config file not found\n`,
    });
    const fromEnvironment = await runInProcess(['hooks', 'list'], {
      cwd: directory,
      env: { COSH_CONFIG: 'gone.json', HOME: directory },
    });
    expect(fromEnvironment.code).toBe(78);
    expect(fromEnvironment.stderr).toContain('named by COSH_CONFIG');
  });

  it('commands added after createProgram get the same handling', async () => {
    const extend = (program: import('commander').Command): void => {
      program
        .command('exit-with')
        .argument('<code>')
        .action((code: string) => {
          throw new ExitError(Number(code), `leaving with ${code}`);
        });
      program.command('misuse').action((_options, command: import('commander').Command) => {
        throw new UsageError('that is not how it works', command);
      });
      program.command('crash').action(() => {
        throw new TypeError('boom');
      });
      program
        .command('print')
        .option('--config <file>')
        .action(async (options: { config?: string }, command: import('commander').Command) => {
          const context = contextOf(command);
          const loaded = await loadCommandConfig(context, { configPath: options.config, warnings: 'stderr' });
          context.out.line(String(loaded.config.hooks.PreToolUse.length));
        });
    };
    expect(await runInProcess(['exit-with', '3'], { cwd: directory, extend })).toEqual({
      code: 3,
      stdout: '',
      stderr: 'leaving with 3\n',
    });
    expect(await runInProcess(['misuse'], { cwd: directory, extend })).toEqual({
      code: 64,
      stdout: '',
      stderr: "cosh: that is not how it works. See 'cosh misuse --help'.\n",
    });
    expect(await runInProcess(['crash'], { cwd: directory, extend })).toEqual({
      code: 70,
      stdout: '',
      stderr: 'cosh: internal error: boom\n',
    });
    expect(await runInProcess(['exit-with', '1', '--bad'], { cwd: directory, extend })).toMatchObject({ code: 64 });

    await writeFile(join(directory, 'warn.json'), '{"hooks": {"PreToolUse": [{"command": "x", "matcher": "*run"}]}}');
    const printed = await runInProcess(['print', '--config', 'warn.json'], { cwd: directory, extend });
    expect(printed.code).toBe(0);
    expect(printed.stdout).toBe('1\n');
    expect(printed.stderr).toBe(
      `${join(directory, 'warn.json')}:1:55: warning: hooks.PreToolUse[0].matcher: "*run" is not a valid regular expression (nothing to repeat), so this hook never runs; did you mean ".*run"?\n`,
    );
  });
});
