// The real Claude Code (pinned in the repository's clients/ folder), run non-interactively
// (`claude -p`) against a fake Anthropic API on 127.0.0.1 and wired to the built Cosh by `cosh
// connect claude`: its PreToolUse/PostToolUse hooks in the fail-closed form (K8, X). Every case
// is asserted from outside: the files on disk and the tool result the fake model receives in its
// next request.
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../__fixtures__/cli-run.ts';
import { agents, coshBin } from './agents.ts';
import { projectFolder, runScene, shellsOnlyBin } from './client-scene.ts';
import { FINAL_TEXT } from './fake-model-api.ts';
import { addContext, allowShell, CONTEXT_MARKER, denyEnvEdit, denyRmRf, haltShell, rewriteShell } from './guards.ts';

const makeFolder = temporaryFolders('cosh-claude-code-');
const claude = agents.claude;
const removeVictim = claude.shellCall('rm -rf victim');

/** git's identity for a commit, without a ~/.gitconfig. */
const GIT_ENV = {
  PATH: '/usr/local/bin:/usr/bin:/bin',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.invalid',
};

/** The names Claude Code's sandbox shows as /dev/null placeholders in the project (shared/FENCES.md). */
const SANDBOX_PLACEHOLDERS = [
  '.bashrc',
  '.bash_profile',
  '.profile',
  '.zshrc',
  '.zprofile',
  '.gitconfig',
  '.gitmodules',
  '.idea',
  '.vscode',
  '.mcp.json',
  '.ripgreprc',
  '.claude',
];

beforeAll(async () => {
  await assertBuilt();
});

describe('Claude Code 2.1 driven offline, wired by the K8 bridge', () => {
  it('K8: a Cosh deny keeps the victim folder and the model receives the reason as the tool result', async () => {
    const scene = await runScene('claude', makeFolder(), { calls: [removeVictim], setup: { PreToolUse: [denyRmRf] } });
    expect(scene.run.code).toBe(0);
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('recursive rm is not allowed')]);
    expect(JSON.parse(scene.run.stdout)).toMatchObject({ result: FINAL_TEXT });
  });

  it("K8: without the bridge the same call removes the victim folder (the deny above is Cosh's)", async () => {
    const scene = await runScene('claude', makeFolder(), { calls: [removeVictim], connect: false });
    expect(await scene.exists('victim')).toBe(false);
  });

  it("K8: a Cosh allow runs a call Claude's own permission system would refuse", async () => {
    // Writing outside the working folder needs a person's approval in acceptEdits mode: `-p`
    // has none, so the call runs only because Cosh answered allow.
    const call = claude.shellCall('echo allowed-output; echo ran > ../outside.txt');
    // Without the fence (B9): Claude's sandbox auto-allows a sandboxed command and keeps it in the
    // working folder itself; this case is about Claude's permission question.
    const refused = await runScene('claude', makeFolder(), { calls: [call], setup: { PreToolUse: [] }, fence: false });
    expect(refused.api.lastToolResults()).toEqual([expect.stringContaining('needs approval')]);
    expect(await refused.exists('../outside.txt')).toBe(false);

    const allowed = await runScene('claude', makeFolder(), {
      calls: [call],
      setup: { PreToolUse: [allowShell] },
      fence: false,
    });
    expect(await allowed.read('../outside.txt')).toBe('ran\n');
    expect(allowed.api.lastToolResults()).toEqual(['allowed-output']);
  });

  it('K8: a rewrite runs the rewritten command, not the original', async () => {
    const scene = await runScene('claude', makeFolder(), {
      calls: [claude.shellCall('echo original > original.txt; echo original')],
      setup: { PreToolUse: [rewriteShell('echo rewritten > rewritten.txt; echo rewritten')] },
    });
    expect(await scene.exists('original.txt')).toBe(false);
    expect(await scene.read('rewritten.txt')).toBe('rewritten\n');
    expect(scene.api.lastToolResults()).toEqual(['rewritten']);
  });

  it("K8: a PostToolUse context reaches the model's next request", async () => {
    const scene = await runScene('claude', makeFolder(), {
      calls: [claude.shellCall('echo context-case')],
      setup: { PreToolUse: [allowShell], PostToolUse: [addContext] },
    });
    const turns = scene.api.turns();
    expect(turns).toHaveLength(2);
    expect(turns[0]?.text).not.toContain(CONTEXT_MARKER);
    expect(turns[1]?.toolResults).toEqual(['context-case']);
    expect(turns[1]?.text).toContain(CONTEXT_MARKER);
  });

  it('K8: a halt stops the turn without running the call', async () => {
    const scene = await runScene('claude', makeFolder(), {
      calls: [claude.shellCall('echo ran > halted.txt; rm -rf victim')],
      setup: { PreToolUse: [allowShell, haltShell] },
    });
    expect(await scene.exists('halted.txt')).toBe(false);
    expect(await scene.exists('victim/keep')).toBe(true);
    // The turn ended: the model was not asked again after its tool call.
    expect(scene.api.turns()).toHaveLength(1);
    expect(JSON.parse(scene.run.stdout)).toMatchObject({ terminal_reason: 'hook_stopped' });
  });

  it('S5: a user setup.json nobody trusted blocks every call (no terminal, no COSH_TRUST)', async () => {
    const scene = await runScene('claude', makeFolder(), {
      calls: [removeVictim],
      setup: { PreToolUse: [allowShell] },
      env: { COSH_TRUST: undefined },
    });
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('is not trusted yet')]);
  });

  it('K8/C6: a broken setup.json blocks every call (fail closed)', async () => {
    const scene = await runScene('claude', makeFolder(), {
      calls: [removeVictim],
      setup: '{"hooks": {"PreToolUse": [',
    });
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringMatching(/setup\.json/)]);
  });

  it('K8/C10: COSH_CONFIG naming a missing file blocks every call (fail closed)', async () => {
    const folder = makeFolder();
    const scene = await runScene('claude', folder, {
      calls: [removeVictim],
      env: { COSH_CONFIG: `${folder}/no-such-setup.json` },
    });
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('no-such-setup.json')]);
  });

  it('K8: the fail-closed hook command blocks when Cosh is gone from where it was wired', async () => {
    const folder = makeFolder();
    const scene = await runScene('claude', folder, {
      calls: [removeVictim],
      setup: { PreToolUse: [] },
      editSettings: (text) => text.replaceAll(coshBin, `${folder}/uninstalled/cosh`),
    });
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('cosh claude-hook failed')]);
  });

  it('K8: the fail-closed hook command blocks when Cosh cannot start (no node on PATH)', async () => {
    const folder = makeFolder();
    const scene = await runScene('claude', folder, {
      calls: [removeVictim],
      setup: { PreToolUse: [] },
      env: { PATH: await shellsOnlyBin(folder) },
    });
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('cosh claude-hook failed')]);
  });

  // Before K3 mapped Claude's Edit to fs_edit, the guard never saw the call and Claude edited .env.
  it('K3/K8: an Edit of .env is denied by an fs_edit guard', async () => {
    // Claude edits only a file it has read in this session: the model reads .env first.
    const folder = makeFolder();
    const envFile = join(projectFolder(folder), '.env');
    const scene = await runScene('claude', folder, {
      calls: [
        { name: 'Read', input: { file_path: envFile } },
        { name: 'Edit', input: { file_path: envFile, old_string: 'TOKEN=old', new_string: 'TOKEN=stolen' } },
      ],
      files: { '.env': 'TOKEN=old\n' },
      setup: { PreToolUse: [denyEnvEdit] },
    });
    expect(await scene.read('.env')).toBe('TOKEN=old\n');
    expect(scene.api.lastToolResults()).toEqual([
      expect.stringContaining('TOKEN=old'),
      expect.stringContaining('.env is protected'),
    ]);
  });

  it('K3/K8: the same fs_edit guard lets an Edit of another file through', async () => {
    const folder = makeFolder();
    const notes = join(projectFolder(folder), 'notes.txt');
    const scene = await runScene('claude', folder, {
      calls: [
        { name: 'Read', input: { file_path: notes } },
        { name: 'Edit', input: { file_path: notes, old_string: 'draft', new_string: 'final' } },
      ],
      files: { 'notes.txt': 'draft\n' },
      setup: { PreToolUse: [denyEnvEdit] },
    });
    expect(await scene.read('notes.txt')).toBe('final\n');
    expect(scene.api.lastToolResults()).toHaveLength(2);
    expect(scene.api.lastToolResults()[1]).not.toContain('protected');
  });

  describe("connected with cosh connect claude --fence (B9): Claude Code's own tools cannot change Cosh's files", () => {
    it("B9: Claude's own Write of the trust store is stopped, and the trust store is unchanged", async () => {
      const folder = makeFolder();
      const trustStore = join(folder, 'home', '.local', 'state', 'cosh', 'trust.json');
      await mkdir(dirname(trustStore), { recursive: true });
      await writeFile(trustStore, '{"version": 1}\n');
      const scene = await runScene('claude', folder, {
        // Claude writes over a file only after reading it in the session: the model reads it first.
        calls: [
          { name: 'Read', input: { file_path: trustStore } },
          { name: 'Write', input: { file_path: trustStore, content: '{"forged": true}\n' } },
        ],
        // A Cosh allow skips Claude's own question for a path outside the project (see the K8
        // allow case above): without the fence, this Write goes through.
        setup: { PreToolUse: [{ matcher: '^fs_(read|write)$', command: `echo '{"decision": "allow"}'` }] },
        fence: true,
      });
      expect(await readFile(trustStore, 'utf8')).toBe('{"version": 1}\n');
      const [read, result] = scene.api.lastToolResults();
      expect(read).toContain('"version": 1');
      // permissions.deny (B9) or the bridge's own refusal (B8), whichever answers first.
      expect(result).toMatch(/denied|cosh:|not allowed|permission/i);
    });

    it("B9: Claude's own Bash rewriting a guard script fails with Read-only file system, and the guard still guards", async () => {
      const folder = makeFolder();
      const guard = join(folder, 'home', '.config', 'cosh', 'guard.sh');
      await mkdir(dirname(guard), { recursive: true });
      const guardText = "grep -q 'rm -r' && { echo 'recursive rm is not allowed' >&2; exit 2; }; exit 0\n";
      await writeFile(guard, guardText);
      const scene = await runScene('claude', folder, {
        calls: [claude.shellCall(`echo 'exit 0' > ${guard}`), removeVictim],
        setup: { PreToolUse: [{ matcher: '^bash_run$', command: `sh ${guard}` }] },
        fence: true,
      });
      expect(await readFile(guard, 'utf8')).toBe(guardText);
      expect(await scene.exists('victim/keep')).toBe(true);
      expect(scene.api.lastToolResults()).toEqual([
        expect.stringContaining('Read-only file system'),
        expect.stringContaining('recursive rm is not allowed'),
      ]);
    });

    it('B9: ordinary work still succeeds under the fence: edit a file, run a build command, git commit', async () => {
      const folder = makeFolder();
      const project = projectFolder(folder);
      await mkdir(project, { recursive: true });
      await writeFile(join(project, 'notes.txt'), 'draft\n');
      const git = (...args: string[]) => promisify(execFile)('git', args, { cwd: project, env: GIT_ENV });
      await git('init', '-q');
      // Claude's sandbox shows /dev/null placeholders for absent dotfiles in the project
      // (shared/FENCES.md): `git add -A` would trip on them unless they are ignored.
      await writeFile(join(project, '.git', 'info', 'exclude'), `${SANDBOX_PLACEHOLDERS.join('\n')}\n`);
      const notes = join(project, 'notes.txt');
      const scene = await runScene('claude', folder, {
        calls: [
          { name: 'Read', input: { file_path: notes } },
          { name: 'Edit', input: { file_path: notes, old_string: 'draft', new_string: 'final' } },
          claude.shellCall(`node -e "require('fs').writeFileSync('built.txt', 'built\\n')" && echo build-done`),
          claude.shellCall('git add -A && git commit -q -m work && git log --format=%s && echo commit-done'),
        ],
        setup: { PreToolUse: [denyRmRf] },
        env: GIT_ENV,
        fence: true,
      });
      expect(await scene.read('notes.txt')).toBe('final\n');
      expect(await scene.read('built.txt')).toBe('built\n');
      const results = scene.api.lastToolResults();
      expect(results).toHaveLength(4);
      expect(results[2]).toContain('build-done');
      expect(results[3]).toContain('commit-done');
      const { stdout } = await git('show', '--name-only', '--format=%s', 'HEAD');
      expect(stdout.split('\n')).toEqual(expect.arrayContaining(['work', 'built.txt', 'notes.txt']));
    });
  });
});
