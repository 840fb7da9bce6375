// The agent as an attacker, round two (issue 35): git's indirections (SPEC B11) and the user's
// Unix sockets (B14). The agent has only `cosh exec bash_run`, run with a real bubblewrap. Each
// git attack plants a pre-commit hook of its own somewhere git could be sent, then the *user*
// runs a real `git commit` outside the sandbox: no agent code may run (no `pwned` file). The
// socket attacks drive a real tmux server and an abstract-socket listener of the user's.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hasBubblewrap, temporaryFolders, waitUntil } from '@cosh/test-utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const hasTmux = spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;
const hasPython = spawnSync('python3', ['-c', 'import socket'], { stdio: 'ignore' }).status === 0;
const makeFolder = temporaryFolders('cosh-sandbox-git-sockets-');

let root: string;
let home: string;
let project: string;
/** Where the agent's own hooks would leave their mark, outside anything git or the tests clean. */
let pwned: string;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  await assertBuilt();
});

const git = (cwd: string, ...args: string[]) =>
  spawnSync('git', ['-c', 'user.email=user@example.com', '-c', 'user.name=User', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1' },
  });

beforeEach(async () => {
  root = makeFolder();
  home = join(root, 'home');
  project = join(root, 'project');
  pwned = join(root, 'pwned');
  await mkdir(join(home, '.config', 'cosh'), { recursive: true });
  await mkdir(project);
  expect(git(project, 'init', '-q').status).toBe(0);
  await writeFile(join(project, 'README'), 'hello\n');
  expect(git(project, 'add', 'README').status).toBe(0);
  expect(git(project, 'commit', '-q', '-m', 'first').status).toBe(0);
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** One `bash_run` of the agent in `cwd`, sandboxed (its default), trust not in question here. */
async function agent(command: string, cwd = project, extraEnv: NodeJS.ProcessEnv = {}) {
  const result = await runCosh(['exec', 'bash_run', '--input', JSON.stringify({ command }), '--permission', 'allow'], {
    cwd,
    env: { HOME: home, COSH_TRUST: 'all', COSH_SANDBOX: undefined, ...extraEnv },
  });
  expect(result.stderr).not.toContain('no sandbox available');
  return result;
}

/** A folder of the agent's own with a pre-commit hook that marks `pwned`: what it tries to plant. */
const plantHooks = (folder: string) =>
  `mkdir -p ${folder}/hooks && printf '#!/bin/sh\\ntouch ${pwned}\\n' > ${folder}/hooks/pre-commit && chmod +x ${folder}/hooks/pre-commit`;

/** The user's next commit, outside the sandbox: it must work and run none of the agent's code. */
function userCommits(cwd: string): void {
  const commit = git(cwd, 'commit', '-q', '--allow-empty', '-m', 'the user commits');
  expect(commit.stderr).toBe('');
  expect(commit.status).toBe(0);
  expect(existsSync(pwned)).toBe(false);
}

describe.skipIf(!hasBubblewrap)("B11 git's indirections, with a real bubblewrap", () => {
  it('B11: .git/commondir can be neither created (absent) nor written; the user commit runs no agent hook', async () => {
    const result = await agent(
      [
        plantHooks('evil'),
        'printf "%s\\n" "$PWD/evil" > .git/commondir; echo commondir:$?',
        // Inside, git still works: the placeholder reads as "." (the git folder itself).
        'git -c user.email=a@b -c user.name=agent commit -q --allow-empty -m agent && echo agent-commit:ok',
      ].join('; '),
    );
    expect(result.stdout).toMatch(/commondir:[12]\n/);
    expect(result.stdout).toContain('Read-only file system');
    expect(result.stdout).toContain('agent-commit:ok');
    // Nothing is left on the host: no commondir, no mount point.
    expect(existsSync(join(project, '.git', 'commondir'))).toBe(false);
    userCommits(project);
    expect(git(project, 'log', '--format=%s').stdout).toBe('the user commits\nagent\nfirst\n');
  }, 60_000);

  it("B11: while an agent call runs, the user's own git in the same repository keeps working", async () => {
    const call = agent('sleep 3; echo slept');
    await waitUntil(() => existsSync(join(project, '.git', 'commondir')), 10_000);
    const status = git(project, 'status', '--short');
    expect(status.stderr).toBe('');
    expect(status.status).toBe(0);
    expect((await call).stdout).toContain('slept');
    expect(existsSync(join(project, '.git', 'commondir'))).toBe(false);
  }, 60_000);

  it("B11: a worktree's .git file cannot be pointed elsewhere, nor its commondir or gitdir rewritten", async () => {
    const tree = join(project, 'wt');
    expect(git(project, 'worktree', 'add', '-q', tree).status).toBe(0);
    const own = join(project, '.git', 'worktrees', 'wt');
    const before = await Promise.all(['commondir', 'gitdir'].map((name) => readFile(join(own, name), 'utf8')));
    const dotGit = await readFile(join(tree, '.git'), 'utf8');
    // The agent works in the main tree, which holds the worktree and the shared git folder.
    const result = await agent(
      [
        plantHooks('evil'),
        'git init -q evil-repo 2>/dev/null; mkdir -p evil-repo/.git && cp -r evil/hooks evil-repo/.git/',
        'printf "gitdir: %s\\n" "$PWD/evil-repo/.git" > wt/.git; echo dotgit:$?',
        'printf "%s\\n" "$PWD/evil" > .git/worktrees/wt/commondir; echo commondir:$?',
        'printf "%s\\n" "$PWD/evil/.git" > .git/worktrees/wt/gitdir; echo gitdir:$?',
        'printf "[core]\\n\\thooksPath = %s\\n" "$PWD/evil/hooks" > .git/worktrees/wt/config.worktree; echo worktree-config:$?',
      ].join('; '),
    );
    for (const what of ['dotgit', 'commondir', 'gitdir', 'worktree-config']) {
      expect(result.stdout).toMatch(new RegExp(`${what}:[12]\\n`));
    }
    expect(await readFile(join(tree, '.git'), 'utf8')).toBe(dotGit);
    expect(await Promise.all(['commondir', 'gitdir'].map((name) => readFile(join(own, name), 'utf8')))).toEqual(before);
    expect(existsSync(join(own, 'config.worktree'))).toBe(false);
    userCommits(tree);
  }, 60_000);

  it('B11: the agent working inside a worktree cannot rewrite its .git file', async () => {
    const tree = join(root, 'wt');
    expect(git(project, 'worktree', 'add', '-q', tree).status).toBe(0);
    const dotGit = await readFile(join(tree, '.git'), 'utf8');
    const result = await agent(
      [
        plantHooks('evil'),
        'printf "gitdir: %s\\n" "$PWD/evil" > .git; echo dotgit:$?',
        'rm -f .git; echo remove:$?',
        'mv .git .git-away; echo move:$?',
        'echo work > work.txt; echo work:$?',
      ].join('; '),
      tree,
    );
    expect(result.stdout).toMatch(/dotgit:[12]\n/);
    expect(result.stdout).not.toContain('remove:0');
    expect(result.stdout).not.toContain('move:0');
    expect(result.stdout).toContain('work:0');
    expect(await readFile(join(tree, '.git'), 'utf8')).toBe(dotGit);
    userCommits(tree);
  }, 60_000);

  it('B11: config.worktree with core.hooksPath cannot be created, even where the repository enables it', async () => {
    // The user turned worktree configs on: a config.worktree would be read at the next commit.
    expect(git(project, 'config', 'extensions.worktreeConfig', 'true').status).toBe(0);
    const result = await agent(
      [
        plantHooks('evil'),
        'printf "[core]\\n\\thooksPath = %s\\n" "$PWD/evil/hooks" > .git/config.worktree; echo create:$?',
        'git config --worktree core.hooksPath "$PWD/evil/hooks"; echo git-config:$?',
      ].join('; '),
    );
    expect(result.stdout).toMatch(/create:[12]\n/);
    expect(result.stdout).not.toContain('git-config:0');
    expect(existsSync(join(project, '.git', 'config.worktree'))).toBe(false);
    userCommits(project);
  }, 60_000);

  it("B11: a submodule's .git/modules/<name>/hooks and config cannot be written", async () => {
    const library = join(root, 'library');
    await mkdir(library);
    expect(git(library, 'init', '-q').status).toBe(0);
    expect(git(library, 'commit', '-q', '--allow-empty', '-m', 'lib').status).toBe(0);
    expect(git(project, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', library, 'lib').status).toBe(0);
    expect(git(project, 'commit', '-q', '-m', 'add lib').status).toBe(0);
    const moduleFolder = join(project, '.git', 'modules', 'lib');
    const config = await readFile(join(moduleFolder, 'config'), 'utf8');
    const result = await agent(
      [
        plantHooks('evil'),
        'cp evil/hooks/pre-commit .git/modules/lib/hooks/pre-commit; echo hook:$?',
        'printf "[core]\\n\\thooksPath = %s\\n" "$PWD/evil/hooks" >> .git/modules/lib/config; echo config:$?',
        'printf "%s\\n" "$PWD/evil" > .git/modules/lib/commondir; echo commondir:$?',
      ].join('; '),
    );
    expect(result.stdout).toMatch(/hook:[12]\n/);
    expect(result.stdout).toMatch(/config:[12]\n/);
    expect(result.stdout).toMatch(/commondir:[12]\n/);
    expect(existsSync(join(moduleFolder, 'hooks', 'pre-commit'))).toBe(false);
    expect(await readFile(join(moduleFolder, 'config'), 'utf8')).toBe(config);
    userCommits(join(project, 'lib'));
  }, 60_000);

  it('B11: in a subfolder, no .git file can be made to send git elsewhere, and no mount point is left', async () => {
    const sub = join(project, 'sub');
    await mkdir(sub);
    const result = await agent(
      [
        plantHooks('evil'),
        'printf "gitdir: %s\\n" "$PWD/evil" > .git; echo dotgit:$?',
        'git init -q . ; echo init:$?',
        'echo work > work.txt; echo work:$?',
      ].join('; '),
      sub,
    );
    expect(result.stdout).toMatch(/dotgit:[12]\n/);
    expect(result.stdout).not.toContain('init:0');
    expect(result.stdout).toContain('work:0');
    expect(readdirSync(sub).sort()).toEqual(['evil', 'work.txt']);
    userCommits(sub);
  }, 60_000);

  it('B11/S6: fs_write refuses the same paths: .git/commondir, config.worktree, a worktree .git file', async () => {
    const tree = join(project, 'wt');
    expect(git(project, 'worktree', 'add', '-q', tree).status).toBe(0);
    const dotGit = await readFile(join(tree, '.git'), 'utf8');
    for (const path of ['.git/commondir', '.git/config.worktree', 'wt/.git']) {
      const result = await runCosh(
        ['exec', 'fs_write', '--input', JSON.stringify({ path, content: `${pwned}\n` }), '--permission', 'allow'],
        { cwd: project, env: { HOME: home, COSH_TRUST: 'all' } },
      );
      expect(result.code).not.toBe(0);
      expect(`${result.stdout}${result.stderr}`).toContain(join(project, path));
    }
    expect(existsSync(join(project, '.git', 'commondir'))).toBe(false);
    expect(existsSync(join(project, '.git', 'config.worktree'))).toBe(false);
    expect(await readFile(join(tree, '.git'), 'utf8')).toBe(dotGit);
  }, 60_000);

  it('B11/B6: ordinary work still works: build output, git add, commit, a branch and a worktree', async () => {
    const result = await agent(
      [
        'mkdir -p dist && echo built > dist/out.js && echo build:ok',
        'echo change >> README && git add README dist && echo add:ok',
        'git -c user.email=a@b -c user.name=agent commit -q -m "agent work" && echo commit:ok',
        'git checkout -q -b agent-branch && echo branch:ok',
        'git worktree add -q agent-tree && echo worktree:ok',
      ].join('; '),
    );
    for (const step of ['build', 'add', 'commit', 'branch', 'worktree']) expect(result.stdout).toContain(`${step}:ok`);
    expect(git(project, 'log', '-1', '--format=%s').stdout).toBe('agent work\n');
    expect(git(project, 'branch', '--show-current').stdout).toBe('agent-branch\n');
    userCommits(project);
  }, 60_000);
});

describe.skipIf(!hasBubblewrap)('B2 the working folder and the cache folder, with a real bubblewrap', () => {
  it('B2: a working folder inside a protected folder is writable; the protected files beside it are not', async () => {
    const configFolder = join(home, '.config', 'cosh');
    await writeFile(join(configFolder, 'setup.json'), '{}\n');
    const work = join(configFolder, 'notes');
    await mkdir(work);
    const result = await agent(
      [
        'echo note > note.txt; echo work:$?',
        `echo '{"hooks":{}}' > ${join(configFolder, 'setup.json')}; echo config:$?`,
      ].join('; '),
      work,
    );
    expect(result.stdout).toContain('work:0');
    expect(result.stdout).toMatch(/config:[12]\n/);
    expect(await readFile(join(work, 'note.txt'), 'utf8')).toBe('note\n');
    expect(await readFile(join(configFolder, 'setup.json'), 'utf8')).toBe('{}\n');
  }, 60_000);

  it('B2: the cache folder is created owner-only before the sandbox starts, and the command cannot write in it', async () => {
    const cache = join(home, '.cache', 'cosh');
    expect(existsSync(cache)).toBe(false);
    // The agent's cwd is the home folder: without the folder made first, it could create it.
    const result = await agent(`mkdir -p ${cache}/x; echo mkdir:$?; touch ${cache}/planted; echo touch:$?`, home);
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    expect(result.stdout).not.toContain('touch:0');
    expect(existsSync(join(cache, 'planted'))).toBe(false);
    expect(existsSync(join(cache, 'x'))).toBe(false);
  }, 60_000);
});

describe.skipIf(!hasBubblewrap)("B14 the user's Unix sockets, with a real bubblewrap", () => {
  /** A tmux server of the user's, its socket inside the project (so the path itself is reachable). */
  function startTmux(): string {
    const socket = join(project, '.tmux-user');
    const started = spawnSync(
      'tmux',
      ['-S', socket, '-f', '/dev/null', 'new-session', '-d', '-s', 'user', 'sleep 600'],
      {
        env: { ...process.env, HOME: home, TMUX: '' },
      },
    );
    expect(started.status).toBe(0);
    cleanups.push(() => spawnSync('tmux', ['-S', socket, 'kill-server'], { stdio: 'ignore' }));
    return socket;
  }

  /** The user's service on an abstract socket: answers "served" to whoever connects. */
  async function startAbstractListener(name: string): Promise<void> {
    const server: ChildProcess = spawn(
      'python3',
      [
        '-c',
        `import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind("\\0" + sys.argv[1]); s.listen(4); print("ready", flush=True)
while True:
    c, _ = s.accept(); c.sendall(b"served\\n"); c.close()`,
        name,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    cleanups.push(() => server.kill('SIGKILL'));
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitUntil(() => output.includes('ready'), 10_000);
  }

  const connectAbstract = (name: string) =>
    `python3 -c 'import socket, sys
try:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); s.connect("\\0" + sys.argv[1]); print(s.recv(64).decode().strip())
except OSError as e:
    print("refused", e.errno)' ${name}`;

  const allowSockets = () =>
    writeFile(join(home, '.config', 'cosh', 'setup.json'), JSON.stringify({ sandbox: { unixSockets: true } }));

  it.skipIf(!hasTmux)(
    "B14: the user's tmux server cannot be driven from the sandbox; with unixSockets true it can",
    async () => {
      const socket = startTmux();
      const drive = `tmux -S ${socket} send-keys -t user 'touch ${pwned}' Enter; echo send:$?; tmux -S ${socket} ls; echo ls:$?`;
      const refused = await agent(drive);
      expect(refused.stdout).not.toContain('send:0');
      expect(refused.stdout).not.toContain('ls:0');
      expect(refused.stdout).not.toContain('user: 1 windows');
      await allowSockets();
      const allowed = await agent(`tmux -S ${socket} ls; echo ls:$?`);
      expect(allowed.stdout).toContain('ls:0');
      expect(allowed.stdout).toContain('user: 1 windows');
    },
    60_000,
  );

  it.skipIf(!hasPython)(
    'B14: an abstract socket of the user cannot be reached (EPERM); with unixSockets true it answers',
    async () => {
      const name = `cosh-b14-${process.pid}-${Date.now()}`;
      await startAbstractListener(name);
      // Outside the sandbox it answers.
      expect(spawnSync('sh', ['-c', connectAbstract(name)], { encoding: 'utf8' }).stdout).toBe('served\n');
      const refused = await agent(connectAbstract(name));
      expect(refused.stdout).toContain('refused 1\n');
      await allowSockets();
      const allowed = await agent(connectAbstract(name));
      expect(allowed.stdout).toContain('served\n');
    },
    60_000,
  );

  it.skipIf(!hasPython)(
    'B14/B4: TCP and UDP still work inside (a loopback TCP echo, a UDP socket)',
    async () => {
      const result = await agent(
        `python3 -c 'import socket
srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM); srv.bind(("127.0.0.1", 0)); srv.listen(1)
c = socket.create_connection(srv.getsockname()); a, _ = srv.accept(); a.sendall(b"tcp"); print(c.recv(3).decode())
u = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM); print("udp6")'`,
      );
      expect(result.stdout).toContain('tcp\nudp6\n');
    },
    60_000,
  );

  it('B14/C6: unixSockets in a project file is an error, and the sandbox keeps refusing sockets', async () => {
    await mkdir(join(project, '.cosh'));
    await writeFile(join(project, '.cosh', 'setup.json'), JSON.stringify({ sandbox: { unixSockets: true } }));
    const result = await runCosh(['hooks', 'validate'], {
      cwd: project,
      env: { HOME: home, COSH_TRUST: 'all' },
    });
    expect(result.code).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain('"sandbox" cannot be set in a project file');
  }, 60_000);
});
