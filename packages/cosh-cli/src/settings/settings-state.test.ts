import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseConfig } from '@cosh/config';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeRow, loadSettingsState, type SettingsState, settingsStateOf } from './settings-state.ts';

const makeFolder = temporaryFolders('cosh-settings-state-');

function stateOf(text: string): SettingsState {
  const parsed = parseConfig(text, '/home/ada/setup.json');
  if (!parsed.ok) throw parsed.error;
  return settingsStateOf('/home/ada/setup.json', parsed.config, parsed.warnings, true);
}

function ready(state: SettingsState): Extract<SettingsState, { status: 'ready' }> {
  if (state.status !== 'ready') throw new Error(`expected a ready state, got ${state.status}`);
  return state;
}

describe('settingsStateOf', () => {
  it('C7 C5: the PreToolUse switch first, then its hooks, then PostToolUse and its hooks', () => {
    const state = ready(
      stateOf(`{
        "hooksEnabled": {"PostToolUse": false},
        "hooks": {
          "PostToolUse": [{"command": "log", "enabled": false}],
          "PreToolUse": [{"name": "Guard", "command": "guard", "matcher": "^bash_run$", "timeout": 5}, {"command": "audit"}]
        }
      }`),
    );
    expect(state.rows.map((row) => [row.key, row.enabled])).toEqual([
      ['event:PreToolUse', true],
      ['hook:PreToolUse:["Guard","guard",null]:0', true],
      ['hook:PreToolUse:["audit","audit",null]:0', true],
      ['event:PostToolUse', false],
      ['hook:PostToolUse:["log","log",null]:0', false],
    ]);
    expect(state.rows[0]).toMatchObject({
      kind: 'event',
      hookCount: 2,
      hooks: [
        { name: 'Guard', command: 'guard', url: null },
        { name: 'audit', command: 'audit', url: null },
      ],
    });
    expect(state.rows[1]).toMatchObject({ name: 'Guard', matcher: '^bash_run$', timeout: 5 });
    // C5: a missing name is the command; a missing timeout is 60.
    expect(state.rows[2]).toMatchObject({ name: 'audit', matcher: '', timeout: 60 });
  });

  it('C5: a hook row is known by what it is, not where: the key follows it when a hook is inserted above', () => {
    const before = ready(
      stateOf(
        '{"hooks": {"PreToolUse": [{"name": "Lint", "command": "lint"}, {"name": "Guard", "command": "guard"}]}}',
      ),
    );
    const after = ready(
      stateOf(
        '{"hooks": {"PreToolUse": [{"name": "Lint", "command": "lint"}, {"name": "New", "command": "new"}, {"name": "Guard", "command": "guard"}]}}',
      ),
    );
    const guardBefore = before.rows.find((row) => row.kind === 'hook' && row.identity.name === 'Guard');
    const guardAfter = after.rows.find((row) => row.key === guardBefore?.key);
    expect(guardAfter).toMatchObject({ index: 2, identity: { name: 'Guard', command: 'guard', url: null } });
    // Identical entries (M4 runs only the first) still get a key each.
    const twins = ready(stateOf('{"hooks": {"PreToolUse": [{"command": "x"}, {"command": "x"}]}}'));
    expect(new Set(twins.rows.map((row) => row.key)).size).toBe(twins.rows.length);
  });

  it('M2: an invalid matcher is marked under its hook, with the regex error and the fix', () => {
    const state = ready(stateOf('{"hooks": {"PreToolUse": [{"command": "x", "matcher": "*run"}]}}'));
    expect(state.rows[1]?.kind === 'hook' && state.rows[1].warnings).toEqual([
      '⚠ invalid matcher: "*run" (nothing to repeat), never runs; did you mean ".*run"?',
    ]);
  });

  it('C4: warnings that belong to no hook keep their line and column', () => {
    const state = ready(stateOf('{\n  "hooksEnabled": {\n    "PretoolUse": false\n  }\n}'));
    expect(state.otherWarnings).toHaveLength(1);
    expect(state.otherWarnings[0]).toMatch(/^3:5 .*did you mean PreToolUse\?/);
  });

  it('names and matchers reach the screen as one printable line', () => {
    const state = ready(
      stateOf(
        String.raw`{"hooks": {"PreToolUse": [{"name": "evil\u001b[2J\nname", "command": "x", "matcher": "a\tb"}]}}`,
      ),
    );
    expect(state.rows[1]).toMatchObject({ name: 'evil\\u001b[2J name', matcher: 'a b' });
  });

  it('describes rows the way confirmations name them', () => {
    const state = ready(stateOf('{"hooks": {"PreToolUse": [{"name": "Guard", "command": "x"}]}}'));
    expect(state.rows.map((row) => describeRow(row))).toEqual([
      'PreToolUse hooks',
      'PreToolUse hook "Guard"',
      'PostToolUse hooks',
    ]);
  });
});

describe('loadSettingsState', () => {
  let directory: string;
  beforeAll(() => {
    directory = makeFolder();
  });

  it('C1: a missing file, even one named by --config, shows the defaults: both events on, no hooks', async () => {
    const file = join(directory, 'missing.json');
    const state = ready(await loadSettingsState(file));
    expect(state.exists).toBe(false);
    expect(state.file).toBe(file);
    expect(state.rows).toEqual([
      { kind: 'event', key: 'event:PreToolUse', event: 'PreToolUse', enabled: true, hookCount: 0, hooks: [] },
      { kind: 'event', key: 'event:PostToolUse', event: 'PostToolUse', enabled: true, hookCount: 0, hooks: [] },
    ]);
  });

  it('C6: a file with errors is broken, with every problem and its line:column', async () => {
    const file = join(directory, 'broken.json');
    await writeFile(file, '{"hooks": {"PreToolUse": [{"command": ""}, {"command": "x", "timeout": -1}]}}');
    const state = await loadSettingsState(file);
    expect(state.status).toBe('broken');
    if (state.status !== 'broken') return;
    expect(state.error.problems.filter((problem) => problem.severity === 'error')).toHaveLength(2);
    expect(state.error.problems.every((problem) => problem.line === 1 && problem.column > 1)).toBe(true);
  });

  it('C2: a syntax error is broken too, and a folder is not a config file', async () => {
    const file = join(directory, 'syntax.json');
    await writeFile(file, '{"hooks": ');
    expect((await loadSettingsState(file)).status).toBe('broken');
    expect((await loadSettingsState(directory)).status).toBe('broken');
  });

  it('C5: each hook row knows the line of its entry in the file, its onError and protocol', async () => {
    const file = join(directory, 'lines.json');
    await writeFile(
      file,
      '// mine\n{\n  "hooks": {\n    "PreToolUse": [\n      {"command": "a"},\n\n      {"command": "b", "onError": "deny"}\n    ]\n  }\n}\n',
    );
    const hooks = ready(await loadSettingsState(file)).rows.filter((row) => row.kind === 'hook');
    expect(hooks.map((row) => [row.line, row.onError, row.protocol])).toEqual([
      [5, 'ignore', 'cosh'],
      [7, 'deny', 'cosh'],
    ]);
  });
});
