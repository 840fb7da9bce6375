// SPEC B12 end to end: hooks run outside the sandbox, so a `PATH` entry the agent's shell can write
// (an activated `<project>/.venv/bin`) is left out of their environment. A guard that calls `grep`
// must still deny with a planted `grep` first on `PATH`, in every host; `hooks list` names it.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-hook-path-');

beforeAll(async () => {
  await assertBuilt();
});

/** A home whose guard denies `rm -rf` with grep, and a project whose `.venv/bin/grep` always fails (finds nothing). */
async function world() {
  const home = makeFolder();
  const project = join(home, 'project');
  const venv = join(project, '.venv', 'bin');
  await mkdir(venv, { recursive: true });
  await writeFile(join(venv, 'grep'), '#!/bin/sh\ncat >/dev/null\nexit 1\n');
  await chmod(join(venv, 'grep'), 0o755);
  await mkdir(join(home, '.config', 'cosh'), { recursive: true });
  await writeFile(
    join(home, '.config', 'cosh', 'setup.json'),
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: '^bash_run$',
            command: `grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; }; exit 0`,
          },
        ],
      },
    }),
  );
  const env = { HOME: home, PATH: `${venv}:${process.env['PATH']}` };
  return { home, project, venv, env };
}

describe('PATH of hooks (B12)', () => {
  it('B12: hooks run: the guard still denies rm -rf with a planted grep first on PATH', async () => {
    const w = await world();
    const run = await runCosh(
      [
        'hooks',
        'run',
        'PreToolUse',
        '--tool',
        'bash_run',
        '--input',
        JSON.stringify({ command: 'rm -rf /' }),
        '--json',
      ],
      { cwd: w.project, env: w.env },
    );
    expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny' });
  });

  it('B12: the Claude bridge: the guard still denies rm -rf (the payload cwd is the working tree)', async () => {
    const w = await world();
    const run = await runCosh(['claude-hook'], {
      cwd: w.project,
      env: w.env,
      input: JSON.stringify({
        session_id: 's',
        cwd: w.project,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf /' },
      }),
    });
    expect(JSON.parse(run.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });

  it('B12: hooks list names the removed entry, as text and in --json', async () => {
    const w = await world();
    const text = await runCosh(['hooks', 'list'], { cwd: w.project, env: w.env });
    expect(text.stdout).toMatch(
      new RegExp(`PATH for hooks: without ${w.venv}(, .*)? \\(the agent's shell can write there\\)`),
    );
    const json = await runCosh(['hooks', 'list', '--json'], { cwd: w.project, env: w.env });
    expect(JSON.parse(json.stdout).path_removed).toContain(w.venv);
  });
});
