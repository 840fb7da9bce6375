import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../__fixtures__/run-in-process.ts';
import type { HooksExplainJson } from './hooks-explain.ts';

const makeFolder = temporaryFolders('cosh-cli-explain-');

let directory: string;
let file: string;

beforeEach(() => {
  directory = makeFolder();
  file = join(directory, 'setup.json');
});

async function explain(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const result = await runInProcess(['hooks', 'explain', ...args, '--config', file, '--json'], { cwd: directory, env });
  expect(result.code, result.stderr).toBe(0);
  const json = JSON.parse(result.stdout) as HooksExplainJson;
  expect(Object.keys(json)).toEqual(['event', 'tool_name', 'paths', 'hooks']);
  for (const hook of json.hooks) expect(Object.keys(hook)).toEqual(['name', 'layer', 'file', 'selected', 'reason']);
  return json;
}

const everyReason = {
  hooksEnabled: { PostToolUse: false },
  hooks: {
    PreToolUse: [
      { name: 'guard', matcher: '^bash_run$', command: './guard.sh' },
      { name: 'files', matcher: '^fs_(write|edit)$', command: './files.sh' },
      { name: 'again', matcher: 'bash', command: './guard.sh' },
      { name: 'broken', matcher: '(', command: 'true' },
      { name: 'off', enabled: false, command: 'true' },
      { name: 'no rm', matcher: '^bash_run$', rule: { field: 'command', regex: 'rm\\s+-rf', decision: 'deny' } },
      { name: 'claude', protocol: 'claude', matcher: 'Read', command: 'true' },
    ],
    PostToolUse: [{ name: 'log', command: 'true' }],
  },
};

describe('cosh hooks explain (X)', () => {
  it('X: every hook with whether it runs and exactly why not: matcher, invalid matcher, deduplicated, hook off, Claude matcher', async () => {
    await writeFile(file, JSON.stringify(everyReason));
    const json = await explain(['PreToolUse', '--tool', 'bash_run', '--input', '{"command": "rm -rf /"}']);
    expect(json.event).toBe('PreToolUse');
    expect(json.tool_name).toBe('bash_run');
    // F3: the touched paths of the call: `rm -rf /` touches `/`.
    expect(json.paths).toEqual(['/']);
    expect(json.hooks.map((hook) => [hook.name, hook.selected, hook.reason])).toEqual([
      ['guard', true, null],
      ['files', false, 'matcher "^fs_(write|edit)$" does not match "bash_run"'],
      [
        'again',
        false,
        `deduplicated: the same hook as "guard" (user file ${file}, hooks.PreToolUse[0]), which runs instead`,
      ],
      ['broken', false, expect.stringMatching(/^invalid matcher "\(" .*: this hook never runs$/)],
      ['off', false, 'hook off: "enabled": false'],
      ['no rm', true, null],
      ['claude', false, 'matcher "Read" (Claude\'s rules) does not match "Bash", the Claude name of "bash_run"'],
    ]);
    expect(json.hooks.every((hook) => hook.layer === 'user' && hook.file === file)).toBe(true);
  });

  it('X/C7: an event turned off', async () => {
    await writeFile(file, JSON.stringify(everyReason));
    const json = await explain(['PostToolUse', '--tool', 'bash_run']);
    expect(json.hooks).toEqual([
      { name: 'log', layer: 'user', file, selected: false, reason: 'event off: hooksEnabled.PostToolUse is false' },
    ]);
  });

  it('X/S5: a project file that is not trusted is listed with that reason; nothing runs', async () => {
    await writeFile(file, JSON.stringify({ hooks: { PreToolUse: [{ name: 'mine', command: 'touch ran' }] } }));
    await mkdir(join(directory, '.git'));
    await mkdir(join(directory, '.cosh'));
    const project = join(directory, '.cosh', 'setup.json');
    await writeFile(project, JSON.stringify({ hooks: { PreToolUse: [{ name: 'repo', command: 'touch ran' }] } }));
    const state = join(directory, 'state');
    const json = await explain(['PreToolUse', '--tool', 'bash_run'], {
      COSH_TRUST: undefined,
      XDG_STATE_HOME: state,
    });
    expect(json.hooks.map((hook) => [hook.name, hook.layer, hook.selected, hook.reason])).toEqual([
      [
        'mine',
        'user',
        false,
        expect.stringMatching(/^file not trusted: .*setup\.json is not loaded \(run cosh hooks trust\)$/),
      ],
      ['repo', 'project', false, `file not trusted: ${project} is not loaded (run cosh hooks trust)`],
    ]);
  });

  it('X: the output for people says which hooks run and why the others do not', async () => {
    await writeFile(file, JSON.stringify(everyReason));
    const result = await runInProcess(['hooks', 'explain', 'PreToolUse', '--tool', 'fs_write', '--config', file], {
      cwd: directory,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('PreToolUse for fs_write: 1 of 7 hooks run\n');
    expect(result.stdout).toContain(`  runs  files  (user ${file})\n`);
    expect(result.stdout).toContain(
      `  no    guard  (user ${file})\n        matcher "^bash_run$" does not match "fs_write"\n`,
    );
  });

  it('X: bad usage is exit 64 with a hint: a missing --tool, an unknown event, an input that is not an object', async () => {
    await writeFile(file, '{}');
    for (const [args, message] of [
      [['PreToolUse'], "required option '--tool <name>' not specified"],
      [['PretoolUse', '--tool', 'x'], "unknown event 'PretoolUse' (did you mean PreToolUse?)"],
      [['PreToolUse', '--tool', 'x', '--input', '[1]'], '--input must be a JSON object'],
    ] as const) {
      const result = await runInProcess(['hooks', 'explain', ...args, '--config', file], { cwd: directory });
      expect(result.code).toBe(64);
      expect(result.stderr).toContain(message);
    }
  });

  it('X/C6: a config that does not load is exit 78 with its problems', async () => {
    await writeFile(
      file,
      '{"hooks": {"PreToolUse": [{"rule": {"field": "command", "regex": "(", "decision": "deny"}}]}}',
    );
    const result = await runInProcess(['hooks', 'explain', 'PreToolUse', '--tool', 'x', '--config', file], {
      cwd: directory,
    });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain(
      `${file}:1:66: error: hooks.PreToolUse[0].rule.regex: "(" is not a valid regular expression`,
    );
  });
});
