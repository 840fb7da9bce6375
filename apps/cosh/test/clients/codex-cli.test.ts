// The real Codex CLI (pinned in the repository's clients/ folder), run non-interactively (`codex
// exec`) against a fake OpenAI Responses API on 127.0.0.1 and wired to the built Cosh by `cosh
// connect codex` (K9, X). Codex's own approvals and sandbox are off, so what stops a call is Cosh
// alone; its hook trust is bypassed by its own flag (agents.ts says why). Every case is asserted
// from outside: the files on disk and the tool result the fake model receives next.
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../__fixtures__/cli-run.ts';
import { agents, coshBin } from './agents.ts';
import { runScene, shellsOnlyBin } from './client-scene.ts';
import { addContext, allowShell, CONTEXT_MARKER, denyRmRf, haltShell, rewriteShell } from './guards.ts';

const makeFolder = temporaryFolders('cosh-codex-cli-');
const codex = agents.codex;
// Codex refuses `rm -rf` itself ("rm -f style commands are not permitted"): `rm -r` it runs.
const removeVictim = codex.shellCall('rm -r victim');

beforeAll(async () => {
  await assertBuilt();
});

describe('Codex CLI 0.171 driven offline, wired by cosh connect codex (K9)', () => {
  it('K9: a Cosh deny keeps the victim folder and the model receives the reason as the tool result', async () => {
    const scene = await runScene('codex', makeFolder(), { calls: [removeVictim], setup: { PreToolUse: [denyRmRf] } });
    expect(scene.run.code, scene.run.stderr).toBe(0);
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('recursive rm is not allowed')]);
  });

  it("K9: without the bridge the same call removes the victim folder (the deny above is Cosh's)", async () => {
    const scene = await runScene('codex', makeFolder(), { calls: [removeVictim], connect: false });
    expect(await scene.exists('victim')).toBe(false);
  });

  it('K9: a Cosh allow runs the call and its output reaches the model', async () => {
    const scene = await runScene('codex', makeFolder(), {
      calls: [codex.shellCall('echo allowed-output; echo ran > ran.txt')],
      setup: { PreToolUse: [allowShell] },
    });
    expect(await scene.read('ran.txt')).toBe('ran\n');
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('allowed-output')]);
  });

  it('K9: a rewrite with an allow runs the rewritten command, not the original', async () => {
    const scene = await runScene('codex', makeFolder(), {
      calls: [codex.shellCall('echo original > original.txt; echo original')],
      setup: { PreToolUse: [rewriteShell('echo rewritten > rewritten.txt; echo rewritten')] },
    });
    expect(await scene.exists('original.txt')).toBe(false);
    expect(await scene.read('rewritten.txt')).toBe('rewritten\n');
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('rewritten')]);
  });

  it('K9: a rewrite without an allow, which Codex would drop, is a deny that shows the rewrite', async () => {
    const scene = await runScene('codex', makeFolder(), {
      calls: [codex.shellCall('echo original > original.txt')],
      setup: { PreToolUse: [rewriteShell('echo rewritten > rewritten.txt', 'none')] },
    });
    expect(await scene.exists('original.txt')).toBe(false);
    expect(await scene.exists('rewritten.txt')).toBe(false);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('echo rewritten > rewritten.txt')]);
  });

  it("K9: a PostToolUse context reaches the model's next request", async () => {
    const scene = await runScene('codex', makeFolder(), {
      calls: [codex.shellCall('echo context-case')],
      setup: { PreToolUse: [allowShell], PostToolUse: [addContext] },
    });
    const turns = scene.api.turns();
    expect(turns).toHaveLength(2);
    expect(turns[0]?.text).not.toContain(CONTEXT_MARKER);
    expect(turns[1]?.toolResults).toEqual([expect.stringContaining('context-case')]);
    expect(turns[1]?.text).toContain(CONTEXT_MARKER);
  });

  it('K9: a halt, which Codex would run through, is a deny: the call never runs', async () => {
    const scene = await runScene('codex', makeFolder(), {
      calls: [codex.shellCall('echo ran > halted.txt; rm -r victim')],
      setup: { PreToolUse: [allowShell, haltShell] },
    });
    expect(await scene.exists('halted.txt')).toBe(false);
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('cosh halts this turn')]);
  });

  it('S5: a user setup.json nobody trusted blocks every call (no terminal, no COSH_TRUST)', async () => {
    const scene = await runScene('codex', makeFolder(), {
      calls: [removeVictim],
      setup: { PreToolUse: [allowShell] },
      env: { COSH_TRUST: undefined },
    });
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('is not trusted yet')]);
  });

  it('K9/C6: a broken setup.json blocks every call (fail closed)', async () => {
    const scene = await runScene('codex', makeFolder(), { calls: [removeVictim], setup: '{"hooks": {"PreToolUse": [' });
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringMatching(/setup\.json/)]);
  });

  it('K8/K9: the fail-closed hook command blocks when Cosh is gone from where it was wired', async () => {
    const folder = makeFolder();
    const scene = await runScene('codex', folder, {
      calls: [removeVictim],
      setup: { PreToolUse: [] },
      editSettings: (text) => text.replaceAll(coshBin, `${folder}/uninstalled/cosh`),
    });
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('cosh claude-hook failed')]);
  });

  it('K8/K9: the fail-closed hook command blocks when Cosh cannot start (no node on PATH)', async () => {
    const folder = makeFolder();
    const scene = await runScene('codex', folder, {
      calls: [removeVictim],
      setup: { PreToolUse: [] },
      env: { PATH: await shellsOnlyBin(folder) },
    });
    expect(await scene.exists('victim/keep')).toBe(true);
    expect(scene.api.lastToolResults()).toEqual([expect.stringContaining('cosh claude-hook failed')]);
  });

  // Codex 0.171 offers this fake model no apply_patch tool; a patch the model gives its shell tool
  // (`apply_patch <<'PATCH' …`) is applied by Codex itself and reaches the hook as Bash: the bridge
  // reads that command as the patch too (K9), so the fs_edit guard sees the edit.
  it("K9/K3: Codex's apply_patch of a protected file is denied by an fs_edit guard; another file's goes through", async () => {
    const patch = (file: string) =>
      codex.shellCall(
        `apply_patch <<'PATCH'\n*** Begin Patch\n*** Update File: ${file}\n@@\n-old\n+new\n*** End Patch\nPATCH`,
      );
    const guard = {
      matcher: '^fs_edit$',
      command: `grep -q 'locked.txt"' && { echo 'locked.txt is protected' >&2; exit 2; }; exit 0`,
    };
    const scene = await runScene('codex', makeFolder(), {
      calls: [patch('locked.txt'), patch('notes.txt')],
      files: { 'locked.txt': 'old\n', 'notes.txt': 'old\n' },
      setup: { PreToolUse: [guard] },
    });
    expect(await scene.read('locked.txt')).toBe('old\n');
    expect(await scene.read('notes.txt')).toBe('new\n');
    expect(scene.api.lastToolResults()).toEqual([
      expect.stringContaining('locked.txt is protected'),
      expect.anything(),
    ]);
  });
});
