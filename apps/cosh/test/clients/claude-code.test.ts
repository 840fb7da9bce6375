// The real Claude Code (pinned in the repository's clients/ folder), run non-interactively
// (`claude -p`) against a fake Anthropic API on 127.0.0.1 and wired to the built Cosh by `cosh
// connect claude`: its PreToolUse/PostToolUse hooks in the fail-closed form (K8, X). Every case
// is asserted from outside: the files on disk and the tool result the fake model receives in its
// next request.
import { join } from 'node:path';
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
    const refused = await runScene('claude', makeFolder(), { calls: [call], setup: { PreToolUse: [] } });
    expect(refused.api.lastToolResults()).toEqual([expect.stringContaining('needs approval')]);
    expect(await refused.exists('../outside.txt')).toBe(false);

    const allowed = await runScene('claude', makeFolder(), { calls: [call], setup: { PreToolUse: [allowShell] } });
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
});
