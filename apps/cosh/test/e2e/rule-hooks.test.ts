// Rule hooks (D1, D2) and `cosh hooks explain` (X) through the built binary, as a user runs them.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-rule-hooks-');

let directory: string;
let config: string;

beforeAll(assertBuilt);

beforeEach(() => {
  directory = makeFolder();
  config = join(directory, 'setup.json');
});

const guards = `{
  "hooks": {
    "PreToolUse": [
      {
        "name": "Block rm -rf",
        "matcher": "^bash_run$",
        "rule": {"field": "command", "regex": "\\\\brm\\\\s+-rf", "decision": "deny", "reason": "rm -rf is not allowed"},
        "onError": "deny"
      },
      {"name": "Secrets", "matcher": "^fs_(write|edit)$", "rule": {"field": "path", "glob": ".env", "decision": "ask"}},
      {"name": "Tests", "matcher": "^bash_run$", "rule": {"field": "command", "contains": "git commit", "decision": "context", "context": "run the tests first"}}
    ]
  }
}
`;

describe('rule hooks through cosh (D1, D2)', () => {
  it('D1/D2: hooks run --json reports a rule with kind rule and exit_code null, and its verdict', async () => {
    await writeFile(config, guards);
    const denied = await runCosh(
      [
        'hooks',
        'run',
        'PreToolUse',
        '--tool',
        'bash_run',
        '--input',
        '{"command": "rm -rf /"}',
        '--config',
        config,
        '--json',
      ],
      { cwd: directory },
    );
    expect(denied.code, denied.stderr).toBe(0);
    const json = JSON.parse(denied.stdout);
    expect(json).toMatchObject({ decision: 'deny', reasons: ['rm -rf is not allowed'] });
    expect(json.hooks).toEqual([
      expect.objectContaining({
        name: 'Block rm -rf',
        outcome: 'deny',
        exit_code: null,
        kind: 'rule',
        deduplicated: false,
      }),
      expect.objectContaining({ name: 'Tests', outcome: 'none', exit_code: null, kind: 'rule' }),
    ]);
    expect(typeof json.hooks[0].duration_ms).toBe('number');

    const context = await runCosh(
      [
        'hooks',
        'run',
        'PreToolUse',
        '--tool',
        'bash_run',
        '--input',
        '{"command": "git commit -m x"}',
        '--config',
        config,
        '--json',
      ],
      { cwd: directory },
    );
    expect(JSON.parse(context.stdout)).toMatchObject({ decision: 'none', context: 'run the tests first' });
    const ask = await runCosh(
      [
        'hooks',
        'run',
        'PreToolUse',
        '--tool',
        'fs_write',
        '--input',
        '{"path": "/app/.env", "content": ""}',
        '--config',
        config,
        '--exit-code',
      ],
      { cwd: directory },
    );
    expect(ask.code).toBe(0);
    expect(ask.stdout).toContain('Decision: ask');
  });

  it('D1: cosh exec blocks a call with a rule, and the tool never runs', async () => {
    await writeFile(config, guards);
    const blocked = await runCosh(
      [
        'exec',
        'bash_run',
        '--input',
        `{"command": "rm -rf ${join(directory, 'x')} && touch ${join(directory, 'ran')}"}`,
        '--config',
        config,
      ],
      { cwd: directory, env: { COSH_SANDBOX: 'off' } },
    );
    expect({ code: blocked.code, stdout: blocked.stdout }).toEqual({
      code: 2,
      stdout: 'Blocked by hook: rm -rf is not allowed\n',
    });
  });

  it('D1/C6: an invalid rule stops the load with file:line:col, nothing loaded (validate 78, run 78)', async () => {
    await writeFile(
      config,
      '{\n  "hooks": {"PreToolUse": [\n    {"rule": {"field": "path", "glob": "src/[ab", "decision": "block"}}\n  ]}\n}\n',
    );
    const validate = await runCosh(['hooks', 'validate', '--config', config], { cwd: directory });
    expect(validate.code).toBe(78);
    expect(validate.stdout + validate.stderr).toContain(
      `${config}:3:40: error: hooks.PreToolUse[0].rule.glob: "src/[ab" is not a valid glob (Missing closing: "]", at offset 4 of the glob)`,
    );
    expect(validate.stdout + validate.stderr).toContain(
      `${config}:3:63: error: hooks.PreToolUse[0].rule.decision must be one of`,
    );
    const run = await runCosh(['hooks', 'run', 'PreToolUse', '--tool', 'fs_write', '--config', config, '--json'], {
      cwd: directory,
    });
    expect(run.code).toBe(78);
    expect(run.stdout).toBe('');
  });

  it('D2: hooks list shows the kind rule and the rule', async () => {
    await writeFile(config, guards);
    const listed = await runCosh(['hooks', 'list', '--config', config, '--json'], { cwd: directory });
    const hooks = JSON.parse(listed.stdout).events[0].hooks;
    expect(hooks[0]).toMatchObject({
      kind: 'rule',
      command: null,
      rule: { field: 'command', regex: '\\brm\\s+-rf', decision: 'deny', reason: 'rm -rf is not allowed' },
    });
    const human = await runCosh(['hooks', 'list', '--config', config], { cwd: directory });
    expect(human.stdout).toMatch(/Block rm -rf .* \(rule\) command regex/);
  });
});

describe('cosh hooks explain (X)', () => {
  it('X: --json gives every hook with selected and reason; nothing runs', async () => {
    await writeFile(
      config,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { name: 'guard', matcher: '^bash_run$', command: `touch ${join(directory, 'ran')}` },
            { name: 'files', matcher: '^fs_', command: 'true' },
            { name: 'again', command: `touch ${join(directory, 'ran')}` },
            { name: 'off', enabled: false, command: 'true' },
            { name: 'broken', matcher: '(', command: 'true' },
            { name: 'rule', rule: { field: 'command', contains: 'rm', decision: 'deny' } },
          ],
        },
      }),
    );
    const result = await runCosh(
      [
        'hooks',
        'explain',
        'PreToolUse',
        '--tool',
        'bash_run',
        '--input',
        '{"command": "rm x"}',
        '--config',
        config,
        '--json',
      ],
      { cwd: directory },
    );
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(Object.keys(json)).toEqual(['event', 'tool_name', 'paths', 'hooks']);
    expect(json).toMatchObject({ event: 'PreToolUse', tool_name: 'bash_run' });
    expect(
      json.hooks.map((hook: { name: string; selected: boolean; reason: string | null }) => [
        hook.name,
        hook.selected,
        hook.reason,
      ]),
    ).toEqual([
      ['guard', true, null],
      ['files', false, 'matcher "^fs_" does not match "bash_run"'],
      [
        'again',
        false,
        `deduplicated: the same hook as "guard" (user file ${config}, hooks.PreToolUse[0]), which runs instead`,
      ],
      ['off', false, 'hook off: "enabled": false'],
      ['broken', false, expect.stringMatching(/^invalid matcher "\(" /)],
      ['rule', true, null],
    ]);
    expect(json.hooks[0]).toEqual({ name: 'guard', layer: 'user', file: config, selected: true, reason: null });
    // Nothing ran: the guard would have created the file.
    const listing = await runCosh(['hooks', 'list', '--config', config, '--json'], { cwd: directory });
    expect(listing.code).toBe(0);
    const { existsSync } = await import('node:fs');
    expect(existsSync(join(directory, 'ran'))).toBe(false);
  });

  it('X/S5/C7: an untrusted project file and an event turned off, with the reasons for people', async () => {
    await writeFile(
      config,
      JSON.stringify({
        hooksEnabled: { PostToolUse: false },
        hooks: { PostToolUse: [{ name: 'log', command: 'true' }] },
      }),
    );
    await mkdir(join(directory, '.git'));
    await mkdir(join(directory, '.cosh'));
    const project = join(directory, '.cosh', 'setup.json');
    await writeFile(project, JSON.stringify({ hooks: { PostToolUse: [{ name: 'repo', command: 'true' }] } }));
    // Trust checked (no COSH_TRUST): the user file is trusted by COSH_TRUST only in the other tests.
    const result = await runCosh(['hooks', 'explain', 'PostToolUse', '--tool', 'fs_read', '--config', config], {
      cwd: directory,
      env: { COSH_TRUST: undefined, XDG_STATE_HOME: join(directory, 'state') },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('PostToolUse for fs_read: 0 of 2 hooks run');
    expect(result.stdout).toContain('file not trusted');
    expect(result.stdout).toContain(
      `  no    repo  (project ${project})\n        file not trusted: ${project} is not loaded (run cosh hooks trust)\n`,
    );
  });

  it('X: --help has examples; bad usage exits 64', async () => {
    const help = await runCosh(['hooks', 'explain', '--help'], { cwd: directory });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('cosh hooks explain PreToolUse --tool bash_run');
    const usage = await runCosh(['hooks', 'explain', 'PreToolUse'], { cwd: directory });
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain("required option '--tool <name>' not specified");
  });
});
