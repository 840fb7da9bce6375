import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TRUST_ALL_ENV, temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../__fixtures__/run-in-process.ts';
import { sandboxStatus, sandboxStatusLine } from '../sandbox-status.ts';
import type { HooksListJson } from './hooks-list.ts';

/** B5: the listing ends with the sandbox's state: `runInProcess` sets COSH_SANDBOX=off (TRUST_ALL_ENV). */
const sandboxLine = `\n${sandboxStatusLine(sandboxStatus({ mode: 'auto', writable: [], network: true, unixSockets: false }, { ...TRUST_ALL_ENV }))}\n`;

const makeFolder = temporaryFolders('cosh-cli-list-');

let directory: string;
let file: string;

const setup = `{
  "hooks": {
    "PreToolUse": [
      {"name": "Block dangerous bash", "matcher": "^bash_run$", "command": "exit 0", "timeout": 10, "onError": "deny"},
      {"command": "echo '{\\"decision\\": \\"allow\\"}'", "matcher": "*read", "enabled": true, "enabled": false}
    ],
    "PostToolUse": [{"command": "true"}]
  },
  "hooksEnabled": {"PostToolUse": false, "Notification": true}
}
`;

beforeEach(async () => {
  directory = makeFolder();
  file = join(directory, 'setup.json');
  await writeFile(file, setup);
});

describe('cosh hooks list', () => {
  it('C7: shows each event on or off and every hook with its command and its warnings inline, in one warning format', async () => {
    const result = await runInProcess(['hooks', 'list', '--config', file], { cwd: directory });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`user     ${file}  env (COSH_TRUST=all: used without a trust check)

PreToolUse   enabled   2 hooks
  #  LAYER  NAME                          MATCHER     TIMEOUT  ON ERROR  STATE  COMMAND
  0  user   Block dangerous bash          ^bash_run$  10s      deny      on     exit 0
  1  user   echo '{"decision": "allow"}'  *read       60s      ignore    off    echo '{"decision": "allow"}'
     ${file}:5:66: warning: hooks.PreToolUse[1].matcher: "*read" is not a valid regular expression (nothing to repeat), so this hook never runs; did you mean ".*read"?
     ${file}:5:75: warning: hooks.PreToolUse[1].enabled is set more than once: this one is ignored, the last one (line 5, column 92) counts

PostToolUse  disabled  1 hook  (hooksEnabled.PostToolUse is false: none of them run)
  #  LAYER  NAME  MATCHER     TIMEOUT  ON ERROR  STATE        COMMAND
  0  user   true  (any tool)  60s      ignore    off (event)  true

Other warnings:
  ${file}:9:42: warning: hooksEnabled: unknown event "Notification" is ignored; the events are PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop and SessionEnd
${sandboxLine}`);
  });

  it('--json prints the documented shape', async () => {
    const result = await runInProcess(['hooks', 'list', '--config', file, '--json'], { cwd: directory });
    expect(result.code).toBe(0);
    const listing = JSON.parse(result.stdout) as HooksListJson;
    expect(listing.file).toBe(file);
    // S7: each file with its layer and trust state.
    expect(listing.files).toEqual([{ layer: 'user', path: file, trust: 'env' }]);
    expect(listing.events.map((event) => [event.event, event.enabled, event.hooks.length])).toEqual([
      ['PreToolUse', true, 2],
      ['PostToolUse', false, 1],
    ]);
    expect(listing.events[0]?.hooks[0]).toEqual({
      index: 0,
      layer: 'user',
      file,
      name: 'Block dangerous bash',
      command: 'exit 0',
      url: null,
      kind: 'command',
      rule: null,
      protocol: 'cosh',
      matcher: '^bash_run$',
      timeout: 10,
      on_error: 'deny',
      enabled: true,
      off: null,
      trust_problem: null,
      resident: false,
      async: false,
      warnings: [],
    });
    expect(listing.events[1]?.hooks[0]?.off).toBe('event-disabled');
    expect(listing.events[0]?.hooks[1]?.warnings).toHaveLength(2);
    expect(listing.warnings.map((warning) => [warning.line, warning.column, warning.code])).toEqual([
      [5, 66, 'invalid_matcher'],
      [5, 75, 'duplicate_key'],
      [9, 42, 'unknown_event'],
    ]);
    expect(listing.warnings[0]).toMatchObject({ file, path: ['hooks', 'PreToolUse', 1, 'matcher'], fix: '.*read' });
  });

  it('D2: shows a rule hook with its kind and rule, human and --json', async () => {
    await writeFile(
      file,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: '^bash_run$',
              onError: 'deny',
              rule: { field: 'command', regex: 'rm\\s+-rf', decision: 'deny' },
            },
          ],
        },
      }),
    );
    const human = await runInProcess(['hooks', 'list', '--config', file], { cwd: directory });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(
      '  0  user   command regex "rm\\\\s+-rf" → deny  ^bash_run$  -        deny      on     (rule) command regex "rm\\\\s+-rf" → deny',
    );
    const json = await runInProcess(['hooks', 'list', '--config', file, '--json'], { cwd: directory });
    const hook = (JSON.parse(json.stdout) as HooksListJson).events[0]?.hooks[0];
    expect(hook).toMatchObject({
      kind: 'rule',
      command: null,
      url: null,
      rule: { field: 'command', regex: 'rm\\s+-rf', decision: 'deny' },
      on_error: 'deny',
    });
  });

  it('R12, R13: a resident or async hook is marked before its command; a plain command and an HTTP hook are not', async () => {
    await writeFile(
      file,
      JSON.stringify({
        hooks: {
          PostToolUse: [
            { command: 'guard', resident: true },
            { command: 'log', resident: true, async: true },
            { command: 'notify', async: true },
            { command: 'plain' },
            { url: 'http://127.0.0.1:1/hook' },
          ],
        },
      }),
    );
    const human = await runInProcess(['hooks', 'list', '--config', file], { cwd: directory });
    expect(human.code).toBe(0);
    const commands = human.stdout
      .split('\n')
      .filter((line) => /^ {2}\d/.test(line))
      .map((line) => line.slice(line.lastIndexOf('  ') + 2));
    expect(commands).toEqual([
      '(resident) guard',
      '(resident, async) log',
      '(async) notify',
      'plain',
      'POST http://127.0.0.1:1/hook',
    ]);
    const json = await runInProcess(['hooks', 'list', '--config', file, '--json'], { cwd: directory });
    const listed = (JSON.parse(json.stdout) as HooksListJson).events.find(({ event }) => event === 'PostToolUse');
    expect(listed?.hooks.map(({ kind, resident, async }) => [kind, resident, async])).toEqual([
      ['resident', true, false],
      ['resident', true, true],
      ['command', false, true],
      ['command', false, false],
      ['http', false, false],
    ]);
  });

  it('C1: with no file at the default location there are no hooks, and it says where it looked', async () => {
    const home = join(directory, 'home');
    await mkdir(home);
    const result = await runInProcess(['hooks', 'list'], { cwd: directory, env: { HOME: home } });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `No config file at ${join(home, '.config', 'cosh', 'setup.json')}: no hooks.\n\nPreToolUse   enabled   no hooks\n\nPostToolUse  enabled   no hooks\n${sandboxLine}`,
    );
    const json = await runInProcess(['hooks', 'list', '--json'], { cwd: directory, env: { HOME: home } });
    expect(JSON.parse(json.stdout)).toEqual({
      file: null,
      files: [],
      events: [
        { event: 'PreToolUse', enabled: true, hooks: [] },
        { event: 'PostToolUse', enabled: true, hooks: [] },
      ],
      warnings: [],
      sandbox: { mode: 'off', active: false, kind: null, cause: 'COSH_SANDBOX=off' },
    });
  });

  it('C1: reads COSH_CONFIG relative to the current directory', async () => {
    const result = await runInProcess(['hooks', 'list', '--json'], {
      cwd: directory,
      env: { COSH_CONFIG: 'setup.json' },
    });
    expect((JSON.parse(result.stdout) as HooksListJson).file).toBe(file);
  });

  it('shows names with line breaks or escape sequences as one printable line', async () => {
    await writeFile(
      file,
      JSON.stringify({ hooks: { PreToolUse: [{ name: 'two\nlines \u001b[31mred', command: 'true' }] } }),
    );
    const result = await runInProcess(['hooks', 'list', '--config', file], { cwd: directory });
    expect(result.stdout).toContain('  0  user   two lines \\u001b[31mred  (any tool)');
    expect(result.stdout).not.toContain('\u001b');
  });

  it('a name with a right-to-left override shows the escape, not reordered text (safe\\u202egnp.exe, never safeexe.png)', async () => {
    await writeFile(file, JSON.stringify({ hooks: { PreToolUse: [{ name: 'safe\u202egnp.exe', command: 'true' }] } }));
    for (const json of [false, true]) {
      const result = await runInProcess(['hooks', 'list', '--config', file, ...(json ? ['--json'] : [])], {
        cwd: directory,
      });
      expect(result.stdout).toContain('safe\\u202egnp.exe');
      expect(result.stdout).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/);
      if (json) expect(JSON.parse(result.stdout).events[0].hooks[0].name).toBe('safe\u202egnp.exe');
    }
  });

  it('M2: a warning quoting a control character of the file shows it as an escape', async () => {
    await writeFile(
      file,
      String.raw`{"hooks": {"PreToolUse": [{"name": "a", "command": "x", "matcher": "\u009b31m["}]}}`,
    );
    const result = await runInProcess(['hooks', 'list', '--config', file], { cwd: directory });
    expect(result.stdout).toContain(
      `${file}:1:68: warning: hooks.PreToolUse[0].matcher: "\\u009b31m[" is not a valid regular expression`,
    );
    expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it('shortens a long command to the terminal width (60 characters off a terminal); --json has it whole', async () => {
    const long = `node ${'/very/long/path'.repeat(10)}/guard.mjs --strict`;
    const url = 'https://policy.example.com/cosh/pre-tool-use';
    await writeFile(
      file,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { name: 'guard', command: long },
            { name: 'web', url },
          ],
        },
      }),
    );
    const plain = await runInProcess(['hooks', 'list', '--config', file], { cwd: directory });
    const row = plain.stdout.split('\n').find((line) => line.includes('guard')) ?? '';
    expect(row).toContain(`on     ${long.slice(0, 59)}…`);
    expect(plain.stdout).toContain(`on     POST ${url}`);
    const terminal = await runInProcess(['hooks', 'list', '--config', file], {
      cwd: directory,
      tty: true,
      env: { NO_COLOR: '1' },
    });
    // Each hook row fits the 80 columns (the file line above the tables is a path: it may not).
    const rows = terminal.stdout.split('\n').filter((line) => /^ {2}\d+ /.test(line));
    expect(rows).toHaveLength(2);
    for (const line of rows) expect([...line].length).toBeLessThan(80);
    const json = await runInProcess(['hooks', 'list', '--config', file, '--json'], { cwd: directory });
    expect((JSON.parse(json.stdout) as HooksListJson).events[0]?.hooks[0]?.command).toBe(long);
  });

  it('colours only a terminal, and never with NO_COLOR', async () => {
    const plain = await runInProcess(['hooks', 'list', '--config', file], { cwd: directory });
    expect(plain.stdout).not.toContain('\u001b[');
    const terminal = await runInProcess(['hooks', 'list', '--config', file], { cwd: directory, tty: true, env: {} });
    expect(terminal.stdout).toContain('\u001b[');
    const noColor = await runInProcess(['hooks', 'list', '--config', file], {
      cwd: directory,
      tty: true,
      env: { NO_COLOR: '1' },
    });
    // The same text as the coloured one (a terminal, so the same width), without the colour.
    expect(noColor.stdout).toBe(terminal.stdout.replace(/\u001b\[[0-9;]*m/g, ''));
  });
});
