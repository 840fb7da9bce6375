import { describe, expect, it } from 'vitest';
import {
  checkClaudeShapes,
  claudeEditRule,
  claudeFenceWanted,
  judgeClaudeFence,
  planClaudeFence,
} from './claude-fence.ts';
import { FenceInputError } from '../../client-fence/fence-judgement.ts';

const home = '/home/ada';
const wanted = claudeFenceWanted(
  [
    { path: '/home/ada/.config/cosh', kind: 'folder', what: 'config' },
    { path: '/opt/cosh', kind: 'folder', what: 'installation' },
    { path: '/home/ada/.claude/settings.json', kind: 'file', what: 'settings' },
  ],
  home,
);

describe('Claude Code fence (SPEC B9)', () => {
  it('B9: spells paths as FENCES.md measured: ~/ under home, //abs for Edit rules, no single leading slash', () => {
    expect(wanted.denyWrite).toEqual(['~/.config/cosh', '/opt/cosh', '~/.claude/settings.json']);
    expect(wanted.denyEdit).toEqual([
      'Edit(~/.config/cosh/**)',
      'Edit(//opt/cosh/**)',
      'Edit(~/.claude/settings.json)',
    ]);
    expect(claudeEditRule({ path: '/srv/x', kind: 'folder', what: '' }, home)).toBe('Edit(//srv/x/**)');
  });

  it('B9: a file without sandbox gets the whole block, every switch, and the deny rules; no Bash allow rule', () => {
    const plan = planClaudeFence({ model: 'x' }, wanted, false);
    expect(plan.edits).toEqual([
      {
        path: ['sandbox'],
        value: {
          enabled: true,
          failIfUnavailable: true,
          autoAllowBashIfSandboxed: true,
          allowUnsandboxedCommands: false,
          filesystem: { denyWrite: wanted.denyWrite },
        },
      },
      { path: ['permissions'], value: { deny: wanted.denyEdit } },
    ]);
    expect(JSON.stringify(plan.edits)).not.toMatch(/Bash\(/);
    expect(plan.kept).toEqual([]);
  });

  it('B9: merges into what is there and never weakens: enabled:false is kept and reported without --fence', () => {
    const value = {
      sandbox: {
        enabled: false,
        autoAllowBashIfSandboxed: false,
        filesystem: { denyWrite: ['~/.config/cosh', '/mine'] },
      },
      permissions: { deny: ['Bash(rm:*)'], allow: ['Read'] },
    };
    const plan = planClaudeFence(value, wanted, false);
    expect(plan.kept).toEqual(['"sandbox"."enabled" is false: kept (cosh connect claude --fence sets it to true)']);
    expect(plan.edits).toContainEqual({ path: ['sandbox', 'failIfUnavailable'], value: true });
    expect(plan.edits).toContainEqual({ path: ['sandbox', 'allowUnsandboxedCommands'], value: false });
    // autoAllowBashIfSandboxed: false asks more: kept as written, not reported.
    expect(plan.edits.some((edit) => edit.path.includes('autoAllowBashIfSandboxed'))).toBe(false);
    expect(plan.edits).toContainEqual({
      path: ['sandbox', 'filesystem', 'denyWrite', 2],
      value: '/opt/cosh',
      insert: true,
    });
    expect(plan.edits).toContainEqual({
      path: ['permissions', 'deny', 1],
      value: 'Edit(~/.config/cosh/**)',
      insert: true,
    });
    expect(plan.edits.some((edit) => edit.path[0] === 'sandbox' && edit.path[1] === 'enabled')).toBe(false);
  });

  it('B9: --fence replaces a weakening switch and records the value it replaced', () => {
    const plan = planClaudeFence({ sandbox: { enabled: false, allowUnsandboxedCommands: true } }, wanted, true);
    expect(plan.kept).toEqual([]);
    expect(plan.changes).toContainEqual({
      kind: 'replaced',
      path: ['sandbox', 'enabled'],
      value: true,
      previous: false,
    });
    expect(plan.changes).toContainEqual({
      kind: 'replaced',
      path: ['sandbox', 'allowUnsandboxedCommands'],
      value: false,
      previous: true,
    });
  });

  it('B9: a sandbox of the wrong type is reported with file:line:col, never overwritten', () => {
    const text = '{\n  "model": "x",\n  "sandbox": true\n}\n';
    expect(() => checkClaudeShapes(text, '/s.json', JSON.parse(text))).toThrow(FenceInputError);
    expect(() => checkClaudeShapes(text, '/s.json', JSON.parse(text))).toThrow(
      '/s.json:3:14: "sandbox" is not an object',
    );
    const list = '{"permissions": {"deny": "Edit(x)"}}';
    expect(() => checkClaudeShapes(list, '/s.json', JSON.parse(list))).toThrow(
      '/s.json:1:26: "permissions.deny" is not a list',
    );
  });

  describe('judgement on every layer (B9)', () => {
    const fencedUser = {
      scope: 'user' as const,
      file: '/home/ada/.claude/settings.json',
      value: {
        sandbox: {
          enabled: true,
          failIfUnavailable: true,
          allowUnsandboxedCommands: false,
          filesystem: { denyWrite: wanted.denyWrite },
        },
        permissions: { deny: wanted.denyEdit },
      },
    };

    it('B9: the user layer alone, as connect writes it, is fenced', () => {
      expect(judgeClaudeFence([fencedUser], wanted)).toEqual({ fenced: true, reasons: [] });
    });

    it('B9: a project or local layer with enabled:false lifts the fence', () => {
      for (const scope of ['project', 'local'] as const) {
        const judged = judgeClaudeFence(
          [fencedUser, { scope, file: `/p/${scope}.json`, value: { sandbox: { enabled: false } } }],
          wanted,
        );
        expect(judged.fenced).toBe(false);
        expect(judged.reasons).toEqual([`/p/${scope}.json sets "sandbox"."enabled": false`]);
      }
    });

    it('B9: a project excludedCommands lifts the fence', () => {
      const judged = judgeClaudeFence(
        [fencedUser, { scope: 'project', file: '/p/s.json', value: { sandbox: { excludedCommands: ['docker'] } } }],
        wanted,
      );
      expect(judged.reasons).toEqual(['/p/s.json runs commands outside the sandbox ("sandbox"."excludedCommands")']);
    });

    it('B9: managed settings win over a project that switches the sandbox off', () => {
      const judged = judgeClaudeFence(
        [
          { scope: 'project', file: '/p/s.json', value: { sandbox: { enabled: false } } },
          { ...fencedUser, scope: 'managed', file: '/etc/claude-code/managed-settings.json' },
        ],
        wanted,
      );
      expect(judged.fenced).toBe(true);
    });

    it('B9: no settings at all, or a fence that misses a path, is not fenced and says what is missing', () => {
      expect(judgeClaudeFence([], wanted).reasons[0]).toBe('no settings file sets "sandbox"."enabled": true');
      const partial = judgeClaudeFence(
        [{ ...fencedUser, value: { ...fencedUser.value, permissions: { deny: [] } } }],
        wanted,
      );
      expect(partial.reasons).toEqual([`"permissions"."deny" lacks ${wanted.denyEdit.join(', ')}`]);
    });
  });
});
