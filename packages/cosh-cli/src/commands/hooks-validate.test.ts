import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../__fixtures__/run-in-process.ts';
import type { HooksValidateJson } from './hooks-validate.ts';

const makeFolder = temporaryFolders('cosh-cli-validate-');

let directory: string;

beforeEach(() => {
  directory = makeFolder();
});

async function validate(text: string, ...flags: string[]) {
  const file = join(directory, 'setup.json');
  await writeFile(file, text);
  return { file, ...(await runInProcess(['hooks', 'validate', '--config', file, ...flags], { cwd: directory })) };
}

describe('cosh hooks validate', () => {
  it('exits 0 for a clean file', async () => {
    const { file, code, stdout, stderr } = await validate('{"hooks": {"PreToolUse": [{"command": "true"}]}}');
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: `${file} (user, env): valid\n`, stderr: '' });
  });

  it('M2: exits 0 with warnings only, an invalid matcher reported with the regex error and the fix', async () => {
    const { file, code, stdout, stderr } = await validate(
      '{"hooks": {"PreToolUse": [{"command": "true", "matcher": "*run"}]}}',
    );
    expect(code).toBe(0);
    expect(stdout).toBe(`${file} (user, env): valid (1 warning)\n`);
    expect(stderr).toBe(
      `${file}:1:58: warning: hooks.PreToolUse[0].matcher: "*run" is not a valid regular expression (nothing to repeat), so this hook never runs; did you mean ".*run"?\n`,
    );
  });

  it('X: a shell syntax error in a command is a warning at its line:col saying it would deny every call', async () => {
    const { file, code, stdout, stderr } = await validate(
      '{"hooks": {"PreToolUse": [{"command": "if true; then echo"}]}}',
    );
    expect(code).toBe(0);
    expect(stdout).toBe(`${file} (user, env): valid (1 warning)\n`);
    expect(stderr).toMatch(
      new RegExp(
        `^${file}:1:39: warning: hooks\\.PreToolUse\\[0\\]\\.command: /bin/sh cannot parse it \\(.+\\): it exits 2, which denies every call the hook runs for\\n$`,
      ),
    );
  });

  it('X: a program not on PATH, a missing $COSH_CONFIG_DIR script and one not executable are warnings naming them', async () => {
    await mkdir(join(directory, 'bin'));
    await writeFile(join(directory, 'plain.sh'), '#!/bin/sh\nexit 0\n');
    const { file, code, stderr } = await validate(
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { command: 'no-such-program-cosh --flag' },
            { command: '"$COSH_CONFIG_DIR/missing.sh"' },
            { command: '$COSH_CONFIG_DIR/plain.sh' },
            { command: 'LANG=C sh -c true | cat' },
            { command: 'echo \'{"decision":"allow"}\'' },
          ],
        },
      }),
    );
    expect(code).toBe(0);
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      `${file}:1:36: warning: hooks.PreToolUse[0].command: no program "no-such-program-cosh" on PATH: the hook cannot start (exit 127)`,
      `${file}:1:78: warning: hooks.PreToolUse[1].command: ${join(directory, 'missing.sh')} does not exist: the hook cannot start (exit 127)`,
      `${file}:1:124: warning: hooks.PreToolUse[2].command: ${join(directory, 'plain.sh')} is not executable: the hook cannot start (chmod +x ${join(directory, 'plain.sh')})`,
    ]);
    await chmod(join(directory, 'plain.sh'), 0o755);
    const fixed = await runInProcess(['hooks', 'validate', '--config', file, '--json'], { cwd: directory });
    const report = JSON.parse(fixed.stdout) as HooksValidateJson;
    expect(report.warnings.map((warning) => warning.code)).toEqual(['command_not_found', 'command_not_found']);
  });

  it('X: --strict exits 1 on any warning (an invalid matcher included), 0 when clean, 78 on errors', async () => {
    const matcher = await validate('{"hooks": {"PreToolUse": [{"command": "true", "matcher": "*run"}]}}', '--strict');
    expect(matcher.code).toBe(1);
    expect(matcher.stderr).toContain('warning: hooks.PreToolUse[0].matcher');
    expect(matcher.stderr).toContain('--strict: warnings count as failures (exit 1)');
    const json = await validate(
      '{"hooks": {"PreToolUse": [{"command": "no-such-program-cosh"}]}}',
      '--strict',
      '--json',
    );
    expect(json.code).toBe(1);
    expect((JSON.parse(json.stdout) as HooksValidateJson).warnings).toHaveLength(1);
    expect((await validate('{"hooks": {"PreToolUse": [{"command": "true"}]}}', '--strict')).code).toBe(0);
    expect((await validate('{"hooks": {"PreToolUse": [{"command": 1}]}}', '--strict')).code).toBe(78);
  });

  it('C6: exits 78 with every error as file:line:col, in file order', async () => {
    const { file, code, stdout, stderr } = await validate(`{
  "hooks": {
    "PreToolUse": [
      {"name": "no command"},
      {"command": "x", "timeout": -5},
      {"command": "y", "onError": "block"}
    ]
  }
}`);
    expect(code).toBe(78);
    expect(stdout).toBe('');
    expect(stderr.split('\n')).toEqual([
      `${file}:4:7: error: hooks.PreToolUse[0] has no "command": every hook needs the shell command to run (or a "url" for an HTTP hook)`,
      `${file}:5:35: error: hooks.PreToolUse[1].timeout must be a number of seconds greater than 0 and at most 86400, got -5`,
      `${file}:6:35: error: hooks.PreToolUse[2].onError must be "ignore" or "deny", got the string "block"`,
      `${file} (user, env): invalid: 3 errors, 0 warnings`,
      '',
    ]);
  });

  it('C6/M2: control characters the file quotes back (a matcher, a value) are printed as escapes, never raw', async () => {
    const rawControl = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
    const warned = await validate(String.raw`{"hooks": {"PreToolUse": [{"command": "x", "matcher": "\u009b31m["}]}}`);
    expect(warned.code).toBe(0);
    expect(warned.stderr).not.toMatch(rawControl);
    expect(warned.stderr).toContain(
      `${warned.file}:1:55: warning: hooks.PreToolUse[0].matcher: "\\u009b31m[" is not a valid regular expression`,
    );
    const failed = await validate(
      String.raw`{"hooks": {"PreToolUse": [{"command": "y", "timeout": "\u001b[2J\u009b2J"}]}}`,
    );
    expect(failed.code).toBe(78);
    expect(failed.stderr).not.toMatch(rawControl);
    expect(failed.stderr).toContain('got the string "\\u001b[2J\\u009b2J"');
  });

  it('C2: a syntax error exits 78 at its line and column', async () => {
    const { file, code, stderr } = await validate('{\n  "hooks": {}\n  "x": 1\n}');
    expect(code).toBe(78);
    expect(stderr.split('\n')[0]).toBe(
      `${file}:3:3: error: expected ',' between two values (or a closing bracket or brace)`,
    );
  });

  it('--json reports errors and warnings with file, line, column, path, code, message and fix', async () => {
    const { file, code, stdout, stderr } = await validate(
      '{"hooks": {"PreToolUse": [{"command": "", "matcher": "("}]}}',
      '--json',
    );
    expect(code).toBe(78);
    expect(stderr).toBe('');
    const report = JSON.parse(stdout) as HooksValidateJson;
    expect(report).toEqual({
      file,
      valid: false,
      errors: [
        {
          file,
          line: 1,
          column: 39,
          path: ['hooks', 'PreToolUse', 0, 'command'],
          code: 'invalid_value',
          message:
            'hooks.PreToolUse[0].command must be a non-empty string (the shell command to run), got an empty string',
        },
      ],
      warnings: [],
      // S7: each file with its layer and trust state.
      files: [{ layer: 'user', path: file, trust: 'env', valid: false }],
    });
    const clean = await validate('{"hooks": {"PreToolUse": [{"command": "true", "matcher": "("}]}}', '--json');
    expect(clean.code).toBe(0);
    expect(JSON.parse(clean.stdout)).toMatchObject({
      valid: true,
      errors: [],
      warnings: [{ code: 'invalid_matcher', fix: '\\(' }],
    });
  });

  it('C1: a missing --config file exits 78; a missing default file is fine', async () => {
    const missing = await runInProcess(['hooks', 'validate', '--config', 'none.json'], { cwd: directory });
    expect(missing.code).toBe(78);
    expect(missing.stderr).toContain(`${join(directory, 'none.json')}:1:1: error: config file not found`);
    const missingJson = await runInProcess(['hooks', 'validate', '--config', 'none.json', '--json'], {
      cwd: directory,
    });
    expect(missingJson.code).toBe(78);
    expect(JSON.parse(missingJson.stdout)).toMatchObject({ valid: false, errors: [{ code: 'not_found' }] });
    const defaults = await runInProcess(['hooks', 'validate'], { cwd: directory, env: { HOME: directory } });
    expect(defaults.code).toBe(0);
    expect(defaults.stdout).toContain('nothing to validate');
    const defaultsJson = await runInProcess(['hooks', 'validate', '--json'], {
      cwd: directory,
      env: { HOME: directory },
    });
    expect(JSON.parse(defaultsJson.stdout)).toEqual({ file: null, valid: true, errors: [], warnings: [], files: [] });
  });

  it('C1: a directory named as the config exits 78 with a clear message', async () => {
    const result = await runInProcess(['hooks', 'validate', '--config', directory], { cwd: directory });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain(`${directory}:1:1: error: this is a directory, not a config file`);
  });

  it.each([
    ['an empty file', '', ['1:1: error: the file is empty']],
    [
      'a syntax error',
      '{\n  "hooks": {\n    "PreToolUse": []\n  \n',
      ["5:1: error: expected '}' to close the object; the '{' at line 2, column 12 is never closed"],
    ],
    ['a root array', '[]', ['1:1: error: the file must hold a JSON object']],
    ['hooks null', '{"hooks": null}', ['1:11: error: hooks must be an object']],
    [
      'an event that is not an array',
      '{"hooks": {"PostToolUse": {}}}',
      ['1:27: error: hooks.PostToolUse must be an array of hooks, got an object'],
    ],
    [
      'several hooks without a command',
      '{\n  "hooks": {\n    "PreToolUse": [\n      {"name": "a"},\n      {"cmd": "b"}\n    ]\n  }\n}\n',
      [
        '4:7: error: hooks.PreToolUse[0] has no "command"',
        '5:7: error: hooks.PreToolUse[1] has no "command"',
        '5:8: error: hooks.PreToolUse[1]: unknown field "cmd" (did you mean command?)',
      ],
    ],
    [
      'a zero timeout',
      '{"hooks": {"PreToolUse": [{"command": "x", "timeout": 0}]}}',
      ['1:55: error: hooks.PreToolUse[0].timeout must be a number of seconds'],
    ],
    [
      'a quoted timeout',
      '{"hooks": {"PreToolUse": [{"command": "x", "timeout": "60"}]}}',
      ['(write it without quotes: 60)'],
    ],
    ['a bad onError', '{"hooks": {"PreToolUse": [{"command": "x", "onError": "Deny"}]}}', ['(did you mean "deny"?)']],
    [
      'a non-boolean toggle',
      '{"hooksEnabled": {"PreToolUse": "no"}}',
      ['1:33: error: hooksEnabled.PreToolUse must be true or false'],
    ],
    [
      'a misspelt event',
      '{"hooks": {"PretoolUse": [{"command": "exit 2"}]}}',
      ['1:12: error: unknown event "PretoolUse" (did you mean PreToolUse?)'],
    ],
    [
      'a misspelt matcher field',
      '{"hooks": {"PreToolUse": [{"command": "exit 2", "matchr": "^fs_read$"}]}}',
      ['1:49: error: hooks.PreToolUse[0]: unknown field "matchr" (did you mean matcher?)'],
    ],
    ['a misspelt hooks key', '{"Hooks": {}}', ['1:2: error: "Hooks" is not a Cosh setting (did you mean hooks?)']],
  ])(
    'C2/C4/C5/C6: %s exits 78 from list and validate, each problem a file:line:col line on stderr',
    async (_kind, text, expected) => {
      const file = join(directory, 'setup.json');
      await writeFile(file, text);
      for (const command of ['list', 'validate']) {
        const result = await runInProcess(['hooks', command, '--config', file], { cwd: directory });
        expect(result.code).toBe(78);
        expect(result.stdout).toBe('');
        for (const fragment of expected)
          expect(result.stderr).toContain(
            fragment.includes(':') && /^\d/.test(fragment) ? `${file}:${fragment}` : fragment,
          );
        for (const line of result.stderr.trimEnd().split('\n').slice(0, expected.length)) {
          expect(line.startsWith(`${file}:`)).toBe(true);
        }
      }
    },
  );
});
