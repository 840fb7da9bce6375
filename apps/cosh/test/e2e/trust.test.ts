// Trust (SPEC S1–S7, C10) end to end, through the built `cosh` as a user and an agent meet it:
// the agent's commands run without a controlling terminal (`runCosh` starts them in a session of
// their own), the person's in a real pseudo-terminal (node-pty). No COSH_TRUST here: trust is
// what these tests check.
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';
import { coshCommandLine, TerminalSession } from '../__fixtures__/settings-terminal.ts';

const makeFolder = temporaryFolders('cosh-trust-e2e-');

let root: string;
let home: string;
let userDir: string;
let userFile: string;
let store: string;
const sessions: TerminalSession[] = [];

beforeAll(async () => {
  await assertBuilt();
});

beforeEach(async () => {
  root = makeFolder();
  home = join(root, 'home');
  userDir = join(home, '.config', 'cosh');
  userFile = join(userDir, 'setup.json');
  store = join(home, '.local', 'state', 'cosh', 'trust.json');
  await mkdir(userDir, { recursive: true });
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

afterAll(() => {
  for (const session of sessions.splice(0)) session.kill();
});

/** The environment of every run here: this test's home (the default managed file, /etc/cosh/setup.json, is absent here). */
function environment(extra: Record<string, string> = {}): Record<string, string> {
  return { HOME: home, ...extra };
}

/** `cosh …args` as a program (the agent) runs it: no controlling terminal, trust checked. */
function agent(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  return runCosh(args, {
    cwd: options.cwd ?? root,
    env: { ...environment(options.env), COSH_TRUST: undefined } as NodeJS.ProcessEnv,
  });
}

/** `cosh …args` typed by a person in a terminal; resolves with the session and its exit code. */
function person(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const session = new TerminalSession(coshCommandLine(args), {
    cwd: options.cwd ?? root,
    env: environment(options.env),
    columns: 200,
    rows: 50,
  });
  sessions.push(session);
  return session;
}

/** Runs `cosh hooks trust --yes` at a terminal (a person's decision) and waits for its end. */
async function trustAtTerminal(cwd: string = root): Promise<number> {
  const session = person(['hooks', 'trust', '--yes'], { cwd });
  const { exitCode } = await session.exited;
  return exitCode;
}

/** `cosh hooks run PreToolUse --json` for a bash_run call, as the agent's host would run it. */
async function preToolUse(command: string, options: { cwd?: string; env?: Record<string, string> } = {}) {
  const result = await agent(
    ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', JSON.stringify({ command }), '--json'],
    options,
  );
  expect(result.code, result.stderr).toBe(0);
  return { json: JSON.parse(result.stdout), stderr: result.stderr };
}

/** A setup.json whose one PreToolUse hook denies bash_run commands matching `pattern`. */
function guardSetup(pattern: string): string {
  const guard = `grep -q '${pattern}' && { echo 'blocked by the guard' >&2; exit 2; }; exit 0`;
  return `${JSON.stringify({ hooks: { PreToolUse: [{ name: 'guard', matcher: '^bash_run$', command: guard }] } }, null, 2)}\n`;
}

describe('S4/S5: an edit made without a terminal', () => {
  it('S5/S4: the guard still denies (the trusted copy runs); hooks trust in a terminal shows the diff; accepted, the new file runs', async () => {
    await writeFile(userFile, guardSetup('rm -rf'));
    expect(await trustAtTerminal()).toBe(0);
    expect((await preToolUse('rm -rf /')).json.decision).toBe('deny');

    // The agent weakens the guard (any tool that writes files could: bash_run, an editor).
    await writeFile(userFile, guardSetup('nothing-matches-this'));
    const edited = await preToolUse('rm -rf /');
    expect(edited.json.decision).toBe('deny');
    expect(edited.json.reasons).toEqual(['blocked by the guard']);
    expect(edited.stderr).toContain(`cosh: warning: ${userFile} changed since it was trusted`);
    expect(edited.stderr).toContain('cosh hooks trust');

    // Without a terminal nothing can be trusted, --yes or not.
    const refused = await agent(['hooks', 'trust', '--yes']);
    expect(refused.code).toBe(77);
    expect(refused.stderr).toContain('no controlling terminal, so nothing was trusted');
    expect((await preToolUse('rm -rf /')).json.decision).toBe('deny');

    // The person reviews the change in a terminal: the line diff, then y/N.
    const session = person(['hooks', 'trust']);
    await session.waitFor('[y/N]');
    expect(session.screen()).toContain(`user ${userFile}: changed`);
    expect(session.screen()).toMatch(/^ {2}-.*grep -q 'rm -rf'/m);
    expect(session.screen()).toMatch(/^ {2}\+.*grep -q 'nothing-matches-this'/m);
    session.press('y\r');
    expect((await session.exited).exitCode).toBe(0);
    expect(session.screen()).toContain(`Trusted ${userFile}`);

    const accepted = await preToolUse('rm -rf /');
    expect(accepted.json.decision).toBe('none');
    expect(accepted.stderr).toBe('');
  }, 60_000);

  it('S4: n at the prompt keeps the trusted copy running (exit 1)', async () => {
    await writeFile(userFile, guardSetup('rm -rf'));
    expect(await trustAtTerminal()).toBe(0);
    await writeFile(userFile, guardSetup('nothing-matches-this'));
    const session = person(['hooks', 'trust']);
    await session.waitFor('[y/N]');
    session.press('n\r');
    expect((await session.exited).exitCode).toBe(1);
    expect((await preToolUse('rm -rf /')).json.decision).toBe('deny');
  }, 60_000);

  it('S5: a never-trusted user file without a terminal refuses every call with the exact reason', async () => {
    await writeFile(userFile, guardSetup('rm -rf'));
    const reason = `${userFile} is not trusted yet; run cosh hooks trust in a terminal`;
    const run = await preToolUse('ls');
    expect(run.json.decision).toBe('deny');
    expect(run.json.reasons).toEqual([reason]);
    const post = await agent(['hooks', 'run', 'PostToolUse', '--tool', 'bash_run', '--output', 'x', '--json']);
    expect(JSON.parse(post.stdout).reasons).toEqual([reason]);
    const exec = await agent(['exec', 'fs_read', '--input', '{"path": "setup.json"}'], { cwd: userDir });
    expect(exec.code).toBe(2);
    expect(exec.stdout).toBe(`Blocked by hook: ${reason}\n`);
  });
});

describe('S4: trust on first use, and the settings screen', () => {
  it('S4: hooks list at a terminal trusts a new user file on first use, with a notice; from a program it does not', async () => {
    await writeFile(userFile, guardSetup('rm -rf'));
    const fromProgram = await agent(['hooks', 'list']);
    expect(fromProgram.stderr).not.toContain('on first use');
    expect((await preToolUse('rm -rf /')).json.reasons).toEqual([
      `${userFile} is not trusted yet; run cosh hooks trust in a terminal`,
    ]);

    const session = person(['hooks', 'list']);
    expect((await session.exited).exitCode).toBe(0);
    expect(session.screen()).toContain(`cosh: trusted ${userFile} on first use`);
    expect((await preToolUse('rm -rf /')).json.reasons).toEqual(['blocked by the guard']);
  }, 60_000);

  it('S4: exec at a terminal trusts a new user file on first use; its hooks run in that same call', async () => {
    const marker = join(root, 'hook-ran');
    await writeFile(
      userFile,
      JSON.stringify({ hooks: { PreToolUse: [{ name: 'mark', command: `touch '${marker}'` }] } }),
    );
    const session = person(['exec', 'fs_read', '--input', JSON.stringify({ path: userFile })]);
    expect((await session.exited).exitCode).toBe(0);
    expect(session.screen()).toContain('on first use');
    expect(existsSync(marker)).toBe(true);
  }, 60_000);

  it('S4: hooks disable run by the agent (no terminal) leaves the file changed: the guard keeps running; at a terminal it stays trusted', async () => {
    await writeFile(userFile, guardSetup('rm -rf'));
    expect(await trustAtTerminal()).toBe(0);
    const disabled = await agent(['hooks', 'disable', 'PreToolUse']);
    // S4: written, then said that the trusted copy still runs, exit 77 as hooks trust there.
    expect(disabled.code).toBe(77);
    expect(disabled.stderr).toContain(
      `the trusted copy of ${userFile} still runs until a person runs cosh hooks trust`,
    );
    expect(await readFile(userFile, 'utf8')).toContain('"PreToolUse": false');
    const listed = await agent(['hooks', 'list', '--json']);
    expect(JSON.parse(listed.stdout).files).toEqual([{ layer: 'user', path: userFile, trust: 'changed' }]);
    expect((await preToolUse('rm -rf /')).json.decision).toBe('deny');

    // The person turns it back on, then off, at a terminal: the trusted copy follows each toggle.
    await writeFile(userFile, guardSetup('rm -rf'));
    for (const command of ['disable', 'enable', 'disable']) {
      const session = person(['hooks', command, 'PreToolUse']);
      expect((await session.exited).exitCode).toBe(0);
    }
    const after = await agent(['hooks', 'list', '--json']);
    expect(JSON.parse(after.stdout).files).toEqual([{ layer: 'user', path: userFile, trust: 'trusted' }]);
    expect((await preToolUse('rm -rf /')).json.decision).toBe('none');
  }, 60_000);

  it('S4/K6/C10: hooks import --project at a terminal shows the commands and asks y/N: n writes nothing (exit 1), y writes the project file and keeps it trusted', async () => {
    const repository = join(root, 'repo');
    await mkdir(join(repository, '.git'), { recursive: true });
    await mkdir(join(repository, '.cosh'));
    await mkdir(join(repository, '.claude'));
    const projectFile = join(repository, '.cosh', 'setup.json');
    await writeFile(userFile, guardSetup('nothing-matches-this'));
    await writeFile(projectFile, guardSetup('nothing-matches-that'));
    expect(await trustAtTerminal(repository)).toBe(0);
    const command = `grep -q 'rm -rf' && { echo 'claude guard' >&2; exit 2; }; exit 0`;
    const settings = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } };
    await writeFile(join(repository, '.claude', 'settings.json'), JSON.stringify(settings));
    const userBefore = await readFile(userFile, 'utf8');
    const projectBefore = await readFile(projectFile, 'utf8');

    const declined = person(['hooks', 'import', '--from', 'claude', '--project'], { cwd: repository });
    await declined.waitFor('[y/N]');
    expect(declined.screen()).toContain('claude:project:PreToolUse[0].hooks[0]: imported');
    expect(declined.screen()).toContain(`command: ${command}`);
    expect(declined.screen()).toContain(`Import 1 hook into ${projectFile}? [y/N]`);
    declined.press('n\r');
    expect((await declined.exited).exitCode).toBe(1);
    expect(declined.screen()).toContain('not imported: nothing was written');
    expect(await readFile(projectFile, 'utf8')).toBe(projectBefore);

    const accepted = person(['hooks', 'import', '--from', 'claude', '--project'], { cwd: repository });
    await accepted.waitFor('[y/N]');
    accepted.press('y\r');
    expect((await accepted.exited).exitCode).toBe(0);
    expect(accepted.screen()).toContain(`Imported 1 hook into ${projectFile}, trusted`);
    expect(await readFile(projectFile, 'utf8')).toContain('claude:project:PreToolUse[0].hooks[0]');
    expect(await readFile(userFile, 'utf8')).toBe(userBefore);
    const listed = await agent(['hooks', 'list', '--json'], { cwd: repository });
    expect(JSON.parse(listed.stdout).files).toEqual([
      { layer: 'user', path: userFile, trust: 'trusted' },
      { layer: 'project', path: projectFile, trust: 'trusted' },
    ]);
    const blocked = await preToolUse('rm -rf /', { cwd: repository });
    expect(blocked.json.decision).toBe('deny');
    expect(blocked.json.reasons).toEqual(['claude guard']);
  }, 60_000);

  it('S4: t in the settings screen shows the change and y trusts it', async () => {
    await writeFile(userFile, guardSetup('rm -rf'));
    expect(await trustAtTerminal()).toBe(0);
    await writeFile(userFile, guardSetup('nothing-matches-this'));
    const session = person(['settings']);
    await session.waitFor('PreToolUse');
    session.press('t');
    await session.waitFor('y trusts it, n goes back');
    expect(session.screen()).toContain(`Review: user ${userFile}: changed`);
    expect(session.screen()).toContain('nothing-matches-this');
    session.press('y');
    await session.waitFor(`Trusted ${userFile}`);
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
    const accepted = await preToolUse('rm -rf /');
    expect(accepted.json.decision).toBe('none');
    expect(accepted.stderr).toBe('');
  }, 60_000);
});

describe('S2/S5: an edited script', () => {
  it('S5: each hook naming a changed script is a deny with the S5 reason, in both events; the script does not run', async () => {
    const script = join(userDir, 'guard.sh');
    const marker = join(root, 'ran');
    await writeFile(script, '#!/bin/sh\nexit 0\n');
    await chmod(script, 0o755);
    await writeFile(
      userFile,
      JSON.stringify({
        hooks: {
          PreToolUse: [{ name: 'guard', command: '"$COSH_CONFIG_DIR/guard.sh"' }],
          PostToolUse: [{ name: 'guard', command: '"$COSH_CONFIG_DIR/guard.sh"' }],
        },
      }),
    );
    expect(await trustAtTerminal()).toBe(0);
    // R4: COSH_CONFIG_DIR finds the script from any working folder.
    expect((await preToolUse('ls')).json.decision).toBe('none');

    await writeFile(script, `#!/bin/sh\ntouch '${marker}'\necho '{"decision": "allow"}'\n`);
    const reason = `hook 'guard': script ${script} changed since it was trusted (run cosh hooks trust)`;
    const pre = await preToolUse('ls');
    expect(pre.json.decision).toBe('deny');
    expect(pre.json.reasons).toEqual([reason]);
    const post = await agent(['hooks', 'run', 'PostToolUse', '--tool', 'bash_run', '--output', 'x', '--json']);
    expect(JSON.parse(post.stdout).reasons).toEqual([reason]);
    const exec = await agent(['exec', 'bash_run', '--input', '{"command": "echo hi"}', '--permission', 'allow']);
    expect(exec.code).toBe(2);
    expect(exec.stdout).toBe(`Blocked by hook: ${reason}\n`);
    expect(existsSync(marker)).toBe(false);

    // The person sees which script changed and trusts it: it runs again.
    const session = person(['hooks', 'trust']);
    await session.waitFor('[y/N]');
    expect(session.screen()).toContain(`script changed: ${script}`);
    session.press('y\r');
    expect((await session.exited).exitCode).toBe(0);
    expect((await preToolUse('ls')).json.decision).toBe('allow');
    expect(existsSync(marker)).toBe(true);
  }, 60_000);
});

describe('C5/S4: a misspelt matcher', () => {
  it('C5/C6: an unknown hook field is an error (exit 78) that names the fix; hooks trust refuses to trust it; the trusted copy keeps running', async () => {
    const approveReads = (matcherKey: string) =>
      JSON.stringify({
        hooks: {
          PreToolUse: [{ name: 'approve reads', [matcherKey]: '^fs_read$', command: 'echo \'{"decision": "allow"}\'' }],
        },
      });
    await writeFile(userFile, approveReads('matcher'));
    expect(await trustAtTerminal()).toBe(0);
    expect((await preToolUse('rm -rf /')).json.decision).toBe('none');

    // `matchr` would make the hook approve every tool: bash_run included.
    await writeFile(userFile, approveReads('matchr'));
    const validate = await agent(['hooks', 'validate']);
    expect(validate.code).toBe(78);
    expect(validate.stderr).toContain('unknown field "matchr" (did you mean matcher?)');
    // Not trusted, so not used: the trusted copy still approves reads only.
    expect((await preToolUse('rm -rf /')).json.decision).toBe('none');

    const session = person(['hooks', 'trust', '--yes']);
    expect((await session.exited).exitCode).toBe(78);
    expect(session.screen()).toContain('did you mean matcher?');
    expect(session.screen()).toContain('not trusted: fix this error first');
    expect((await preToolUse('rm -rf /')).json.decision).toBe('none');

    // Trusted as it is (COSH_TRUST=all) the file is loaded, and the error stops the load.
    const all = await runCosh(['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--json'], {
      cwd: root,
      env: environment(),
    });
    expect(all.code).toBe(78);
    expect(all.stderr).toContain('did you mean matcher?');
  }, 60_000);
});

describe('C10/S5: a project file in a cloned folder', () => {
  it('S5: a new project file is not run until trusted at a terminal (a warning says so); then it runs', async () => {
    const project = join(root, 'cloned');
    const marker = join(root, 'project-hook-ran');
    await mkdir(join(project, '.git'), { recursive: true });
    await mkdir(join(project, '.cosh'));
    await mkdir(join(project, 'src'));
    const projectFile = join(project, '.cosh', 'setup.json');
    await writeFile(
      projectFile,
      JSON.stringify({ hooks: { PreToolUse: [{ name: 'project hook', command: `touch '${marker}'` }] } }),
    );
    const cwd = join(project, 'src');

    const before = await agent(['exec', 'bash_run', '--input', '{"command": "echo hi"}', '--permission', 'allow'], {
      cwd,
    });
    expect(before.code).toBe(0);
    expect(before.stdout).toBe('hi\n[exit code: 0]\n');
    expect(before.stderr).toContain(projectFile);
    expect(before.stderr).toContain('cosh hooks trust');
    expect(existsSync(marker)).toBe(false);
    const listed = await agent(['hooks', 'list', '--json'], { cwd });
    expect(JSON.parse(listed.stdout).files).toEqual([{ layer: 'project', path: projectFile, trust: 'untrusted' }]);

    expect(await trustAtTerminal(cwd)).toBe(0);
    const after = await agent(['exec', 'bash_run', '--input', '{"command": "echo hi"}', '--permission', 'allow'], {
      cwd,
    });
    expect(after.code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    // C10: --no-project leaves it out.
    await rm(marker);
    await agent(['exec', 'bash_run', '--input', '{"command": "echo hi"}', '--permission', 'allow', '--no-project'], {
      cwd,
    });
    expect(existsSync(marker)).toBe(false);
  }, 60_000);
});

describe('C10/S1: managed policy', () => {
  it('C10: user toggles cannot switch a managed guard off; S1: the managed file is trusted as it is', async () => {
    const managed = join(root, 'managed.json');
    await writeFile(
      managed,
      JSON.stringify({
        hooksEnabled: { PreToolUse: true },
        hooks: {
          PreToolUse: [{ name: 'policy', matcher: '^bash_run$', command: 'echo "policy says no" >&2; exit 2' }],
        },
      }),
    );
    await chmod(managed, 0o644);
    const env = { COSH_MANAGED_CONFIG: managed };
    await writeFile(userFile, '{"hooks": {}}\n');
    expect(await trustAtTerminal()).toBe(0);

    // The person (or the agent) turns PreToolUse off in the user file.
    const disable = person(['hooks', 'disable', 'PreToolUse'], { env });
    expect((await disable.exited).exitCode).toBe(0);
    expect(await readFile(userFile, 'utf8')).toContain('"PreToolUse": false');

    const exec = await agent(['exec', 'bash_run', '--input', '{"command": "echo hi"}', '--permission', 'allow'], {
      env,
    });
    expect(exec.code).toBe(2);
    expect(exec.stdout).toBe('Blocked by hook: policy says no\n');
    expect(exec.stderr).toContain(
      `hooksEnabled.PreToolUse is ignored: the managed file ${managed} sets it to true for every layer`,
    );
    // S1: used without asking; a user other than root who can write it is warned that it then
    // protects nothing (root may write it: that is who should own it).
    const writableWarning = `${managed} is the managed file, but this user can write it`;
    if (process.getuid?.() === 0) expect(exec.stderr).not.toContain(writableWarning);
    else expect(exec.stderr).toContain(writableWarning);
    const listed = await agent(['hooks', 'list', '--json'], { env });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).files).toEqual([
      { layer: 'managed', path: managed, trust: 'managed' },
      { layer: 'user', path: userFile, trust: 'trusted' },
    ]);
  }, 60_000);

  it('C10: allowManagedHooksOnly loads no user hooks (a warning says so)', async () => {
    const managed = join(root, 'managed.json');
    const marker = join(root, 'user-hook-ran');
    await writeFile(managed, JSON.stringify({ allowManagedHooksOnly: true, hooks: {} }));
    await writeFile(
      userFile,
      JSON.stringify({ hooks: { PreToolUse: [{ name: 'mine', command: `touch '${marker}'` }] } }),
    );
    const env = { COSH_MANAGED_CONFIG: managed };
    expect(await trustAtTerminal()).toBe(0);
    const run = await preToolUse('ls', { env });
    expect(run.json.hooks).toEqual([]);
    expect(run.stderr).toContain('allowManagedHooksOnly');
    expect(existsSync(marker)).toBe(false);
  }, 60_000);
});

describe('S7: hooks list --json files', () => {
  it('S7: each file with its layer, path and trust; COSH_TRUST=all makes user and project files env, managed stays managed', async () => {
    const managed = join(root, 'managed.json');
    await writeFile(managed, '{}');
    await mkdir(join(root, '.cosh'));
    const projectFile = join(root, '.cosh', 'setup.json');
    await writeFile(projectFile, '{}');
    await writeFile(userFile, '{}');
    const env = { COSH_MANAGED_CONFIG: managed };
    const checked = await agent(['hooks', 'list', '--json'], { env });
    expect(JSON.parse(checked.stdout).files).toEqual([
      { layer: 'managed', path: managed, trust: 'managed' },
      { layer: 'user', path: userFile, trust: 'untrusted' },
      { layer: 'project', path: projectFile, trust: 'untrusted' },
    ]);
    const all = await runCosh(['hooks', 'list', '--json'], { cwd: root, env: environment(env) });
    expect(JSON.parse(all.stdout).files).toEqual([
      { layer: 'managed', path: managed, trust: 'managed' },
      { layer: 'user', path: userFile, trust: 'env' },
      { layer: 'project', path: projectFile, trust: 'env' },
    ]);
  });
});

describe('S3: the trust store', () => {
  it('S3: a corrupt trust store is an error naming the file and how to reset it; nothing runs, nothing is written', async () => {
    await writeFile(userFile, guardSetup('rm -rf'));
    await mkdir(join(home, '.local', 'state', 'cosh'), { recursive: true });
    await writeFile(store, '{"version": 1, "files": [');
    const run = await agent(['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--json']);
    expect(run.code).toBe(78);
    expect(run.stderr).toContain(store);
    expect(run.stderr).toContain(`mv '${store}' '${store}.broken'`);
    const exec = await agent(['exec', 'bash_run', '--input', '{"command": "echo hi"}', '--permission', 'allow']);
    expect(exec.code).toBe(78);
    expect(exec.stdout).toBe('');
    const session = person(['hooks', 'trust', '--yes']);
    expect((await session.exited).exitCode).toBe(78);
    expect(await readFile(store, 'utf8')).toBe('{"version": 1, "files": [');
  }, 60_000);

  it('S3/C8: processes trusting at once lose no record', async () => {
    const projects = ['a', 'b', 'c', 'd'].map((name) => join(root, name));
    for (const project of projects) {
      await mkdir(join(project, '.cosh'), { recursive: true });
      await writeFile(join(project, '.cosh', 'setup.json'), `{"hooks": {}, "name": "${project}"}`);
    }
    const codes = await Promise.all(projects.map((project) => trustAtTerminal(project)));
    expect(codes).toEqual([0, 0, 0, 0]);
    const listed = await Promise.all(projects.map((project) => agent(['hooks', 'list', '--json'], { cwd: project })));
    expect(listed.map((result) => JSON.parse(result.stdout).files[0].trust)).toEqual([
      'trusted',
      'trusted',
      'trusted',
      'trusted',
    ]);
  }, 60_000);
});

describe('S6: fs_write refuses Cosh own files', () => {
  it('S6: every loaded setup.json, the trust store and a hook script, through symbolic links too, are refused and unchanged', async () => {
    const script = join(userDir, 'guard.sh');
    await writeFile(script, '#!/bin/sh\nexit 0\n');
    await chmod(script, 0o755);
    await writeFile(userFile, JSON.stringify({ hooks: { PreToolUse: [{ name: 'guard', command: `${script}` }] } }));
    await mkdir(join(root, '.cosh'));
    const projectFile = join(root, '.cosh', 'setup.json');
    await writeFile(projectFile, '{}');
    expect(await trustAtTerminal()).toBe(0);
    await symlink(userDir, join(root, 'config-link'));
    await symlink(join(home, '.local', 'state', 'cosh'), join(root, 'state-link'));

    const write = (path: string) =>
      agent(['exec', 'fs_write', '--input', JSON.stringify({ path, content: '{}' }), '--permission', 'allow']);
    for (const target of [
      userFile,
      projectFile,
      store,
      script,
      'config-link/setup.json',
      'state-link/trust.json',
      '.cosh/../.cosh/setup.json',
    ]) {
      const result = await write(target);
      expect(result.code, `${target}: ${result.stderr}`).toBe(1);
      expect(result.stdout).toContain("is one of Cosh's own files");
    }
    expect(JSON.parse(await readFile(userFile, 'utf8')).hooks.PreToolUse[0].name).toBe('guard');
    expect(await readFile(projectFile, 'utf8')).toBe('{}');
    expect(await readFile(script, 'utf8')).toBe('#!/bin/sh\nexit 0\n');
    // Any other file is written as before.
    expect((await write('notes.txt')).code).toBe(0);
  }, 60_000);
});

describe('S4: hooks and bash_run have no controlling terminal', () => {
  it('S4: run from a terminal, a hook and a bash_run command cannot open /dev/tty, so they cannot answer a trust prompt', async () => {
    const probe = (name: string) =>
      `if (exec 3<>/dev/tty) 2>/dev/null; then echo opened > '${join(root, name)}'; else echo refused > '${join(root, name)}'; fi`;
    await writeFile(userFile, JSON.stringify({ hooks: { PreToolUse: [{ name: 'probe', command: probe('hook') }] } }));
    expect(await trustAtTerminal()).toBe(0);
    // The same probe run straight in the terminal opens it: the test can tell the two apart.
    const control = new TerminalSession(probe('control'), { cwd: root });
    sessions.push(control);
    await control.exited;
    expect(await readFile(join(root, 'control'), 'utf8')).toBe('opened\n');
    const session = person([
      'exec',
      'bash_run',
      '--input',
      JSON.stringify({ command: probe('bash_run') }),
      '--permission',
      'allow',
    ]);
    expect((await session.exited).exitCode).toBe(0);
    // cosh itself had the terminal (the person's); what it started did not.
    expect(await readFile(join(root, 'hook'), 'utf8')).toBe('refused\n');
    expect(await readFile(join(root, 'bash_run'), 'utf8')).toBe('refused\n');
  }, 60_000);
});
