import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasBubblewrap } from '@cosh/test-utils';
import { runLaunch } from './__fixtures__/run-launch.ts';
import { prepareSandbox } from './prepare-sandbox.ts';
import { probeSandbox } from './probe-sandbox.ts';
import type { SandboxPolicy } from './sandbox-policy.ts';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'cosh-sandbox-run-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs `command` with /bin/sh -c inside the sandbox of `policy`, as the runner would. */
function runInside(policy: SandboxPolicy, command: string): { status: number | null; stdout: string; stderr: string } {
  const prepared = prepareSandbox(policy, probeSandbox());
  if (!prepared.ok) throw new Error(prepared.cause);
  try {
    return runLaunch(prepared.launch, policy.cwd, command);
  } finally {
    prepared.launch.release();
  }
}

function project(name: string): { cwd: string; protectedFolder: string; hooks: string } {
  const cwd = join(root, name);
  const protectedFolder = join(cwd, '.cosh');
  const hooks = join(cwd, '.git', 'hooks');
  mkdirSync(protectedFolder, { recursive: true });
  mkdirSync(hooks, { recursive: true });
  writeFileSync(join(protectedFolder, 'setup.json'), '{}');
  return { cwd, protectedFolder, hooks };
}

describe.runIf(hasBubblewrap)('B bubblewrap, for real', () => {
  it('B7: the probe is paid once per process, and each call adds only a bounded sandbox start', () => {
    // The same probe object: the start it made is kept, never repeated per call.
    expect(probeSandbox()).toBe(probeSandbox());
    const { cwd } = project('cost');
    const started = performance.now();
    for (let call = 0; call < 5; call += 1) {
      expect(runInside({ cwd, writable: [], readOnly: [], network: true }, 'true').status).toBe(0);
    }
    // bwrap's start is ~10 ms here (the bench reports its ratio); a second per call means a hang
    // or a wait, not a start, even on a loaded machine.
    expect((performance.now() - started) / 5).toBeLessThan(1_000);
  });

  it('B2: the cwd tree is writable, a protected folder inside it and the rest of the root are not', () => {
    const { cwd, protectedFolder, hooks } = project('writes');
    // Outside /tmp: /tmp itself is private, so a write there never reaches the host anyway.
    const outside = `/var/tmp/cosh-sandbox-outside-${process.pid}.txt`;
    const run = runInside(
      { cwd, writable: [], readOnly: [protectedFolder, hooks], network: true },
      `echo ok > made.txt && echo made; echo x > .cosh/setup.json || echo cosh-refused; echo x > .git/hooks/pre-commit || echo hooks-refused; echo x > ${outside} || echo outside-refused; mkdir -p .git/objects && echo git-writable`,
    );
    expect(run.stdout).toBe('made\ncosh-refused\nhooks-refused\noutside-refused\ngit-writable\n');
    expect(run.stderr).toContain('Read-only file system');
    expect(readFileSync(join(cwd, 'made.txt'), 'utf8')).toBe('ok\n');
    expect(readFileSync(join(protectedFolder, 'setup.json'), 'utf8')).toBe('{}');
    expect(existsSync(join(hooks, 'pre-commit'))).toBe(false);
    expect(existsSync(outside)).toBe(false);
  });

  it('B2: a protected folder cannot be moved aside with its parent (the parent is pinned)', () => {
    const { cwd, hooks } = project('rename');
    const run = runInside(
      { cwd, writable: [], readOnly: [hooks], network: true },
      'mv .git .git-aside || echo refused; mv .git/hooks .git/hooks-aside || echo refused; echo y > .git/HEAD && echo head-writable',
    );
    expect(run.stdout).toBe('refused\nrefused\nhead-writable\n');
    expect(existsSync(hooks)).toBe(true);
  });

  it('B2: a protected path named through a symbolic link is protected at its real place', () => {
    const { cwd } = project('linked');
    mkdirSync(join(cwd, 'real-guards'));
    symlinkSync(join(cwd, 'real-guards'), join(cwd, 'guards'));
    const run = runInside(
      { cwd, writable: [], readOnly: [join(cwd, 'guards')], network: true },
      'echo x > real-guards/g.sh || echo refused',
    );
    expect(run.stdout).toBe('refused\n');
  });

  it('B2: extra writable folders are writable; /tmp is private and TMPDIR points at it', () => {
    const { cwd } = project('extra');
    const cacheFolder = join(root, 'npm-cache');
    mkdirSync(cacheFolder);
    const marker = `cosh-sandbox-${process.pid}-tmp`;
    const run = runInside(
      { cwd, writable: [cacheFolder], readOnly: [], network: true },
      `echo c > ${cacheFolder}/c && echo cache-ok; echo t > /tmp/${marker} && echo tmp-ok; echo "$TMPDIR"`,
    );
    expect(run.stdout).toBe('cache-ok\ntmp-ok\n/tmp\n');
    expect(existsSync(join('/tmp', marker))).toBe(false);
  });

  it('B3: the command sees only its own processes, and nothing it leaves running outlives it', () => {
    const { cwd } = project('processes');
    // A duration no other test sleeps for: the count must not meet another suite's `sleep 30`.
    const lingerSeconds = 3000 + (process.pid % 997);
    const run = runInside(
      { cwd, writable: [], readOnly: [], network: true },
      `(sleep ${lingerSeconds}; echo late > ${cwd}/late.txt) & kill -0 ${process.pid} 2>/dev/null && echo sees-host || echo host-hidden`,
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('host-hidden\n');
    const left = spawnSync('sh', ['-c', `ps -eo args | grep -c "^sleep ${lingerSeconds}$" || true`], {
      encoding: 'utf8',
    });
    expect(left.stdout.trim()).toBe('0');
  });

  it('B4: network false leaves loopback only', () => {
    const { cwd } = project('network');
    const off = runInside(
      { cwd, writable: [], readOnly: [], network: false },
      "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '",
    );
    expect(off.stdout).toBe('lo\n');
  });

  it('B6: exit status, stdout and stderr pass through', () => {
    const { cwd } = project('status');
    const run = runInside({ cwd, writable: [], readOnly: [], network: true }, 'echo out; echo err >&2; pwd; exit 7');
    expect(run).toEqual({ status: 7, stdout: `out\n${cwd}\n`, stderr: 'err\n' });
  });

  it('B2: a working folder inside a protected folder is writable; the protected paths inside it and beside it are not', () => {
    const { cwd, protectedFolder } = project('under-protected');
    const work = join(protectedFolder, 'work');
    mkdirSync(join(work, 'guards'), { recursive: true });
    writeFileSync(join(work, 'guards', 'guard.sh'), 'exit 0\n');
    const run = runInside(
      { cwd: work, writable: [], readOnly: [protectedFolder, join(work, 'guards')], network: true },
      `touch made && echo made; echo x > guards/guard.sh; echo guard:$?; echo x > ${join(protectedFolder, 'setup.json')}; echo setup:$?`,
    );
    expect(run.stdout).toMatch(/^made\nguard:[12]\nsetup:[12]\n$/);
    expect(existsSync(join(work, 'made'))).toBe(true);
    expect(readFileSync(join(protectedFolder, 'setup.json'), 'utf8')).toBe('{}');
    expect(readFileSync(join(work, 'guards', 'guard.sh'), 'utf8')).toBe('exit 0\n');
    expect(cwd).not.toBe(work);
  });

  it('B11: an absent placeholder path cannot be created, reads as its content, and leaves nothing on the host', () => {
    const { cwd } = project('placeholders');
    const policy: SandboxPolicy = {
      cwd,
      writable: [],
      readOnly: [],
      network: true,
      placeholders: [
        { path: join(cwd, '.git', 'commondir'), kind: 'file', content: '.\n' },
        { path: join(cwd, 'sub', '.git'), kind: 'folder' },
        // Outside every writable tree: read-only anyway, nothing mounted.
        { path: join(root, 'elsewhere', '.git'), kind: 'folder' },
      ],
    };
    mkdirSync(join(cwd, 'sub'));
    const prepared = prepareSandbox(policy, probeSandbox());
    if (!prepared.ok) throw new Error(prepared.cause);
    expect(prepared.launch.launcher.join(' ')).not.toContain('elsewhere');
    const run = runLaunch(
      prepared.launch,
      cwd,
      'cat .git/commondir; echo x > .git/commondir; echo file:$?; touch sub/.git/x; echo folder:$?; ls -A sub/.git | wc -l',
    );
    // Until release the mount points exist on the host; a file one holds its content (git outside,
    // during the call, reads a commondir of "." as none); release removes them.
    expect(readFileSync(join(cwd, '.git', 'commondir'), 'utf8')).toBe('.\n');
    prepared.launch.release();
    expect(run.stdout).toMatch(/^\.\nfile:[12]\nfolder:[12]\n0\n$/);
    expect(existsSync(join(cwd, '.git', 'commondir'))).toBe(false);
    expect(existsSync(join(cwd, 'sub', '.git'))).toBe(false);
  });

  it("B11: two calls of one process at once: the second holds the first one's mount point again, the last release removes it", () => {
    const { cwd } = project('placeholders-overlap');
    const commondir = join(cwd, '.git', 'commondir');
    const policy: SandboxPolicy = {
      cwd,
      writable: [],
      readOnly: [commondir],
      network: true,
      placeholders: [{ path: commondir, kind: 'file', content: '.\n' }],
    };
    const first = prepareSandbox(policy, probeSandbox());
    if (!first.ok) throw new Error(first.cause);
    expect(runLaunch(first.launch, cwd, 'cat .git/commondir').stdout).toBe('.\n');
    expect(existsSync(commondir)).toBe(true); // the first call's mount point, still in use
    const second = prepareSandbox(policy, probeSandbox());
    if (!second.ok) throw new Error(second.cause);
    // Held again (it reads "."), not bound as the empty file it is on the host.
    expect(runLaunch(second.launch, cwd, 'cat .git/commondir').stdout).toBe('.\n');
    first.launch.release();
    expect(existsSync(commondir)).toBe(true);
    second.launch.release();
    expect(existsSync(commondir)).toBe(false);
  });

  it('B11: a placeholder path that exists is protected as it is', () => {
    const { cwd } = project('placeholder-exists');
    writeFileSync(join(cwd, '.git', 'commondir'), '.\n');
    const run = runInside(
      {
        cwd,
        writable: [],
        readOnly: [],
        network: true,
        placeholders: [{ path: join(cwd, '.git', 'commondir'), kind: 'file', content: '' }],
      },
      'echo elsewhere > .git/commondir; echo write:$?',
    );
    expect(run.stdout).toMatch(/^write:[12]\n$/);
    expect(readFileSync(join(cwd, '.git', 'commondir'), 'utf8')).toBe('.\n');
  });
});
