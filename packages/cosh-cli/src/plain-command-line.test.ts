import { Readable } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { captureStream } from './__fixtures__/run-in-process.ts';
import { createProgram } from './create-program.ts';
import { parsePlainCommandLine } from './plain-command-line.ts';
import { CLAUDE_HOOK_OPTIONS, HOOKS_RUN_OPTIONS, optionName } from './per-call-options.ts';
import { runCli } from './run-main.ts';

/** What the commander program's `hooks run` or `claude-hook` action was given, or its exit status. */
async function readByCommander(argv: readonly string[]): Promise<unknown> {
  const program = createProgram({
    version: '1.2.3',
    io: { stdin: Readable.from([]), stdout: captureStream(), stderr: captureStream(), cwd: '/', env: {} },
  });
  let given: unknown;
  const hooks = program.commands.find((command) => command.name() === 'hooks') as Command;
  (hooks.commands.find((command) => command.name() === 'run') as Command).action((event: string, flags: object) => {
    given = { command: 'hooks run', event, ...flags };
  });
  (program.commands.find((command) => command.name() === 'claude-hook') as Command).action((flags: object) => {
    given = { command: 'claude-hook', ...flags };
  });
  (program.commands.find((command) => command.name() === 'gemini-hook') as Command).action((flags: object) => {
    given = { command: 'gemini-hook', ...flags };
  });
  const code = await runCli(program, argv);
  return code === 0 ? given : { exitCode: code };
}

/** A plain command line as commander's flags: `--no-project` is `project: false`, else `true`. */
function asCommanderFlags(commandLine: NonNullable<ReturnType<typeof parsePlainCommandLine>>): unknown {
  const { noProject, ...rest } = commandLine;
  const given: Record<string, unknown> = { ...rest, project: !noProject };
  // Commander leaves an option that was not given out, and a switch not given too.
  for (const [key, value] of Object.entries(given)) if (value === undefined || value === false) delete given[key];
  if (noProject) given['project'] = false;
  return given;
}

const hooksRun = ['hooks', 'run'];

// Command lines that are plain: commander reads each the same way, without an error.
const plainLines: string[][] = [
  [...hooksRun, 'PreToolUse', '--tool', 'bash_run', '--input', '{"command":"ls"}', '--json'],
  [...hooksRun, '--tool', 'bash_run', 'PreToolUse'],
  [...hooksRun, '--tool=bash_run', '--input={"a": "b=c"}', 'PostToolUse', '--output', 'text', '--verbose'],
  [...hooksRun, 'PostToolUse', '--tool', 'fs_read', '--input-file', 'call.json', '--output-file', 'out.txt'],
  [...hooksRun, 'PreToolUse', '--tool', 'x', '--config', './setup.json', '--no-project', '--session-id', 's1'],
  [...hooksRun, 'PreToolUse', '--tool', '', '--config', ''],
  [...hooksRun, 'pretooluse', '--tool', 'x'],
  [...hooksRun, '-', '--tool', 'x'],
  [...hooksRun, 'help', '--tool', 'x'],
  [...hooksRun, 'PreToolUse', '--tool=', '--session-id=', '--json', '--verbose'],
  ['claude-hook'],
  ['claude-hook', '--config', '/etc/x.json'],
  ['claude-hook', '--no-project', '--config=setup.json'],
  ['claude-hook', '--client', 'codex'],
  ['claude-hook', '--client=codex', '--config', 'setup.json'],
  ['gemini-hook'],
  ['gemini-hook', '--no-project', '--config', 'setup.json'],
];

// Command lines left to commander: help, version, mistakes, anything unusual.
const otherLines: string[][] = [
  [],
  ['--version'],
  ['hooks'],
  ['hooks', 'list'],
  ['hooks', '--help', 'run'],
  ['help', 'hooks'],
  [...hooksRun],
  [...hooksRun, '--help'],
  [...hooksRun, 'PreToolUse', '-h'],
  [...hooksRun, 'PreToolUse', 'PostToolUse', '--tool', 'x'],
  [...hooksRun, 'PreToolUse', '--tool'],
  [...hooksRun, 'PreToolUse', '--tool', 'x', '--tool', 'y'],
  [...hooksRun, 'PreToolUse', '--tool', 'x', '--jsn'],
  [...hooksRun, 'PreToolUse', '--tool', 'x', '--json=yes'],
  [...hooksRun, 'PreToolUse', '--tool', 'x', '--input', '{}', '--input-file', 'a.json'],
  [...hooksRun, 'PostToolUse', '--tool', 'x', '--output', '', '--output-file', 'a.txt'],
  [...hooksRun, 'PreToolUse', '--tool', 'x', '--input-file', '-'],
  [...hooksRun, 'PostToolUse', '--tool', 'x', '--output-file', '-'],
  // The program reads -V and --version anywhere, even where `--input` wants its value.
  [...hooksRun, 'PreToolUse', '--tool', 'x', '--input', '--version'],
  [...hooksRun, 'PreToolUse', '--tool', 'x', '--input', '-V'],
  [...hooksRun, 'PreToolUse', '--tool', '-Vx'],
  [...hooksRun, 'PreToolUse', '--tool', 'x', '--', '--json'],
  [...hooksRun, 'PreToolUse', '--tool', 'x', '--project'],
  ['claude-hook', 'extra'],
  ['claude-hook', '--help'],
  ['claude-hook', '--config'],
  ['claude-hook', '--json'],
  ['gemini-hook', 'extra'],
  ['gemini-hook', '--client', 'codex'],
];

describe('parsePlainCommandLine (X: the same reading as the commander program)', () => {
  it.each(plainLines.map((argv) => [argv.join(' '), argv]))(
    'X: %s is plain, and commander reads it the same',
    async (_shown, argv) => {
      const commandLine = parsePlainCommandLine(argv);
      expect(commandLine).toBeDefined();
      expect(await readByCommander(argv)).toEqual(asCommanderFlags(commandLine as NonNullable<typeof commandLine>));
    },
  );

  it.each(otherLines.map((argv) => [argv.join(' '), argv]))('X: %s is left to commander', (_shown, argv) => {
    expect(parsePlainCommandLine(argv)).toBeUndefined();
  });

  it('reads the fields of hooks run', () => {
    expect(
      parsePlainCommandLine([
        ...hooksRun,
        '--input',
        '{"command":"ls"}',
        'PreToolUse',
        '--tool',
        'bash_run',
        '--config=./setup.json',
        '--no-project',
        '--json',
      ]),
    ).toEqual({
      command: 'hooks run',
      event: 'PreToolUse',
      tool: 'bash_run',
      input: '{"command":"ls"}',
      inputFile: undefined,
      output: undefined,
      outputFile: undefined,
      config: './setup.json',
      noProject: true,
      sessionId: undefined,
      json: true,
      verbose: false,
      exitCode: false,
    });
    expect(parsePlainCommandLine(['claude-hook'])).toEqual({
      command: 'claude-hook',
      config: undefined,
      noProject: false,
    });
  });
});

describe('one option table for both readers of the per-call command lines (issue 29)', () => {
  const program = () =>
    createProgram({
      version: '1.2.3',
      io: { stdin: Readable.from([]), stdout: captureStream(), stderr: captureStream(), cwd: '/', env: {} },
    });
  const longFlags = (command: Command) => command.options.map((option) => option.long);

  it("commander's hooks run and claude-hook have exactly the table's options", () => {
    const hooks = program().commands.find((command) => command.name() === 'hooks') as Command;
    const run = hooks.commands.find((command) => command.name() === 'run') as Command;
    expect(longFlags(run)).toEqual(HOOKS_RUN_OPTIONS.map((option) => optionName(option).name));
    const claudeHook = program().commands.find((command) => command.name() === 'claude-hook') as Command;
    expect(longFlags(claudeHook)).toEqual(CLAUDE_HOOK_OPTIONS.map((option) => optionName(option).name));
  });

  it('the plain reader reads every option of the table into its field', () => {
    for (const option of HOOKS_RUN_OPTIONS) {
      const { name, takesValue } = optionName(option);
      const parsed = parsePlainCommandLine(['hooks', 'run', 'PreToolUse', name, ...(takesValue ? ['v'] : [])]);
      expect(parsed, name).toMatchObject({ [option.field]: takesValue ? 'v' : true });
    }
    for (const option of CLAUDE_HOOK_OPTIONS) {
      const { name, takesValue } = optionName(option);
      expect(parsePlainCommandLine(['claude-hook', name, ...(takesValue ? ['v'] : [])]), name).toMatchObject({
        [option.field]: takesValue ? 'v' : true,
      });
    }
  });
});
