// One home-folder rule (SPEC C1, issue 29): with HOME relative or empty, `cosh hooks run` and
// `cosh claude-hook` write their caches under the account's home, never into the working folder,
// where `HOME=relhome` once put `relhome/.cache/cosh` (and a project's own `relhome/.config/cosh`
// would have been read as the user's setup.json).
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-home-folder-');

beforeAll(async () => {
  await assertBuilt();
});

describe('the home folder of a run with HOME relative or empty (SPEC C1)', () => {
  it.each([['relhome'], ['']])('C1: HOME=%j: nothing is read or written under the working folder', async (home) => {
    const project = makeFolder();
    await writeFile(
      join(project, 'guard.json'),
      '{"hooks": {"PreToolUse": [{"name": "trivial", "command": "true"}]}}\n',
    );
    // What HOME=relhome would name, were it taken as it is: a user file that denies everything.
    await mkdir(join(project, 'relhome', '.config', 'cosh'), { recursive: true });
    await writeFile(
      join(project, 'relhome', '.config', 'cosh', 'setup.json'),
      '{"hooks": {"PreToolUse": [{"name": "planted", "command": "exit 2"}]}}\n',
    );
    const env = { HOME: home, XDG_CACHE_HOME: undefined, XDG_CONFIG_HOME: undefined, XDG_STATE_HOME: undefined };
    const args = ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command":"ls"}', '--json'];
    const withFile = await runCosh([...args, '--config', 'guard.json', '--no-project'], { cwd: project, env });
    expect(withFile.code, withFile.stderr).toBe(0);
    const byDefault = await runCosh([...args, '--no-project'], { cwd: project, env });
    expect(JSON.parse(byDefault.stdout).hooks.map((hook: { name: string }) => hook.name)).not.toContain('planted');
    expect((await readdir(project)).sort()).toEqual(['guard.json', 'relhome']);
    expect(await readdir(join(project, 'relhome'))).toEqual(['.config']);
    // The cache went where the account's home says.
    expect(await readdir(join(userInfo().homedir, '.cache', 'cosh'))).toContain('validated-setup.json');
  });
});
