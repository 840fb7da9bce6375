import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import type { ConfigProblem } from './config-types.ts';
import { loadHooks } from './load-hooks.ts';
import { parseConfig } from './parse-config.ts';

const userFile = '/home/user/.config/cosh/setup.json';
const makeFolder = temporaryFolders('cosh-config-sandbox-');

function problems(text: string, layer: 'user' | 'project' | 'managed' = 'user'): string[] {
  const result = parseConfig(text, userFile, { layer });
  return result.ok ? [] : result.error.problems.map((problem: ConfigProblem) => problem.message);
}

describe('B5 the sandbox key', () => {
  it('B5: mode, writable and network are accepted in the user file', () => {
    const result = parseConfig(
      '{"sandbox": {"mode": "required", "writable": ["~/.npm"], "network": false}}',
      userFile,
      {
        layer: 'user',
      },
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.settings.sandbox).toEqual({ mode: 'required', writable: ['~/.npm'], network: false });
  });

  it('C5/B5: anything else inside sandbox is an error naming the closest field', () => {
    expect(problems('{"sandbox": {"writeable": []}}')).toEqual([
      'sandbox: unknown field "writeable" (did you mean writable?)',
    ]);
    expect(problems('{"sandbox": {"paths": []}}')).toEqual([
      'sandbox: unknown field "paths" (known fields: mode, writable, network, unixSockets)',
    ]);
  });

  it('C5/B5: wrong types and values are errors', () => {
    expect(problems('{"sandbox": {"mode": "strict"}}')).toEqual([
      'sandbox.mode must be "auto", "required", "off", got the string "strict"',
    ]);
    expect(problems('{"sandbox": {"mode": "requird"}}')[0]).toContain('(did you mean "required"?)');
    expect(problems('{"sandbox": {"network": "false"}}')[0]).toContain('(write it without quotes: false)');
    expect(problems('{"sandbox": {"writable": "~/.npm"}}')[0]).toContain('must be an array of folder paths');
    expect(problems('{"sandbox": {"writable": [1]}}')[0]).toContain('must be a string (a folder path)');
    expect(problems('{"sandbox": true}')[0]).toContain('sandbox must be an object');
  });

  it('C5: a near miss of sandbox (sandbx, Sandbox) is an error', () => {
    expect(problems('{"sandbx": {"mode": "off"}}')).toEqual(['"sandbx" is not a Cosh setting (did you mean sandbox?)']);
    expect(problems('{"Sandbox": {}}')).toEqual(['"Sandbox" is not a Cosh setting (did you mean sandbox?)']);
  });

  it('B5/C6: a project file cannot set sandbox', () => {
    expect(problems('{"sandbox": {"mode": "off"}}', 'project')).toEqual([
      '"sandbox" cannot be set in a project file: only the user or managed file sets the sandbox of bash_run',
    ]);
    expect(problems('{"sandbox": {"mode": "off"}}', 'managed')).toEqual([]);
  });

  it('B5: the managed value wins field by field; ~/ is the home folder; defaults auto, no extra folders, network on', async () => {
    const root = makeFolder();
    const home = join(root, 'home');
    await mkdir(join(home, '.config', 'cosh'), { recursive: true });
    const managed = join(root, 'managed.json');
    const env = { HOME: home, COSH_MANAGED_CONFIG: managed, COSH_TRUST: 'all' };
    await writeFile(managed, '{}');
    expect((await loadHooks({ cwd: root, env })).sandbox).toEqual({
      mode: 'auto',
      writable: [],
      network: true,
      unixSockets: false,
    });
    await writeFile(
      join(home, '.config', 'cosh', 'setup.json'),
      '{"sandbox": {"mode": "off", "writable": ["~/.npm", "/opt/x"]}}',
    );
    await writeFile(managed, '{"sandbox": {"mode": "required", "network": false}}');
    expect((await loadHooks({ cwd: root, env })).sandbox).toEqual({
      mode: 'required',
      writable: [join(home, '.npm'), '/opt/x'],
      network: false,
      unixSockets: false,
    });
  });

  it('B14/C5: unixSockets (true or false) is read from the user and managed files, managed winning; a project file cannot set it', async () => {
    expect(problems('{"sandbox": {"unixSockets": true}}')).toEqual([]);
    expect(problems('{"sandbox": {"unixSockets": "true"}}')[0]).toContain('(write it without quotes: true)');
    expect(problems('{"sandbox": {"unixSocket": true}}')).toEqual([
      'sandbox: unknown field "unixSocket" (did you mean unixSockets?)',
    ]);
    expect(problems('{"sandbox": {"unixSockets": true}}', 'project')).toEqual([
      '"sandbox" cannot be set in a project file: only the user or managed file sets the sandbox of bash_run',
    ]);
    const root = makeFolder();
    const home = join(root, 'home');
    await mkdir(join(home, '.config', 'cosh'), { recursive: true });
    const managed = join(root, 'managed.json');
    const env = { HOME: home, COSH_MANAGED_CONFIG: managed, COSH_TRUST: 'all' };
    await writeFile(join(home, '.config', 'cosh', 'setup.json'), '{"sandbox": {"unixSockets": true}}');
    await writeFile(managed, '{}');
    expect((await loadHooks({ cwd: root, env })).sandbox.unixSockets).toBe(true);
    await writeFile(managed, '{"sandbox": {"unixSockets": false}}');
    expect((await loadHooks({ cwd: root, env })).sandbox.unixSockets).toBe(false);
  });
});
