import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, setEventEnabled, setHookEnabled } from './index.ts';

const makeFolder = temporaryFolders('cosh-config-toggles-');

// The package's toggles load the writer on their first call; write-config.test.ts covers the
// writer itself, these check that the entry points reach it and pass its results and errors on.

let directory: string;

beforeEach(() => {
  directory = makeFolder();
});

async function fileWith(text: string): Promise<string> {
  const file = join(directory, 'setup.json');
  await writeFile(file, text);
  return file;
}

describe('the toggles of the package entry', () => {
  it('C7/C8: setEventEnabled changes only hooksEnabled, comments kept', async () => {
    const file = await fileWith('{\n  // mine\n  "hooks": {"PreToolUse": [{"command": "true"}]}\n}\n');
    expect(await setEventEnabled(file, 'PreToolUse', false)).toEqual({
      file,
      changed: true,
      created: false,
      previous: true,
    });
    const text = await readFile(file, 'utf8');
    expect(text).toContain('// mine');
    expect((await loadConfig({ path: file })).config.hooksEnabled).toEqual({
      PreToolUse: false,
      PostToolUse: true,
      UserPromptSubmit: true,
      SessionStart: true,
      Stop: true,
      SessionEnd: true,
    });
  });

  it('C5/C8: setHookEnabled turns one hook off', async () => {
    const file = await fileWith('{"hooks": {"PostToolUse": [{"command": "a"}, {"command": "b"}]}}');
    expect(await setHookEnabled(file, 'PostToolUse', 1, false)).toEqual({
      file,
      changed: true,
      created: false,
      previous: true,
    });
    const hooks = (await loadConfig({ path: file })).config.hooks.PostToolUse;
    expect(hooks.map((hook) => hook.enabled)).toEqual([true, false]);
  });

  it('D1/C8: setHookEnabled turns a rule hook off, checked against the rule the person saw', async () => {
    const rule = '{"field": "command", "contains": "rm", "decision": "deny"}';
    const file = await fileWith(`{"hooks": {"PreToolUse": [{"rule": ${rule}}, {"name": "b", "rule": ${rule}}]}}`);
    const [first] = (await loadConfig({ path: file })).config.hooks.PreToolUse;
    const expected = { name: first?.name ?? '', command: null, url: null };
    expect((await setHookEnabled(file, 'PreToolUse', 0, false, { expected })).changed).toBe(true);
    const hooks = (await loadConfig({ path: file })).config.hooks.PreToolUse;
    expect(hooks.map((hook) => [hook.name, hook.enabled])).toEqual([
      ['command contains "rm" → deny', false],
      ['b', true],
    ]);
  });

  it('C8: a file that does not parse is a ConfigError and stays as it was', async () => {
    const file = await fileWith('{"hooks": ');
    const error = await setEventEnabled(file, 'PreToolUse', false).catch((reason: unknown) => reason);
    expect(ConfigError.isInstance(error) && error.code).toBe('E_CONFIG_SYNTAX');
    expect(await readFile(file, 'utf8')).toBe('{"hooks": ');
  });
});
