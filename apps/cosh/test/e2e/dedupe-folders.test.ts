// SPEC M4 end to end: identical commands dedupe only when their files sit in the same folder. The
// same `"$COSH_CONFIG_DIR/guard.sh"` in the user file and in a project file names two scripts
// (R4), so both run: dropping the project's would switch its guard off.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-dedupe-folders-e2e-');

beforeAll(async () => {
  await assertBuilt();
});

async function script(folder: string, body: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'guard.sh'), `#!/bin/sh\n${body}\n`);
  await chmod(join(folder, 'guard.sh'), 0o755);
}

describe('M4: dedupe keys on the folder of the file', () => {
  it('M4: the same "$COSH_CONFIG_DIR/guard.sh" in the user and a project file is two hooks: the project guard denies', async () => {
    const root = makeFolder();
    const userDir = join(root, '.config', 'cosh');
    const project = join(root, 'repo');
    await mkdir(join(project, '.git'), { recursive: true });
    await script(userDir, 'exit 0');
    await script(join(project, '.cosh'), "echo 'project guard says no' >&2; exit 2");
    const command = '"$COSH_CONFIG_DIR/guard.sh"';
    for (const [folder, name] of [
      [userDir, 'user guard'],
      [join(project, '.cosh'), 'project guard'],
    ] as const) {
      await writeFile(join(folder, 'setup.json'), JSON.stringify({ hooks: { PreToolUse: [{ name, command }] } }));
    }

    // runCosh: HOME is `cwd`'s root here, COSH_TRUST=all (no terminal in this test).
    const run = await runCosh(
      ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command":"ls"}', '--json'],
      {
        cwd: project,
        env: { HOME: root },
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as {
      decision: string;
      reasons: string[];
      hooks: { name: string; deduplicated: boolean }[];
    };
    expect(json.decision).toBe('deny');
    expect(json.reasons).toEqual(['project guard says no']);
    expect(json.hooks.map((hook) => [hook.name, hook.deduplicated])).toEqual([
      ['user guard', false],
      ['project guard', false],
    ]);

    // The same command twice in one file is still one hook.
    await writeFile(
      join(project, '.cosh', 'setup.json'),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { name: 'project guard', command },
            { name: 'again', command },
          ],
        },
      }),
    );
    const once = await runCosh(
      ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command":"ls"}', '--json'],
      {
        cwd: project,
        env: { HOME: root },
      },
    );
    const hooks = (JSON.parse(once.stdout) as { hooks: { name: string; deduplicated: boolean }[] }).hooks;
    expect(hooks.map((hook) => [hook.name, hook.deduplicated])).toEqual([
      ['user guard', false],
      ['project guard', false],
      ['again', true],
    ]);
  }, 60_000);
});
