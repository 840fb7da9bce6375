import { describe, expect, it } from 'vitest';
import type { ConfigLayer } from './config-types.ts';
import { type LayerInput, mergeLayers } from './merge-layers.ts';
import { parseConfig } from './parse-config.ts';

const files: Record<ConfigLayer, string> = {
  managed: '/etc/cosh/setup.json',
  user: '/home/ada/.config/cosh/setup.json',
  project: '/work/repo/.cosh/setup.json',
};

/** A layer from setup.json text, loaded (or shown only, when `loaded` is false). */
function layer(name: ConfigLayer, document: unknown, overrides: Partial<LayerInput> = {}): LayerInput {
  const parsed = parseConfig(JSON.stringify(document, null, 2), files[name], { layer: name });
  if (!parsed.ok) throw parsed.error;
  return {
    layer: name,
    file: files[name],
    config: parsed.config,
    settings: parsed.settings,
    loaded: true,
    hookProblems: [],
    refusal: null,
    ...overrides,
  };
}

const hook = (name: string, extra: Record<string, unknown> = {}) => ({ name, command: `echo ${name}`, ...extra });

/** `layer:name:off` of each hook of an event, in merged order. */
function shown(layers: LayerInput[], event: 'PreToolUse' | 'PostToolUse' = 'PreToolUse'): string[] {
  return mergeLayers(layers).config.hooks[event].map((entry) => `${entry.layer}:${entry.name}:${entry.off ?? 'runs'}`);
}

describe('mergeLayers', () => {
  it('C10: entries are concatenated managed → user → project, each keeping its layer, file and index', () => {
    const { config, warnings } = mergeLayers([
      layer('managed', { hooks: { PreToolUse: [hook('m1'), hook('m2')] } }),
      layer('user', { hooks: { PreToolUse: [hook('u1')], PostToolUse: [hook('u2')] } }),
      layer('project', { hooks: { PreToolUse: [hook('p1')] } }),
    ]);
    expect(warnings).toEqual([]);
    expect(config.hooks.PreToolUse.map((entry) => [entry.layer, entry.name, entry.index, entry.file])).toEqual([
      ['managed', 'm1', 0, files.managed],
      ['managed', 'm2', 1, files.managed],
      ['user', 'u1', 0, files.user],
      ['project', 'p1', 0, files.project],
    ]);
    expect(config.hooks.PostToolUse.map((entry) => entry.name)).toEqual(['u2']);
    expect(config.hooksEnabled).toEqual({
      PreToolUse: true,
      PostToolUse: true,
      UserPromptSubmit: true,
      SessionStart: true,
      Stop: true,
      SessionEnd: true,
    });
    expect(config.refusal).toBeNull();
  });

  it('C10/C7: a managed hooksEnabled value fixes the event for every layer; user and project values for it are ignored with a warning', () => {
    const managedOff = [
      layer('managed', { hooks: { PreToolUse: [hook('m')] }, hooksEnabled: { PreToolUse: false } }),
      layer('user', { hooks: { PreToolUse: [hook('u')] }, hooksEnabled: { PreToolUse: true } }),
    ];
    expect(shown(managedOff)).toEqual(['managed:m:managed-event-disabled', 'user:u:managed-event-disabled']);
    expect(mergeLayers(managedOff).config.hooksEnabled.PreToolUse).toBe(false);

    const managedOn = [
      layer('managed', { hooks: { PreToolUse: [hook('m')] }, hooksEnabled: { PreToolUse: true } }),
      layer('user', { hooks: { PreToolUse: [hook('u')] }, hooksEnabled: { PreToolUse: false } }),
      layer('project', { hooks: { PreToolUse: [hook('p')] }, hooksEnabled: { PreToolUse: false } }),
    ];
    // The user cannot switch the managed policy off, not even for their own hooks.
    expect(shown(managedOn)).toEqual(['managed:m:runs', 'user:u:runs', 'project:p:runs']);
    const { warnings, config } = mergeLayers(managedOn);
    expect(config.hooksEnabled.PreToolUse).toBe(true);
    expect(warnings.map((warning) => [warning.file, warning.problem.line, warning.problem.message])).toEqual([
      [
        files.user,
        11,
        `hooksEnabled.PreToolUse is ignored: the managed file ${files.managed} sets it to true for every layer`,
      ],
      [
        files.project,
        11,
        `hooksEnabled.PreToolUse is ignored: the managed file ${files.managed} sets it to true for every layer`,
      ],
    ]);
  });

  it('C10: where managed names nothing, a user or project false turns off user and project hooks, never managed ones', () => {
    for (const off of ['user', 'project'] as const) {
      const layers = [
        layer('managed', { hooks: { PreToolUse: [hook('m')] } }),
        layer('user', {
          hooks: { PreToolUse: [hook('u')] },
          ...(off === 'user' ? { hooksEnabled: { PreToolUse: false } } : {}),
        }),
        layer('project', {
          hooks: { PreToolUse: [hook('p')] },
          ...(off === 'project' ? { hooksEnabled: { PreToolUse: false } } : {}),
        }),
      ];
      expect(shown(layers)).toEqual(['managed:m:runs', 'user:u:event-disabled', 'project:p:event-disabled']);
      expect(shown(layers, 'PostToolUse')).toEqual([]);
      expect(mergeLayers(layers).config.hooksEnabled).toEqual({
        PreToolUse: false,
        PostToolUse: true,
        UserPromptSubmit: true,
        SessionStart: true,
        Stop: true,
        SessionEnd: true,
      });
      expect(mergeLayers(layers).warnings).toEqual([]);
    }
  });

  it('C5/C10: an entry switched off stays off in any layer', () => {
    expect(
      shown([
        layer('managed', { hooks: { PreToolUse: [hook('m', { enabled: false })] } }),
        layer('user', { hooks: { PreToolUse: [hook('u', { enabled: false }), hook('v')] } }),
      ]),
    ).toEqual(['managed:m:disabled', 'user:u:disabled', 'user:v:runs']);
  });

  it('C10: managed allowManagedHooksOnly loads no user or project hooks, with a warning at that setting', () => {
    const layers = [
      layer('managed', { allowManagedHooksOnly: true, hooks: { PreToolUse: [hook('m')] } }),
      layer('user', { hooks: { PreToolUse: [hook('u')] }, hooksEnabled: { PreToolUse: false } }),
      layer('project', { hooks: { PostToolUse: [hook('p')] } }),
    ];
    expect(shown(layers)).toEqual(['managed:m:runs', 'user:u:managed-only']);
    expect(shown(layers, 'PostToolUse')).toEqual(['project:p:managed-only']);
    const { warnings } = mergeLayers(layers);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.file).toBe(files.managed);
    expect(warnings[0]?.problem).toMatchObject({ severity: 'warning', line: 2, column: 3 });
    expect(warnings[0]?.problem.message).toBe(
      `allowManagedHooksOnly: only managed hooks run; the hooks of ${files.user} and ${files.project} are not loaded`,
    );
  });

  it('C10: allowManagedHooksOnly outside the managed file is a warning, and ignored', () => {
    const layers = [
      layer('user', { allowManagedHooksOnly: true, hooks: { PreToolUse: [hook('u')] } }),
      layer('project', { allowManagedHooksOnly: false, hooks: { PreToolUse: [hook('p')] } }),
    ];
    expect(shown(layers)).toEqual(['user:u:runs', 'project:p:runs']);
    expect(mergeLayers(layers).warnings.map((warning) => [warning.file, warning.problem.message])).toEqual([
      [files.user, expect.stringContaining('allowManagedHooksOnly is read only in the managed file')],
      [files.project, expect.stringContaining('allowManagedHooksOnly is read only in the managed file')],
    ]);
  });

  it('S5: a file not loaded for want of trust shows its hooks as untrusted, and its switches count for nothing', () => {
    const layers = [
      layer('user', { hooks: { PreToolUse: [hook('u')] } }),
      layer('project', { hooks: { PreToolUse: [hook('p')] }, hooksEnabled: { PreToolUse: false } }, { loaded: false }),
    ];
    expect(shown(layers)).toEqual(['user:u:runs', 'project:p:untrusted']);
    expect(mergeLayers(layers).config.hooksEnabled.PreToolUse).toBe(true);
  });

  it('S5: a hook naming a changed script keeps its place and carries the reason; a refusal becomes the config’s', () => {
    const reason = "hook 'u': script /x changed since it was trusted (run cosh hooks trust)";
    const { config } = mergeLayers([
      layer(
        'user',
        { hooks: { PreToolUse: [hook('u'), hook('v')] } },
        {
          hookProblems: [{ event: 'PreToolUse', index: 0, reason }],
        },
      ),
    ]);
    expect(config.hooks.PreToolUse.map((entry) => entry.trustProblem)).toEqual([reason, null]);

    const refused = mergeLayers([
      layer('managed', { hooks: { PreToolUse: [hook('m')] } }),
      { ...layer('user', {}), config: null, loaded: false, refusal: 'not trusted yet' },
    ]);
    expect(refused.config.refusal).toBe('not trusted yet');
    // No user hook could load anyway: nothing to refuse for.
    const managedOnly = mergeLayers([
      layer('managed', { allowManagedHooksOnly: true }),
      { ...layer('user', {}), config: null, loaded: false, refusal: 'not trusted yet' },
    ]);
    expect(managedOnly.config.refusal).toBeNull();
  });

  it('C10: no layers at all is no hooks, both events on', () => {
    expect(mergeLayers([]).config).toEqual({
      hooks: { PreToolUse: [], PostToolUse: [], UserPromptSubmit: [], SessionStart: [], Stop: [], SessionEnd: [] },
      hooksEnabled: {
        PreToolUse: true,
        PostToolUse: true,
        UserPromptSubmit: true,
        SessionStart: true,
        Stop: true,
        SessionEnd: true,
      },
      refusal: null,
    });
  });
});
