import { describe, expect, it } from 'vitest';
import {
  CODEX_PROFILE_TABLES,
  judgeCodexFence,
  planCodexFence,
  readCodexToml,
  unfenceCodexText,
} from './codex-fence.ts';
import { judgeGeminiFence } from '../gemini/gemini-fence.ts';

const file = '/home/ada/.codex/config.toml';
const original = [
  '# my settings',
  'model = "gpt-5"',
  'sandbox_mode = "workspace-write"',
  '',
  '[model_providers.fake]',
  'name = "fake"',
  '',
].join('\n');

describe('Codex CLI fence (SPEC B9)', () => {
  it('B9: --fence writes the permission profile of FENCES.md, removes sandbox_mode, keeps every other line', () => {
    const plan = planCodexFence(original, readCodexToml(original, file), file);
    const text = plan.text as string;
    expect(plan.removedLines).toEqual(['sandbox_mode = "workspace-write"']);
    expect(plan.replacedDefaultPermissions).toBeNull();
    const value = readCodexToml(text, file);
    expect(value['sandbox_mode']).toBeUndefined();
    expect(value['default_permissions']).toBe('cosh');
    expect(value['permissions']).toEqual({
      cosh: {
        extends: ':workspace',
        filesystem: {
          ':workspace_roots': { '.cosh': 'read', '.git': 'write', '.git/hooks': 'read', '.git/config': 'read' },
        },
      },
    });
    expect(value['model_providers']).toEqual({ fake: { name: 'fake' } });
    expect(text).toContain('# my settings\nmodel = "gpt-5"\n');
    expect(text.endsWith(`${CODEX_PROFILE_TABLES}\n`)).toBe(true);
    expect(judgeCodexFence([{ scope: 'user', file, value }])).toEqual({ fenced: true, reasons: [] });
    // Twice changes nothing.
    expect(planCodexFence(text, value, file).text).toBeNull();
  });

  it('B9/X: disconnect puts back the file as it was', () => {
    const plan = planCodexFence(original, readCodexToml(original, file), file);
    expect(unfenceCodexText(plan.text as string, plan)).toBe(original);
    const other = 'default_permissions = "mine"\n\n[permissions.mine]\nextends = ":workspace"\n';
    const replaced = planCodexFence(other, readCodexToml(other, file), file);
    expect(replaced.replacedDefaultPermissions).toBe('mine');
    expect(unfenceCodexText(replaced.text as string, replaced)).toBe(other);
  });

  it('B9: judges the effective sandbox: a trusted project layer with danger-full-access lifts the fence', () => {
    const fenced = readCodexToml(planCodexFence('', {}, file).text as string, file);
    const judged = judgeCodexFence([
      { scope: 'user', file, value: fenced },
      { scope: 'project', file: '/p/.codex/config.toml', value: { sandbox_mode: 'danger-full-access' } },
    ]);
    expect(judged.fenced).toBe(false);
    expect(judged.reasons[0]).toMatch(/^\/p\/\.codex\/config\.toml sets sandbox_mode = "danger-full-access"/);
    expect(judgeCodexFence([{ scope: 'user', file, value: { sandbox_mode: 'read-only' } }]).fenced).toBe(true);
    expect(judgeCodexFence([{ scope: 'user', file, value: { sandbox_mode: 'workspace-write' } }]).fenced).toBe(false);
    expect(judgeCodexFence([{ scope: 'user', file, value: undefined }]).fenced).toBe(false);
    const weak = { default_permissions: 'p', permissions: { p: { extends: ':workspace' } } };
    expect(judgeCodexFence([{ scope: 'user', file, value: weak }]).reasons).toEqual([
      `${file}: [permissions.p] leaves .cosh, .git/hooks, .git/config writable`,
    ]);
  });

  it('B9: a config.toml that is not TOML is reported with its line and column', () => {
    expect(() => readCodexToml('a = 1\nb = = 2\n', file)).toThrow(/^\/home\/ada\/\.codex\/config\.toml:2:\d+: /);
  });
});

describe('Gemini CLI fence (SPEC B9)', () => {
  it('B9: fenced only by its own tools.sandbox; the project layer wins, GEMINI_SANDBOX over both', () => {
    const user = { scope: 'user' as const, file: '/h/.gemini/settings.json', value: { tools: { sandbox: 'docker' } } };
    expect(judgeGeminiFence([user], {}).fenced).toBe(true);
    expect(judgeGeminiFence([], {}).fenced).toBe(false);
    expect(
      judgeGeminiFence(
        [user, { scope: 'project', file: '/p/.gemini/settings.json', value: { tools: { sandbox: false } } }],
        {},
      ).fenced,
    ).toBe(false);
    expect(judgeGeminiFence([user], { GEMINI_SANDBOX: 'false' }).fenced).toBe(false);
  });
});
