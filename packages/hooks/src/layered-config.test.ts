// The engine on configs merged from layers (SPEC C10) and judged for trust (S5): which hooks run,
// what a changed script or an untrusted file does, and what each hook is told (R4).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ConfigLayer, type LayerInput, mergeLayers, parseConfig } from '@cosh/config';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { shellQuote } from './__fixtures__/hooks-config.ts';
import { createHookEngine } from './create-hook-engine.ts';

const makeFolder = temporaryFolders('cosh-hooks-');
let directory: string;
beforeEach(() => {
  directory = makeFolder();
});

const file = (name: string): string => join(directory, name);

/** A layer from a setup.json document, its file named after the layer in the test's folder. */
function layer(name: ConfigLayer, document: unknown, overrides: Partial<LayerInput> = {}): LayerInput {
  const path = join(directory, name, 'setup.json');
  const parsed = parseConfig(JSON.stringify(document), path, { layer: name });
  if (!parsed.ok) throw parsed.error;
  return {
    layer: name,
    file: path,
    config: parsed.config,
    settings: parsed.settings,
    loaded: true,
    hookProblems: [],
    refusal: null,
    ...overrides,
  };
}

/** A hook that leaves a file named after it, so a test can see it ran. */
const marking = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  command: `touch ${shellQuote(file(name))}`,
  ...extra,
});

describe('the engine on layered configs', () => {
  it('C10: hooks of every layer run, in layer order, and each report names its layer and file', async () => {
    const { config } = mergeLayers([
      layer('managed', { hooks: { PreToolUse: [marking('m')] } }),
      layer('user', { hooks: { PreToolUse: [marking('u')] } }),
      layer('project', { hooks: { PreToolUse: [marking('p')] } }),
    ]);
    const result = await createHookEngine(config).preToolUse({ toolName: 'bash_run', toolInput: {} });
    expect(result.hooks.map((hook) => [hook.layer, hook.name, hook.index, hook.file])).toEqual([
      ['managed', 'm', 0, join(directory, 'managed', 'setup.json')],
      ['user', 'u', 0, join(directory, 'user', 'setup.json')],
      ['project', 'p', 0, join(directory, 'project', 'setup.json')],
    ]);
    expect(['m', 'u', 'p'].map((name) => existsSync(file(name)))).toEqual([true, true, true]);
  });

  it('C10/M4: dedupe runs across layers whose files share a folder: the first in layer order wins', async () => {
    const command = `echo ran >> ${shellQuote(file('count'))}`;
    const { config } = mergeLayers([
      layer('managed', { hooks: { PreToolUse: [{ name: 'policy', command }] } }, { file: file('managed.json') }),
      layer('user', { hooks: { PreToolUse: [{ name: 'mine', command }] } }, { file: file('user.json') }),
    ]);
    const result = await createHookEngine(config).preToolUse({ toolName: 'fs_read', toolInput: {} });
    expect(result.hooks.map((hook) => [hook.name, hook.deduplicated, hook.duplicateOf])).toEqual([
      ['policy', false, null],
      ['mine', true, 'policy'],
    ]);
    expect(readFileSync(file('count'), 'utf8')).toBe('ran\n');
  });

  it('M4: the same "$COSH_CONFIG_DIR/guard.sh" in the user file and a project file is two hooks: each folder\'s script runs', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    for (const name of ['user', 'project']) {
      mkdirSync(join(directory, name), { recursive: true });
      writeFileSync(join(directory, name, 'guard.sh'), `echo ${name} >> ${shellQuote(file('count'))}\n`);
    }
    const command = 'sh "$COSH_CONFIG_DIR/guard.sh"';
    const { config } = mergeLayers([
      layer('user', { hooks: { PreToolUse: [{ name: 'user guard', command }] } }),
      layer('project', { hooks: { PreToolUse: [{ name: 'project guard', command }] } }),
    ]);
    const result = await createHookEngine(config).preToolUse({ toolName: 'fs_read', toolInput: {} });
    expect(result.hooks.map((hook) => [hook.name, hook.deduplicated])).toEqual([
      ['user guard', false],
      ['project guard', false],
    ]);
    expect(readFileSync(file('count'), 'utf8').split('\n').filter(Boolean).sort()).toEqual(['project', 'user']);
  });

  it('C7/C10: a user false stops user and project hooks of the event, never managed ones', async () => {
    const { config } = mergeLayers([
      layer('managed', { hooks: { PreToolUse: [marking('m')] } }),
      layer('user', { hooks: { PreToolUse: [marking('u')] }, hooksEnabled: { PreToolUse: false } }),
      layer('project', { hooks: { PreToolUse: [marking('p')] } }),
    ]);
    const result = await createHookEngine(config).preToolUse({ toolName: 'bash_run', toolInput: {} });
    expect(result.hooks.map((hook) => hook.name)).toEqual(['m']);
    expect(['m', 'u', 'p'].map((name) => existsSync(file(name)))).toEqual([true, false, false]);
  });

  it('C10: a managed value fixes the event: a user false cannot switch off a managed deny', async () => {
    const { config } = mergeLayers([
      layer('managed', {
        hooks: { PreToolUse: [{ name: 'policy', command: 'echo "no shell" >&2; exit 2' }] },
        hooksEnabled: { PreToolUse: true },
      }),
      layer('user', { hooksEnabled: { PreToolUse: false } }),
    ]);
    const result = await createHookEngine(config).preToolUse({ toolName: 'bash_run', toolInput: {} });
    expect(result).toMatchObject({ decision: 'deny', reasons: ['no shell'] });
  });

  it('S5: a hook naming a changed script never runs and denies with its reason, in both events', async () => {
    const reason = `hook 'u': script /x/guard.sh changed since it was trusted (run cosh hooks trust)`;
    const { config } = mergeLayers([
      layer(
        'user',
        { hooks: { PreToolUse: [marking('u'), marking('v')], PostToolUse: [marking('u')] } },
        {
          hookProblems: [
            { event: 'PreToolUse', index: 0, reason },
            { event: 'PostToolUse', index: 0, reason },
          ],
        },
      ),
    ]);
    const engine = createHookEngine(config);
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: {} });
    expect(pre.decision).toBe('deny');
    expect(pre.reasons).toEqual([reason]);
    expect(pre.hooks.map((hook) => [hook.name, hook.outcome, hook.exitCode, hook.durationMs])).toEqual([
      ['u', 'error', null, null],
      ['v', 'none', 0, expect.any(Number)],
    ]);
    expect(existsSync(file('u'))).toBe(false);
    expect(existsSync(file('v'))).toBe(true);
    const post = await engine.postToolUse({ toolName: 'bash_run', toolInput: {}, toolOutput: 'out' });
    expect(post.decision).toBe('deny');
    expect(post.toolOutput).toBe(`out\n[hook] ${reason}`);
    expect(existsSync(file('u'))).toBe(false);
    // A hook whose matcher does not select the call is not asked, changed script or not.
    const other = await engine.preToolUse({ toolName: 'fs_read', toolInput: {} });
    expect(other.decision).toBe('deny');
    const onlyRead = mergeLayers([
      layer(
        'user',
        { hooks: { PreToolUse: [marking('u', { matcher: '^bash_run$' })] } },
        {
          hookProblems: [{ event: 'PreToolUse', index: 0, reason }],
        },
      ),
    ]);
    expect((await createHookEngine(onlyRead.config).preToolUse({ toolName: 'fs_read', toolInput: {} })).decision).toBe(
      'none',
    );
  });

  it('S5: a refused config denies every call in both events with its reason; no hook runs', async () => {
    const reason = '/home/ada/.config/cosh/setup.json is not trusted yet; run cosh hooks trust in a terminal';
    const { config } = mergeLayers([
      layer('managed', { hooks: { PreToolUse: [marking('m')] } }),
      layer('user', { hooks: { PreToolUse: [marking('u')] } }, { loaded: false, refusal: reason }),
    ]);
    const engine = createHookEngine(config);
    const pre = await engine.preToolUse({ toolName: 'fs_read', toolInput: {} });
    expect(pre).toMatchObject({ decision: 'deny', halt: false, reasons: [reason], hooks: [] });
    const post = await engine.postToolUse({ toolName: 'fs_read', toolInput: {}, toolOutput: '' });
    expect(post).toMatchObject({ decision: 'deny', reasons: [reason], toolOutput: `[hook] ${reason}` });
    expect(existsSync(file('m'))).toBe(false);
    expect(existsSync(file('u'))).toBe(false);
  });

  it("R4: each hook's COSH_CONFIG_DIR is the folder of its own file", async () => {
    const printDirectory = (name: string) => ({
      name,
      command: `printf %s "$COSH_CONFIG_DIR" > ${shellQuote(file(name))}`,
    });
    const { config } = mergeLayers([
      layer('managed', { hooks: { PreToolUse: [printDirectory('from-managed')] } }),
      layer('project', { hooks: { PreToolUse: [printDirectory('from-project')] } }),
    ]);
    await createHookEngine(config, { env: { ...process.env, COSH_CONFIG_DIR: '/spoofed' } }).preToolUse({
      toolName: 'bash_run',
      toolInput: {},
    });
    expect(readFileSync(file('from-managed'), 'utf8')).toBe(join(directory, 'managed'));
    expect(readFileSync(file('from-project'), 'utf8')).toBe(join(directory, 'project'));
  });
});
