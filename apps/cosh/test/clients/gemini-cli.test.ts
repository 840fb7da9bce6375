// The real Gemini CLI (pinned in the repository's clients/ folder), run non-interactively
// (`gemini -p`) against a fake Gemini API on 127.0.0.1 and wired to the built Cosh by `cosh
// connect gemini` (K10, X), which speaks Gemini's own hook protocol (BeforeTool/AfterTool).
// Gemini's own approval is off (yolo, every folder trusted), so what stops a call is Cosh alone.
// Every case is asserted from outside: the files on disk and the tool result the fake model
// receives next.
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../__fixtures__/cli-run.ts';
import { agents, coshBin } from './agents.ts';
import { projectFolder, runScene, shellsOnlyBin } from './client-scene.ts';
import { addContext, allowShell, CONTEXT_MARKER, denyRmRf, haltShell, rewriteShell } from './guards.ts';

const makeFolder = temporaryFolders('cosh-gemini-cli-');
const gemini = agents.gemini;
const removeVictim = gemini.shellCall('rm -rf victim');

beforeAll(async () => {
  await assertBuilt();
});

describe('Gemini CLI 0.61 driven offline, wired by cosh connect gemini (K10)', () => {
  it('K10: a Cosh deny keeps the victim folder and the model receives the reason as the tool result', async () => {
    const scene = await runScene('gemini', makeFolder(), { calls: [removeVictim], setup: { PreToolUse: [denyRmRf] } });
    expect(scene.run.code, scene.run.stderr).toBe(0);
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('recursive rm is not allowed')]);
  });

  it("K10: without the bridge the same call removes the victim folder (the deny above is Cosh's)", async () => {
    const scene = await runScene('gemini', makeFolder(), { calls: [removeVictim], connect: false });
    expect(await scene.exists('victim')).toBe(false);
  });

  it('K10: a Cosh allow runs the call and its output reaches the model', async () => {
    const scene = await runScene('gemini', makeFolder(), {
      calls: [gemini.shellCall('echo allowed-output; echo ran > ran.txt')],
      setup: { PreToolUse: [allowShell] },
    });
    expect(await scene.read('ran.txt')).toBe('ran\n');
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('allowed-output')]);
  });

  it('K10: a rewrite with an allow runs the rewritten command, not the original', async () => {
    const scene = await runScene('gemini', makeFolder(), {
      calls: [gemini.shellCall('echo original > original.txt; echo original')],
      setup: { PreToolUse: [rewriteShell('echo rewritten > rewritten.txt; echo rewritten')] },
    });
    expect(await scene.exists('original.txt')).toBe(false);
    expect(await scene.read('rewritten.txt')).toBe('rewritten\n');
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('rewritten')]);
  });

  it("K10: a PostToolUse context reaches the model's next request", async () => {
    const scene = await runScene('gemini', makeFolder(), {
      calls: [gemini.shellCall('echo context-case')],
      setup: { PreToolUse: [allowShell], PostToolUse: [addContext] },
    });
    const turns = scene.api.turns();
    expect(turns).toHaveLength(2);
    expect(turns[0]?.text).not.toContain(CONTEXT_MARKER);
    expect(turns[1]?.toolResults).toEqual([expect.stringContaining('context-case')]);
    expect(turns[1]?.text).toContain(CONTEXT_MARKER);
  });

  it('K10: a halt stops the turn without running the call', async () => {
    const scene = await runScene('gemini', makeFolder(), {
      calls: [gemini.shellCall('echo ran > halted.txt; rm -rf victim')],
      setup: { PreToolUse: [allowShell, haltShell] },
    });
    expect(await scene.exists('halted.txt')).toBe(false);
    expect(await scene.exists('victim/keep')).toBe(true);
    // The turn ended: the model was not asked again after its tool call.
    expect(scene.api.turns()).toHaveLength(1);
  });

  it('S5: a user setup.json nobody trusted blocks every call (no terminal, no COSH_TRUST)', async () => {
    const scene = await runScene('gemini', makeFolder(), {
      calls: [removeVictim],
      setup: { PreToolUse: [allowShell] },
      env: { COSH_TRUST: undefined },
    });
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('is not trusted yet')]);
  });

  it('K10/C6: a broken setup.json blocks every call (fail closed)', async () => {
    const scene = await runScene('gemini', makeFolder(), {
      calls: [removeVictim],
      setup: '{"hooks": {"PreToolUse": [',
    });
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringMatching(/setup\.json/)]);
  });

  it('K8/K10: the fail-closed hook command blocks when Cosh is gone from where it was wired', async () => {
    const folder = makeFolder();
    const scene = await runScene('gemini', folder, {
      calls: [removeVictim],
      setup: { PreToolUse: [] },
      editSettings: (text) => text.replaceAll(coshBin, `${folder}/uninstalled/cosh`),
    });
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('cosh gemini-hook failed')]);
  });

  it('K8/K10: the fail-closed hook command blocks when Cosh cannot start (no node on PATH)', async () => {
    const folder = makeFolder();
    const scene = await runScene('gemini', folder, {
      calls: [removeVictim],
      setup: { PreToolUse: [] },
      env: { PATH: await shellsOnlyBin(folder) },
    });
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('cosh gemini-hook failed')]);
  });

  // Gemini refuses to touch .env itself ("Path not in workspace"), so the guarded file here is another.
  it("K10/K3: Gemini's replace of a protected file is denied by an fs_edit guard; another file's goes through", async () => {
    const folder = makeFolder();
    const edit = (file: string) => ({
      name: 'replace',
      input: {
        file_path: join(projectFolder(folder), file),
        old_string: 'old',
        new_string: 'new',
        instruction: 'edit',
      },
    });
    const guard = {
      matcher: '^fs_edit$',
      command: `grep -q 'locked.txt"' && { echo 'locked.txt is protected' >&2; exit 2; }; exit 0`,
    };
    const scene = await runScene('gemini', folder, {
      calls: [edit('locked.txt'), edit('notes.txt')],
      files: { 'locked.txt': 'old\n', 'notes.txt': 'old\n' },
      setup: { PreToolUse: [guard] },
    });
    expect(await scene.read('locked.txt')).toBe('old\n');
    expect(await scene.read('notes.txt')).toBe('new\n');
    expect(scene.api.lastToolResults()).toEqual([
      expect.stringContaining('locked.txt is protected'),
      expect.stringContaining('Successfully modified'),
    ]);
  });
});
