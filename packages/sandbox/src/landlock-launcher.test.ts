import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasLandlock } from '@cosh/test-utils';
import { prepareSandbox } from './prepare-sandbox.ts';
import { forgetSandboxProbes, locateSandbox, probeSandbox } from './probe-sandbox.ts';
import type { SandboxPolicy } from './sandbox-policy.ts';

const python3 = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim();
const folder = mkdtempSync(join(tmpdir(), 'cosh-sandbox-landlock-'));
const project = join(folder, 'project');
const outside = join(folder, 'outside');
const extra = join(folder, 'extra');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

beforeAll(() => {
  mkdirSync(join(project, '.cosh'), { recursive: true });
  mkdirSync(join(project, '.git', 'hooks'), { recursive: true });
  mkdirSync(join(project, 'src'), { recursive: true });
  mkdirSync(outside);
  mkdirSync(extra);
  writeFileSync(join(project, '.cosh', 'setup.json'), '{}\n');
  writeFileSync(join(project, '.git', 'config'), '[core]\n');
  writeFileSync(join(project, 'notes.txt'), 'old\n');
  writeFileSync(join(outside, 'read-me.txt'), 'outside\n');
});

/** `/bin/sh -c command` under the Landlock launcher, as the runner spawns it. */
function runLandlocked(command: string, policy: Partial<SandboxPolicy> = {}): SpawnSyncReturns<string> {
  const [program, ...args] = landlockLauncher(policy);
  return spawnSync(program as string, [...args, '/bin/sh', '-c', command], { encoding: 'utf8', timeout: 20_000 });
}

function landlockLauncher(policy: Partial<SandboxPolicy> = {}): readonly string[] {
  const prepared = prepareSandbox(
    {
      cwd: project,
      writable: [extra],
      readOnly: [join(project, '.cosh'), join(project, '.git', 'hooks'), join(project, '.git', 'config')],
      network: true,
      ...policy,
    },
    { kind: 'landlock', program: python3, cause: null },
  );
  if (!prepared.ok) throw new Error(prepared.cause);
  return prepared.launch.launcher;
}

describe.skipIf(!hasLandlock)('B1–B4 under Landlock (real processes)', () => {
  it('B14: the launcher loads the AF_UNIX filter: AF_UNIX refused (EPERM), AF_INET works; unixSockets true lifts it', () => {
    const probe = `python3 -c 'import socket
for d in (socket.AF_UNIX, socket.AF_INET, socket.AF_INET6):
    try:
        socket.socket(d, socket.SOCK_STREAM).close(); print("ok")
    except OSError as e:
        print("refused", e.errno)'`;
    expect(runLandlocked(probe).stdout).toBe('refused 1\nok\nok\n');
    expect(runLandlocked(probe, { unixSockets: true }).stdout).toBe('ok\nok\nok\n');
  });

  it('B2: a working folder inside a protected folder is writable under Landlock too', () => {
    const work = join(project, '.cosh', 'work');
    mkdirSync(work, { recursive: true });
    const run = runLandlocked(
      `touch ${work}/made && echo made; echo x > ${join(project, '.cosh', 'setup.json')}; echo setup:$?`,
      {
        cwd: work,
        writable: [],
      },
    );
    expect(run.stdout).toMatch(/^made\nsetup:[12]\n$/);
  });

  it('B1/B6: stdout, stderr and the exit status pass through; the shell starts in the cwd', () => {
    const run = runLandlocked('pwd; echo oops >&2; exit 7');
    expect(run.stdout).toBe(`${project}\n`);
    expect(run.stderr).toBe('oops\n');
    expect(run.status).toBe(7);
  });

  it('B6: the shell starts with the signal dispositions it has outside (SIGPIPE not ignored)', () => {
    const run = runLandlocked('yes | head -n 1; grep SigIgn /proc/self/status');
    expect(run.stdout).toBe('y\nSigIgn:\t0000000000000000\n');
    expect(run.stderr).toBe('');
  });

  it('B6: the shell gets the environment as given, TMPDIR aside (no LC_CTYPE added by Python)', () => {
    const [program, ...args] = landlockLauncher();
    const run = spawnSync(program as string, [...args, '/bin/sh', '-c', 'env'], {
      encoding: 'utf8',
      env: { PATH: '/usr/bin:/bin', LANG: 'C', COSH_MARK: 'a b\nc' },
    });
    const names = run.stdout
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.slice(0, line.indexOf('=')))
      .filter((name) => name !== 'PWD' && name !== 'SHLVL' && name !== '_' && name !== 'OLDPWD')
      .sort();
    expect(names).toEqual(['COSH_MARK', 'LANG', 'PATH', 'TMPDIR']);
    expect(run.stdout).toContain('COSH_MARK=a b\nc\n');
  });

  it('B6: a shell killed by a signal is reported as killed by that signal', () => {
    const run = runLandlocked('kill -TERM $$');
    expect(run.signal).toBe('SIGTERM');
  });

  it('B2: writes inside the cwd tree and the writable folders work, reads work everywhere', () => {
    const run = runLandlocked(
      `echo new > notes.txt && echo a > src/a.txt && mkdir -p src/deep && echo b > src/deep/b.txt && echo c > ${extra}/c.txt && cat ${outside}/read-me.txt`,
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('outside\n');
    expect(readFileSync(join(project, 'notes.txt'), 'utf8')).toBe('new\n');
    expect(readFileSync(join(project, 'src', 'deep', 'b.txt'), 'utf8')).toBe('b\n');
    expect(readFileSync(join(extra, 'c.txt'), 'utf8')).toBe('c\n');
  });

  it('B2: a protected path inside the cwd cannot be written, created in, removed or renamed: "Permission denied", the call itself runs', () => {
    const run = runLandlocked(
      'echo bad > .cosh/setup.json; echo bad > .git/config; echo x > .git/hooks/pre-commit; mv .cosh moved; rm -f .git/config; echo ran',
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('ran\n');
    expect(run.stderr).toMatch(/\.cosh\/setup\.json: Permission denied/);
    expect(run.stderr).toMatch(/\.git\/hooks\/pre-commit: Permission denied/);
    expect(readFileSync(join(project, '.cosh', 'setup.json'), 'utf8')).toBe('{}\n');
    expect(readFileSync(join(project, '.git', 'config'), 'utf8')).toBe('[core]\n');
    expect(existsSync(join(project, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect(existsSync(join(project, 'moved'))).toBe(false);
  });

  it('B2 (Landlock limit): a new entry directly in a folder on the way to a protected path cannot be made; in a cwd without protected paths it can', () => {
    const blocked = runLandlocked('echo x > fresh.txt');
    expect(blocked.status).not.toBe(0);
    expect(blocked.stderr).toMatch(/Permission denied/);
    const plain = join(folder, 'plain');
    mkdirSync(plain);
    const free = runLandlocked('echo x > fresh.txt', { cwd: plain, readOnly: [join(project, '.cosh')] });
    expect(free.status).toBe(0);
    expect(readFileSync(join(plain, 'fresh.txt'), 'utf8')).toBe('x\n');
  });

  it('B2: writes outside the writable trees fail, also through a symbolic link in the cwd', () => {
    symlinkSync(outside, join(project, 'src', 'link-out'));
    const run = runLandlocked(
      `echo bad > ${outside}/bad.txt; echo bad > src/link-out/bad2.txt; echo bad > /tmp/cosh-landlock-test-$$`,
    );
    expect(run.stderr.match(/Permission denied/g)).toHaveLength(3);
    expect(existsSync(join(outside, 'bad.txt'))).toBe(false);
    expect(existsSync(join(outside, 'bad2.txt'))).toBe(false);
  });

  it('B2: TMPDIR is a fresh private folder, writable, removed when the call ends', () => {
    const run = runLandlocked('echo t > "$TMPDIR/t" && cat "$TMPDIR/t" && echo "$TMPDIR" >&2');
    expect(run.stdout).toBe('t\n');
    const tmp = run.stderr.trim();
    expect(tmp.startsWith(join(tmpdir(), 'cosh-sandbox-'))).toBe(true);
    expect(existsSync(tmp)).toBe(false);
  });

  it('B3: the command cannot signal a process outside (ABI 6 signal scope)', () => {
    const run = runLandlocked(`kill -0 ${process.pid} && echo reached`);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/Operation not permitted/);
  });

  it('B3: a process the command leaves behind, even in a session of its own, is ended when the shell ends', () => {
    const run = runLandlocked('setsid sh -c \'echo $$ > "$0"; exec sleep 60\' src/leftover.pid & sleep 0.5; exit 0');
    expect(run.status).toBe(0);
    const pid = Number(readFileSync(join(project, 'src', 'leftover.pid'), 'utf8'));
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it("B3/R6: the runner's SIGTERM to the process group at a timeout ends the shell, everything it started and its TMPDIR", async () => {
    const [program, ...args] = landlockLauncher();
    const child = spawn(
      program as string,
      [...args, '/bin/sh', '-c', 'echo "$TMPDIR"; setsid sleep 60 & echo $! > src/timeout.pid; sleep 60'],
      { detached: true, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('close', (_code, signal) => resolve(signal)),
    );
    const pidFile = join(project, 'src', 'timeout.pid');
    for (let waited = 0; !existsSync(pidFile) || readFileSync(pidFile, 'utf8') === ''; waited += 50) {
      if (waited > 10_000) throw new Error('the command did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    process.kill(-(child.pid as number), 'SIGTERM');
    expect(await exited).toBe('SIGTERM');
    expect(() => process.kill(Number(readFileSync(pidFile, 'utf8')), 0)).toThrow();
    expect(stdout.startsWith(join(tmpdir(), 'cosh-sandbox-'))).toBe(true);
    expect(existsSync(stdout.trim())).toBe(false);
  });

  describe('B4 network', () => {
    let server: Server;
    let port = 0;
    beforeAll(async () => {
      server = createServer((socket) => socket.end());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const connect = (): string =>
      `${python3} -c 'import socket; socket.create_connection(("127.0.0.1", ${port}), 5); print("connected")'`;

    it('B4: network false: a TCP connect, even to a loopback listener, fails', () => {
      const run = runLandlocked(connect(), { network: false });
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/PermissionError/);
      expect(run.status).not.toBe(0);
    });

    it('B4: network on (the default): the same connect works', () => {
      const run = runLandlocked(connect());
      expect(run.stdout).toBe('connected\n');
    });
  });
});

describe.skipIf(!hasLandlock)('B5 probe chooses Landlock', () => {
  const onlyPython = join(folder, 'only-python');
  beforeAll(() => {
    mkdirSync(onlyPython);
    symlinkSync(python3, join(onlyPython, 'python3'));
  });
  afterAll(() => forgetSandboxProbes());

  it('B5: no bwrap on PATH but python3 and Landlock: the probe answers landlock', () => {
    expect(probeSandbox({ path: onlyPython, platform: 'linux' })).toEqual({
      kind: 'landlock',
      program: join(onlyPython, 'python3'),
      cause: null,
    });
  });

  it('B5: a bwrap that cannot start: the probe falls back to landlock', () => {
    const bin = join(folder, 'broken-bwrap');
    mkdirSync(bin);
    writeFileSync(join(bin, 'bwrap'), '#!/bin/sh\necho "bwrap: no namespaces" >&2\nexit 1\n', { mode: 0o755 });
    expect(probeSandbox({ path: `${bin}:${onlyPython}`, platform: 'linux' })).toMatchObject({ kind: 'landlock' });
  });

  it('B5: locate (no start) names landlock when bwrap is not on PATH but python3 is', () => {
    forgetSandboxProbes();
    expect(locateSandbox({ path: onlyPython, platform: 'linux' })).toMatchObject({ kind: 'landlock' });
  });
});
