import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { TRUST_ALL_ENV, temporaryFolders, withoutTrustAllWarning } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureStream, runInProcess } from './__fixtures__/run-in-process.ts';
import { parsePlainCommandLine } from './plain-command-line.ts';
import { runPlainCommand } from './run-plain-command.ts';

const makeFolder = temporaryFolders('cosh-cli-plain-');

let directory: string;

beforeAll(async () => {
  directory = makeFolder();
  await writeFile(
    join(directory, 'setup.json'),
    '{"hooks": {"PreToolUse": [{"name": "says", "command": "echo hello >&2; exit 0"}], "PostToolUse": [{"command": "true"}]}}\n',
  );
  await writeFile(join(directory, 'broken.json'), '{"hooks": {"PreToolUse": [{"comand": "true"}]}}\n');
  await writeFile(join(directory, 'call.json'), '{"command": "ls"}');
});

/** `argv` run without commander, as the binary runs a plain command line, in this process. */
async function runPlain(
  argv: readonly string[],
  input = '',
): Promise<{ code: number; stdout: string; stderr: string }> {
  const commandLine = parsePlainCommandLine(argv);
  if (commandLine === undefined) throw new Error(`not a plain command line: ${argv.join(' ')}`);
  const stdout = captureStream();
  const stderr = captureStream();
  const code = await runPlainCommand(commandLine, {
    stdin: Readable.from([Buffer.from(input)]),
    stdout,
    stderr,
    cwd: directory,
    env: { ...TRUST_ALL_ENV, HOME: directory },
    openTerminal: () => undefined,
  });
  return { code, stdout: stdout.text(), stderr: withoutTrustAllWarning(stderr.text()) };
}

/** The parts of a run that are the same from one run to the next (no durations). */
function steady(run: { code: number; stdout: string; stderr: string }): unknown {
  return { ...run, stdout: run.stdout.replace(/"duration_ms": ?\d+/g, '"duration_ms":0').replace(/\d+ ms/g, '0 ms') };
}

// Relative to the working folder, the test's directory: the tables are built before it exists.
const setup = (name = 'setup.json') => ['--config', name];
const claudeStdin = (event: string) =>
  JSON.stringify({ hook_event_name: event, tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: '/' });

describe('a plain command line runs as the commander program runs it (X)', () => {
  it.each([
    ['the JSON verdict', ['PreToolUse', '--tool', 'bash_run', '--input', '{"command":"ls"}', '--json', ...setup()]],
    ['the text verdict, verbose', ['PreToolUse', '--tool', 'bash_run', '--verbose', ...setup()]],
    [
      'PostToolUse from files',
      ['PostToolUse', '--tool', 'fs_read', '--input-file', 'call.json', '--output', 'x', ...setup()],
    ],
    ['a warning for --output on PreToolUse', ['PreToolUse', '--tool', 'x', '--output', 'x', '--json', ...setup()]],
    ['an unknown event (64)', ['pretooluse', '--tool', 'x', ...setup()]],
    ['no --tool (64)', ['PreToolUse', ...setup()]],
    ['an empty --tool (64)', ['PreToolUse', '--tool', '', ...setup()]],
    ['an empty --config (64)', ['PreToolUse', '--tool', 'x', '--config', ' ', '--session-id', '']],
    ['an empty --session-id (64)', ['PreToolUse', '--tool', 'x', '--session-id', ' ', ...setup()]],
    ['an --input that is not JSON (64)', ['PreToolUse', '--tool', 'x', '--input', '{nope', ...setup()]],
    ['an --input-file that is missing (64)', ['PreToolUse', '--tool', 'x', '--input-file', 'missing.json', ...setup()]],
    ['a --config that is missing (78)', ['PreToolUse', '--tool', 'x', '--config', 'missing.json']],
    ['a --config with an error (78)', ['PreToolUse', '--tool', 'x', ...setup('broken.json')]],
  ])('X: hooks run, %s', async (_what, args) => {
    const argv = ['hooks', 'run', ...args];
    const plain = await runPlain(argv);
    const program = await runInProcess(argv, { cwd: directory });
    expect(steady(plain)).toEqual(steady(program));
  });

  it.each([
    ['a PreToolUse answer', [...setup()], claudeStdin('PreToolUse')],
    ['a PostToolUse answer', [...setup(), '--no-project'], claudeStdin('PostToolUse')],
    ['stdin that is not JSON', [...setup()], '{'],
    ['a --config with an error (deny)', [...setup('broken.json')], claudeStdin('PreToolUse')],
    ['an empty --config (64)', ['--config', ''], claudeStdin('PreToolUse')],
  ])('K8: claude-hook, %s', async (_what, args, input) => {
    const argv = ['claude-hook', ...args];
    expect(await runPlain(argv, input)).toEqual(await runInProcess(argv, { cwd: directory, input }));
  });

  it.each([
    ['a Codex PreToolUse answer', ['--client', 'codex', ...setup()], claudeStdin('PreToolUse')],
    ['an unknown --client (deny)', ['--client', 'nobody', ...setup()], claudeStdin('PreToolUse')],
  ])('K9: claude-hook, %s', async (_what, args, input) => {
    const argv = ['claude-hook', ...args];
    expect(await runPlain(argv, input)).toEqual(await runInProcess(argv, { cwd: directory, input }));
  });

  it.each([
    [
      'a BeforeTool answer',
      [...setup()],
      JSON.stringify({
        hook_event_name: 'BeforeTool',
        tool_name: 'run_shell_command',
        tool_input: { command: 'ls' },
        cwd: '/tmp',
      }),
    ],
    ['stdin that is not JSON (exit 2)', [...setup()], '{'],
    [
      'a --config with an error (exit 2)',
      [...setup('broken.json')],
      JSON.stringify({ hook_event_name: 'BeforeTool', tool_name: 'x', cwd: '/tmp' }),
    ],
  ])('K10: gemini-hook, %s', async (_what, args, input) => {
    const argv = ['gemini-hook', ...args];
    expect(await runPlain(argv, input)).toEqual(await runInProcess(argv, { cwd: directory, input }));
  });
});
