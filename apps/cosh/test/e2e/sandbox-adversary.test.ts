// The agent as an attacker (issue 27): it has only tool calls (`cosh exec bash_run`, `cosh mcp
// serve`), no terminal of its own, and tries to switch a trusted guard off. With a real
// bubblewrap every attack fails (SPEC B1–B6, S4); with `COSH_SANDBOX=off` the same attack works,
// which is what B is for (those cases are named "unsandboxed:" and expect the attack to succeed).
// The guard: a user file, trusted at a terminal, whose PreToolUse hook runs `guard.sh`, which
// sources `lib.sh` beside it and denies any bash_run naming "forbidden".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { chmod, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hasBubblewrap, hasLandlock, isProcessAlive, temporaryFolders, waitUntil } from '@cosh/test-utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin, runCosh } from '../__fixtures__/cli-run.ts';
import { startMcpSession } from '../__fixtures__/mcp-session.ts';
import { coshCommandLine, TerminalSession } from '../__fixtures__/settings-terminal.ts';

const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;
const hasPython = spawnSync('python3', ['-c', 'import pty'], { stdio: 'ignore' }).status === 0;
const makeFolder = temporaryFolders('cosh-sandbox-adversary-');
const readOnlyError = "is read-only here: trust and toggles are changed outside the agent's sandbox";

let root: string;
let home: string;
let userDir: string;
let userFile: string;
let store: string;
let project: string;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  await assertBuilt();
});

beforeEach(async () => {
  root = makeFolder();
  home = join(root, 'home');
  userDir = join(home, '.config', 'cosh');
  userFile = join(userDir, 'setup.json');
  store = join(home, '.local', 'state', 'cosh', 'trust.json');
  project = join(root, 'project');
  await mkdir(userDir, { recursive: true });
  await mkdir(project);
  spawnSync('git', ['init', '-q', project]);
  await writeFile(join(userDir, 'lib.sh'), 'deny() { echo "$1" >&2; exit 2; }\n');
  await writeFile(
    join(userDir, 'guard.sh'),
    '#!/bin/sh\n. "$(dirname "$0")/lib.sh"\ngrep -q forbidden && deny "no forbidden commands"\nexit 0\n',
  );
  await chmod(join(userDir, 'guard.sh'), 0o755);
  await writeFile(
    userFile,
    JSON.stringify({
      hooks: { PreToolUse: [{ name: 'guard', matcher: '^bash_run$', command: '"$COSH_CONFIG_DIR/guard.sh"' }] },
    }),
  );
  // A person trusts it at a terminal, as the user would.
  const person = new TerminalSession(coshCommandLine(['hooks', 'trust', '--yes']), {
    cwd: project,
    env: { HOME: home },
  });
  cleanups.push(() => person.kill());
  expect((await person.exited).exitCode).toBe(0);
  expect(existsSync(store)).toBe(true);
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

type Sandbox = 'default' | 'off';

/** The environment of the agent's `cosh`: trust checked, the sandbox in its default mode or off. */
function agentEnv(sandbox: Sandbox, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { HOME: home, COSH_TRUST: undefined, COSH_SANDBOX: sandbox === 'off' ? 'off' : undefined, ...extra };
}

/** One `bash_run` the agent makes (the guard lets it through: it names nothing forbidden). */
async function attack(command: string, sandbox: Sandbox) {
  const result = await runCosh(['exec', 'bash_run', '--input', JSON.stringify({ command }), '--permission', 'allow'], {
    cwd: project,
    env: agentEnv(sandbox),
  });
  expect(result.stderr).not.toContain('is not trusted yet');
  return result;
}

/** What the guard answers now for a forbidden command, as a host would ask it. */
async function guardDecision(): Promise<string> {
  const result = await runCosh(
    ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command":"forbidden"}', '--json'],
    { cwd: project, env: agentEnv('default') },
  );
  return (JSON.parse(result.stdout) as { decision: string }).decision;
}

/** The files that decide the guard, as bytes: none may change under an attack. */
async function guardState(): Promise<string[]> {
  return Promise.all(
    [userFile, join(userDir, 'guard.sh'), join(userDir, 'lib.sh'), store].map((path) => readFile(path, 'utf8')),
  );
}

const cosh = `${JSON.stringify(process.execPath)} ${JSON.stringify(coshBin)}`;

describe.skipIf(!hasBubblewrap)('the agent against its guards, with a real bubblewrap (B1–B6, S4)', () => {
  it('B1/S4: a rewritten setup.json plus `script` (a fake terminal) for `hooks trust --yes` fails: read-only, trust refused', async () => {
    if (!hasScript) return;
    const before = await guardState();
    const result = await attack(
      `printf '{}' > "$HOME/.config/cosh/setup.json"; echo "write:$?"; script -qec '${cosh} hooks trust --yes' /dev/null; echo "trust:$?"`,
      'default',
    );
    expect(result.stdout).toMatch(/write:[12]\n/);
    expect(result.stdout).toContain('Read-only file system');
    expect(result.stdout).toContain(`cosh: ${store} ${readOnlyError}`);
    expect(result.stdout).toContain('trust:1');
    expect(await guardState()).toEqual(before);
    expect(await guardDecision()).toBe('deny');
  }, 60_000);

  it('S4: `hooks disable PreToolUse` under python pty.fork() fails with exit 1 and the read-only message', async () => {
    if (!hasPython) return;
    const before = await guardState();
    const result = await attack(
      `python3 -c 'import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)' ${cosh} hooks disable PreToolUse; echo "disable:$?"`,
      'default',
    );
    expect(result.stdout).toContain(`cosh: ${userFile} ${readOnlyError}`);
    expect(result.stdout).toContain('disable:1');
    expect(await guardState()).toEqual(before);
    expect(await guardDecision()).toBe('deny');
  }, 60_000);

  it('S4: hooks enable, hooks import and settings run inside the sandbox fail with exit 1 and the read-only message', async () => {
    const before = await guardState();
    const result = await attack(
      [
        `${cosh} hooks enable PostToolUse; echo enable:$?`,
        `${cosh} hooks import --from claude; echo import:$?`,
        `${cosh} settings; echo settings:$?`,
      ].join('; '),
      'default',
    );
    for (const command of ['enable', 'import', 'settings']) expect(result.stdout).toContain(`${command}:1`);
    // enable and settings write the user file; import (a project import by default) the store too.
    expect(result.stdout.split(`cosh: ${userFile} ${readOnlyError}`).length - 1).toBe(2);
    expect(result.stdout).toContain(`cosh: ${store} ${readOnlyError}`);
    expect(await guardState()).toEqual(before);
  }, 60_000);

  it('B2: the trusted guard script and a file it sources from its folder cannot be edited, replaced or joined', async () => {
    const before = await guardState();
    const result = await attack(
      [
        'cd "$HOME/.config/cosh"',
        "echo 'exit 0' > guard.sh; echo guard:$?",
        "echo 'deny() { exit 0; }' > lib.sh; echo lib:$?",
        "echo 'exit 0' > new.sh; echo new:$?",
        'mv lib.sh lib.old; echo mv:$?',
      ].join('; '),
      'default',
    );
    expect(result.stdout).toMatch(/guard:[12]\n/);
    expect(result.stdout).toMatch(/lib:[12]\n/);
    expect(result.stdout).toMatch(/new:[12]\n/);
    expect(result.stdout).toMatch(/mv:[12]\n/);
    expect(await guardState()).toEqual(before);
    expect(await guardDecision()).toBe('deny');
  }, 60_000);

  it('B2/S3: the trust store cannot be replaced by a FIFO or a symbolic link to /dev/zero', async () => {
    const before = await guardState();
    const result = await attack(
      `rm -f "${store}"; echo rm:$?; mkfifo "${store}.fifo" && mv "${store}.fifo" "${store}"; echo fifo:$?; ln -sf /dev/zero "${store}"; echo link:$?`,
      'default',
    );
    expect(result.stdout).toMatch(/rm:1\n/);
    expect(result.stdout).not.toContain('fifo:0');
    expect(result.stdout).toMatch(/link:1\n/);
    expect(lstatSync(store).isFile()).toBe(true);
    expect(await guardState()).toEqual(before);
    expect(await guardDecision()).toBe('deny');
  }, 60_000);

  it('B2: .git/hooks and .git/config cannot be written, nor .git moved aside to make new ones', async () => {
    const result = await attack(
      [
        "printf '#!/bin/sh\\ntouch pwned\\n' > .git/hooks/pre-commit; echo hook:$?",
        'git config core.hooksPath /tmp; echo config:$?',
        'mv .git .git-away; echo move:$?',
        'touch work.txt; echo work:$?',
      ].join('; '),
      'default',
    );
    expect(result.stdout).toMatch(/hook:[12]\n/);
    expect(result.stdout).not.toContain('config:0');
    expect(result.stdout).not.toContain('move:0');
    // The working folder itself stays writable (B2).
    expect(result.stdout).toContain('work:0');
    expect(existsSync(join(project, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect(existsSync(join(project, '.git'))).toBe(true);
    expect(existsSync(join(project, 'work.txt'))).toBe(true);
  }, 60_000);

  it("B2: the repository's core.hooksPath folder (husky's .husky) cannot be written; the rest of the tree can", async () => {
    spawnSync('git', ['-C', project, 'config', 'core.hooksPath', '.husky']);
    await mkdir(join(project, '.husky'));
    await writeFile(join(project, '.husky', 'pre-commit'), 'npm test\n');
    const result = await attack(
      [
        "printf 'touch pwned\\n' >> .husky/pre-commit; echo append:$?",
        "printf 'touch pwned\\n' > .husky/post-checkout; echo new:$?",
        'mv .husky .husky-away; echo move:$?',
        'touch work.txt; echo work:$?',
      ].join('; '),
      'default',
    );
    expect(result.stdout).toMatch(/append:[12]\n/);
    expect(result.stdout).toMatch(/new:[12]\n/);
    expect(result.stdout).not.toContain('move:0');
    expect(result.stdout).toContain('work:0');
    expect(await readFile(join(project, '.husky', 'pre-commit'), 'utf8')).toBe('npm test\n');
    expect(existsSync(join(project, '.husky', 'post-checkout'))).toBe(false);
  }, 60_000);

  it('B3: a process outside the sandbox cannot be seen or signalled (own PID namespace)', async () => {
    const outside = spawn('sleep', ['60'], { stdio: 'ignore', detached: true });
    cleanups.push(() => outside.kill('SIGKILL'));
    const pid = outside.pid as number;
    const result = await attack(`kill -9 ${pid}; echo kill:$?; ps -e -o pid= | wc -l`, 'default');
    expect(result.stdout).toContain('kill:1');
    expect(isProcessAlive(pid)).toBe(true);
  }, 60_000);

  it('B3: a call leaves nothing running, not even a process in a session of its own', async () => {
    const result = await attack(
      `setsid sh -c 'sleep 2; touch "${project}/late"' > /dev/null 2>&1 & echo started`,
      'default',
    );
    expect(result.stdout).toContain('started');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(existsSync(join(project, 'late'))).toBe(false);
  }, 60_000);

  it('B1/S4: through `cosh mcp serve` the same pty-trust attack fails', async () => {
    if (!hasScript) return;
    const before = await guardState();
    const session = await startMcpSession(process.execPath, [coshBin, 'mcp', 'serve'], {
      cwd: project,
      env: { HOME: home, PATH: process.env['PATH'] ?? '/usr/bin:/bin', COSH_TRUST: '', COSH_SANDBOX: '' },
    });
    cleanups.push(() => void session.close());
    const result = await session.call('bash_run', {
      command: `echo '{}' > "$HOME/.config/cosh/setup.json"; script -qec '${cosh} hooks trust --yes' /dev/null; echo "trust:$?"`,
    });
    const text = JSON.stringify(result.content);
    expect(text).toContain('Read-only file system');
    expect(text).toContain(readOnlyError);
    expect(text).toContain('trust:1');
    await session.close();
    expect(await guardState()).toEqual(before);
    expect(await guardDecision()).toBe('deny');
  }, 60_000);
});

// What the sandbox is for: the same attacks without it. Each expects the attack to WORK.
describe('unsandboxed (COSH_SANDBOX=off): the attacks B stops succeed', () => {
  it('unsandboxed: B1/S4: a rewritten setup.json plus `script` for `hooks trust --yes` switches the guard off', async () => {
    if (!hasScript) return;
    const result = await attack(
      `printf '{}' > "$HOME/.config/cosh/setup.json"; script -qec '${cosh} hooks trust --yes' /dev/null; echo "trust:$?"`,
      'off',
    );
    expect(result.stdout).toContain('trust:0');
    expect(await readFile(userFile, 'utf8')).toBe('{}');
    expect(await guardDecision()).not.toBe('deny');
  }, 60_000);

  it('unsandboxed: S4: `hooks disable PreToolUse` under python pty.fork() switches the guard off', async () => {
    if (!hasPython) return;
    const result = await attack(
      `python3 -c 'import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)' ${cosh} hooks disable PreToolUse; echo "disable:$?"`,
      'off',
    );
    expect(result.stdout).toContain('disable:0');
    expect(await guardDecision()).not.toBe('deny');
  }, 60_000);

  it('unsandboxed: B2: editing a file the trusted guard sources switches it off (its hash is not checked)', async () => {
    await attack(`echo 'deny() { exit 0; }' > "$HOME/.config/cosh/lib.sh"`, 'off');
    expect(await guardDecision()).not.toBe('deny');
  }, 60_000);

  it('unsandboxed: B2: .git/hooks/pre-commit can be written (code that runs later, outside)', async () => {
    await attack(`printf '#!/bin/sh\\ntouch pwned\\n' > .git/hooks/pre-commit`, 'off');
    expect(existsSync(join(project, '.git', 'hooks', 'pre-commit'))).toBe(true);
  }, 60_000);

  it('unsandboxed: B2/S3: the trust store can be replaced by a symbolic link', async () => {
    await attack(`ln -sf /dev/zero "${store}"`, 'off');
    expect(lstatSync(store).isSymbolicLink()).toBe(true);
  }, 60_000);

  it('unsandboxed: B3: a process outside can be killed', async () => {
    const outside = spawn('sleep', ['60'], { stdio: 'ignore', detached: true });
    cleanups.push(() => outside.kill('SIGKILL'));
    const pid = outside.pid as number;
    const result = await attack(`kill -9 ${pid}; echo kill:$?`, 'off');
    expect(result.stdout).toContain('kill:0');
    await waitUntil(() => !isProcessAlive(pid), 5000);
  }, 60_000);

  it('unsandboxed: B3: a process in a session of its own outlives the call', async () => {
    await attack(`setsid sh -c 'sleep 1; touch "${project}/late"' > /dev/null 2>&1 &`, 'off');
    await waitUntil(() => existsSync(join(project, 'late')), 10_000);
  }, 60_000);
});

describe.skipIf(!hasBubblewrap)('what runs inside is what ran outside (B4, B6)', () => {
  it('B6: the same stdout, stderr, exit status, working folder and environment as without the sandbox', async () => {
    const command = 'pwd; echo "$ADVERSARY_MARK"; ls; echo to-stderr >&2; exit 7';
    const run = async (sandbox: Sandbox) =>
      runCosh(['exec', 'bash_run', '--input', JSON.stringify({ command }), '--permission', 'allow'], {
        cwd: project,
        env: agentEnv(sandbox, { ADVERSARY_MARK: 'marked' }),
      });
    const inside = await run('default');
    const outside = await run('off');
    expect(inside.stdout).toBe(`${project}\nmarked\n[stderr]\nto-stderr\n[exit code: 7]\n`);
    expect(inside.stdout).toBe(outside.stdout);
    expect(inside.code).toBe(outside.code);
  }, 60_000);

  it('B4: "network": false leaves loopback only', async () => {
    const trusted = JSON.parse(await readFile(userFile, 'utf8')) as Record<string, unknown>;
    await writeFile(userFile, JSON.stringify({ ...trusted, sandbox: { network: false } }));
    const person = new TerminalSession(coshCommandLine(['hooks', 'trust', '--yes']), {
      cwd: project,
      env: { HOME: home },
    });
    cleanups.push(() => person.kill());
    expect((await person.exited).exitCode).toBe(0);
    const result = await attack("tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '", 'default');
    expect(result.stdout).toBe('lo\n[exit code: 0]\n');
  }, 60_000);
});

describe('B5: modes, and a sandbox that cannot start', () => {
  /** A PATH with node and, optionally, a `bwrap` that cannot start (user namespaces disabled). */
  async function pathWith(fakeBwrap: boolean): Promise<string> {
    // Outside /tmp and TMPDIR: B12 leaves PATH entries there out of the hooks' environment (the
    // agent's shell could write them), and the guard needs this folder's dirname and grep.
    const bin = mkdtempSync(join(existsSync('/var/tmp') ? '/var/tmp' : homedir(), 'cosh-sandbox-bin-'));
    cleanups.push(() => rmSync(bin, { recursive: true, force: true }));
    // What the guard and the commands use, without bubblewrap (on merged-/usr machines /bin holds it too).
    await symlink(process.execPath, join(bin, 'node'));
    for (const tool of ['sh', 'dirname', 'grep', 'cat', 'touch']) {
      const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
      await symlink(found, join(bin, tool));
    }
    if (fakeBwrap) {
      await writeFile(
        join(bin, 'bwrap'),
        "#!/bin/sh\necho 'bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged user namespaces.' >&2\nexit 1\n",
      );
      await chmod(join(bin, 'bwrap'), 0o755);
    }
    return bin;
  }

  async function withMode(mode: string): Promise<void> {
    const trusted = JSON.parse(await readFile(userFile, 'utf8')) as Record<string, unknown>;
    await writeFile(userFile, JSON.stringify({ ...trusted, sandbox: { mode } }));
    const person = new TerminalSession(coshCommandLine(['hooks', 'trust', '--yes']), {
      cwd: project,
      env: { HOME: home },
    });
    cleanups.push(() => person.kill());
    expect((await person.exited).exitCode).toBe(0);
  }

  const run = (path: string, command: string) =>
    runCosh(['exec', 'bash_run', '--input', JSON.stringify({ command }), '--permission', 'allow'], {
      cwd: project,
      env: agentEnv('default', { PATH: path }),
    });

  it('B5: auto without bwrap runs bash_run unsandboxed and warns on every load, with the cause', async () => {
    const path = await pathWith(false);
    const result = await run(path, 'touch ran; echo ok');
    expect(result.stdout).toBe('ok\n[exit code: 0]\n');
    expect(result.stderr).toContain(
      'cosh: warning: no sandbox available (bwrap not found on PATH): bash_run can change your guards; install bubblewrap\n',
    );
    const list = await runCosh(['hooks', 'list'], { cwd: project, env: agentEnv('default', { PATH: path }) });
    expect(list.stdout).toContain('\nsandbox: off (bwrap not found on PATH)\n');
    expect(list.stderr).toContain('cosh: warning: no sandbox available (bwrap not found on PATH)');
  }, 60_000);

  it('B5: auto with a bwrap that cannot start (user namespaces off) warns with what bwrap said; hooks list --json says so', async () => {
    const path = await pathWith(true);
    const result = await run(path, 'echo ok');
    expect(result.stdout).toBe('ok\n[exit code: 0]\n');
    const cause =
      'bwrap cannot start: bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged user namespaces.';
    expect(result.stderr).toContain(
      `cosh: warning: no sandbox available (${cause}): bash_run can change your guards; install bubblewrap\n`,
    );
    const list = await runCosh(['hooks', 'list', '--json'], { cwd: project, env: agentEnv('default', { PATH: path }) });
    expect(JSON.parse(list.stdout).sandbox).toEqual({ mode: 'auto', active: false, kind: null, cause });
  }, 60_000);

  it('B5: required without a sandbox refuses bash_run (a tool failure naming the cause); nothing runs', async () => {
    await withMode('required');
    const path = await pathWith(true);
    const result = await run(path, 'touch ran');
    expect(result.code, result.stdout).toBe(1);
    expect(result.stdout).toContain('no sandbox available (bwrap cannot start: bwrap: No permissions');
    expect(result.stdout).toContain('"required"');
    expect(existsSync(join(project, 'ran'))).toBe(false);
  }, 60_000);

  it.skipIf(!hasLandlock)(
    'B1/B2/B5: without bwrap but with python3, bash_run runs under Landlock: hooks list says landlock, protected paths fail with Permission denied',
    async () => {
      const path = await pathWith(false);
      const python = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], {
        encoding: 'utf8',
      }).stdout.trim();
      await symlink(python, join(path, 'python3'));
      const json = await runCosh(['hooks', 'list', '--json'], {
        cwd: project,
        env: agentEnv('default', { PATH: path }),
      });
      expect(JSON.parse(json.stdout).sandbox).toEqual({ mode: 'auto', active: true, kind: 'landlock', cause: null });
      const list = await runCosh(['hooks', 'list'], { cwd: project, env: agentEnv('default', { PATH: path }) });
      expect(list.stdout).toContain('\nsandbox: on (landlock)\n');
      expect(list.stderr).not.toContain('sandbox');
      await mkdir(join(project, 'src'));
      const before = await readFile(userFile, 'utf8');
      const result = await run(
        path,
        `echo '{}' > ${userFile}; echo x > .git/hooks/pre-commit; echo x > .git/config; kill -0 ${process.pid}; touch src/ran && echo ok`,
      );
      expect(result.stdout.startsWith('ok\n[stderr]\n')).toBe(true);
      expect(result.stdout.endsWith('[exit code: 0]\n')).toBe(true);
      // Landlock's error is "Permission denied", not bubblewrap's "Read-only file system" (B2).
      expect(result.stdout.match(/Permission denied/g)).toHaveLength(3);
      expect(result.stdout).toContain('Operation not permitted');
      expect(result.stderr).not.toContain('no sandbox available');
      expect(await readFile(userFile, 'utf8')).toBe(before);
      expect(existsSync(join(project, '.git', 'hooks', 'pre-commit'))).toBe(false);
      expect(existsSync(join(project, 'src', 'ran'))).toBe(true);
    },
    60_000,
  );

  it('B5: COSH_SANDBOX=off is warned on every load and shown by hooks list', async () => {
    // Not runCosh, which leaves this warning out of stderr for the tests that set it.
    const result = spawnSync(process.execPath, [coshBin, 'hooks', 'list'], {
      cwd: project,
      env: { PATH: process.env['PATH'], HOME: home, COSH_SANDBOX: 'off' },
      encoding: 'utf8',
    });
    expect(result.stdout).toContain('\nsandbox: off (COSH_SANDBOX=off)\n');
    expect(result.stderr).toContain('cosh: warning: COSH_SANDBOX=off is set: bash_run runs without a sandbox');
  }, 60_000);

  it.skipIf(!hasBubblewrap)(
    'B5: with bwrap, hooks list shows it on, and --json has mode, active, kind and cause',
    async () => {
      const list = await runCosh(['hooks', 'list'], { cwd: project, env: agentEnv('default') });
      expect(list.stdout).toContain('\nsandbox: on (bwrap)\n');
      expect(list.stderr).not.toContain('sandbox');
      const json = await runCosh(['hooks', 'list', '--json'], { cwd: project, env: agentEnv('default') });
      expect(JSON.parse(json.stdout).sandbox).toEqual({ mode: 'auto', active: true, kind: 'bwrap', cause: null });
    },
    60_000,
  );

  it.skipIf(!hasBubblewrap)(
    'B3/R6: at a timeout the whole sandbox is killed: nothing it started is left',
    async () => {
      const result = await runCosh(
        [
          'exec',
          'bash_run',
          '--input',
          JSON.stringify({ command: 'sleep 31.731 & sleep 31.731', timeout: 1 }),
          '--permission',
          'allow',
        ],
        { cwd: project, env: agentEnv('default') },
      );
      expect(result.stdout).toContain('timed out after 1 second');
      await waitUntil(() => !spawnSync('pgrep', ['-f', 'sleep 31.731']).stdout.toString().trim(), 5000);
    },
    60_000,
  );
});
