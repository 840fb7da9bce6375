import { chmod, mkdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { recordTrust } from './config-toggles.ts';
import { findConfigLayers, projectFileForWriting } from './find-config-layers.ts';
import type { ConfigLayer } from './config-types.ts';
import { type ConfigLayerFile, type LoadHooksOptions, loadHooks, readConfigLayers } from './load-hooks.ts';
import { readTrustStore } from './trust/trust-store.ts';

const makeFolder = temporaryFolders('cosh-config-layers-');

let root: string;
let home: string;
let userFile: string;
let store: string;

beforeEach(async () => {
  root = makeFolder();
  home = join(root, 'home');
  userFile = join(home, '.config', 'cosh', 'setup.json');
  store = join(home, '.local', 'state', 'cosh', 'trust.json');
  await mkdir(join(home, '.config', 'cosh'), { recursive: true });
});

/** Options of a load from `cwd` with this test's home and no managed file unless given. */
function options(cwd: string, extra: Partial<LoadHooksOptions> & { env?: NodeJS.ProcessEnv } = {}): LoadHooksOptions {
  const { env, ...rest } = extra;
  return { cwd, env: { HOME: home, COSH_MANAGED_CONFIG: join(root, 'managed.json'), ...env }, ...rest };
}

async function managedFile(document: unknown = {}): Promise<string> {
  const file = join(root, 'managed.json');
  await writeFile(file, JSON.stringify(document));
  return file;
}

async function configError(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!ConfigError.isInstance(error)) throw new Error(`expected a ConfigError, got ${String(error)}`);
  return error;
}

/** The file of one layer in a load's files. */
function layerFile(loaded: { files: readonly ConfigLayerFile[] }, layer: ConfigLayer): ConfigLayerFile | undefined {
  return loaded.files.find((file) => file.layer === layer);
}

const guardConfig = (command: string) => JSON.stringify({ hooks: { PreToolUse: [{ name: 'Guard', command }] } });

/** The user file trusted as it is now, as `cosh hooks trust` would record it. */
async function trustAll(cwd: string): Promise<void> {
  const layers = await readConfigLayers(options(cwd));
  await recordTrust(
    store,
    layers.files.flatMap((file) => (file.candidate === null ? [] : [file.candidate])),
  );
}

describe('findConfigLayers', () => {
  it('C10: managed from COSH_MANAGED_CONFIG (else /etc/cosh/setup.json), user from C1, project by searching up', async () => {
    const repository = join(root, 'repo');
    await mkdir(join(repository, '.git'), { recursive: true });
    await mkdir(join(repository, '.cosh'));
    await writeFile(join(repository, '.cosh', 'setup.json'), '{}');
    await mkdir(join(repository, 'src', 'deep'), { recursive: true });
    const found = findConfigLayers({ cwd: join(repository, 'src', 'deep'), env: { HOME: home } });
    expect(found).toEqual({
      managed: { layer: 'managed', file: '/etc/cosh/setup.json', required: false, source: 'default' },
      user: { layer: 'user', file: userFile, required: false, source: 'home' },
      project: { layer: 'project', file: join(repository, '.cosh', 'setup.json'), required: false, source: 'search' },
    });
    const named = findConfigLayers({
      cwd: root,
      env: { HOME: home, COSH_MANAGED_CONFIG: 'policy.json' },
      path: 'x.json',
    });
    expect(named.managed).toEqual({
      layer: 'managed',
      file: join(root, 'policy.json'),
      required: true,
      source: 'managed-env',
    });
    // --config replaces the user layer only.
    expect(named.user).toEqual({ layer: 'user', file: join(root, 'x.json'), required: true, source: 'option' });
    // The project file of the working folder (`--cwd`), relative to cwd; --config still from cwd.
    const elsewhere = findConfigLayers({ cwd: root, projectFrom: 'repo/src', env: { HOME: home }, path: 'x.json' });
    expect(elsewhere.project?.file).toBe(join(repository, '.cosh', 'setup.json'));
    expect(elsewhere.user.file).toBe(join(root, 'x.json'));
  });

  it('C10: the project search stops at the first folder holding .git; --no-project skips it', async () => {
    // A project file above the repository's top belongs to no project of this repository.
    await mkdir(join(root, '.cosh'));
    await writeFile(join(root, '.cosh', 'setup.json'), '{}');
    const clone = join(root, 'clone');
    await mkdir(join(clone, 'sub'), { recursive: true });
    await writeFile(join(clone, '.git'), 'gitdir: /elsewhere\n'); // a worktree's .git is a file
    expect(findConfigLayers({ cwd: join(clone, 'sub'), env: { HOME: home } }).project).toBeNull();
    // Without .git, the search goes on up to /.
    expect(findConfigLayers({ cwd: join(root, 'plain', 'x'), env: { HOME: home } }).project?.file).toBe(
      join(root, '.cosh', 'setup.json'),
    );
    expect(findConfigLayers({ cwd: root, env: { HOME: home }, noProject: true }).project).toBeNull();
    expect(projectFileForWriting(join(clone, 'sub'))).toBe(join(clone, '.cosh', 'setup.json'));
  });
});

describe('loadHooks: layers', () => {
  it('C10: every layer is loaded and merged in order; each hook knows its layer and file', async () => {
    const managed = await managedFile({ hooks: { PreToolUse: [{ name: 'm', command: 'true' }] } });
    await writeFile(userFile, JSON.stringify({ hooks: { PreToolUse: [{ name: 'u', command: 'true' }] } }));
    const repository = join(root, 'repo');
    await mkdir(join(repository, '.cosh'), { recursive: true });
    const projectFile = join(repository, '.cosh', 'setup.json');
    await writeFile(projectFile, JSON.stringify({ hooks: { PreToolUse: [{ name: 'p', command: 'true' }] } }));
    const loaded = await loadHooks(options(repository, { env: { COSH_TRUST: 'all' } }));
    expect(loaded.config.hooks.PreToolUse.map((hook) => [hook.layer, hook.name, hook.file])).toEqual([
      ['managed', 'm', managed],
      ['user', 'u', userFile],
      ['project', 'p', projectFile],
    ]);
    expect(loaded.files.map((file) => [file.layer, file.trust])).toEqual([
      ['managed', 'managed'],
      ['user', 'env'],
      ['project', 'env'],
    ]);
    expect(loaded.trustWarnings).toEqual([expect.stringContaining('COSH_TRUST=all is set')]);
    expect(loaded.protectedFiles).toEqual(expect.arrayContaining([managed, userFile, projectFile, store]));
  });

  it('C10: a missing COSH_MANAGED_CONFIG file is an error; the default managed file missing is none', async () => {
    const error = await configError(loadHooks(options(root)));
    expect(error.code).toBe('E_CONFIG_NOT_FOUND');
    expect(error.message).toContain('named by COSH_MANAGED_CONFIG');
    const loaded = await loadHooks({ cwd: root, env: { HOME: home } });
    // (On a machine without /etc/cosh/setup.json, as the test machines are.)
    expect(loaded.files).toEqual([]);
  });

  it('C6/C10: an error in any loaded layer stops the load, naming that file', async () => {
    const managed = await managedFile({ hooks: { PretoolUse: [] } });
    const error = await configError(loadHooks(options(root)));
    expect(error.code).toBe('E_CONFIG_INVALID');
    expect(error.file).toBe(managed);
  });

  it('S5/C10: an untrusted project file with errors does not stop the load; its problems are reported', async () => {
    await managedFile();
    const repository = join(root, 'repo');
    await mkdir(join(repository, '.cosh'), { recursive: true });
    await writeFile(join(repository, '.cosh', 'setup.json'), '{"hooks": {"PreToolUse": [{"matchr": "x"}]}}');
    const loaded = await loadHooks(options(repository));
    expect(loaded.config.hooks.PreToolUse).toEqual([]);
    const project = layerFile(loaded, 'project');
    expect(project).toMatchObject({ layer: 'project', trust: 'untrusted', load: 'nothing' });
    expect(project?.error?.code).toBe('E_CONFIG_INVALID');
    expect(project?.trustWarning).toContain('is not trusted yet');
  });
});

describe('loadHooks: trust', () => {
  beforeEach(async () => {
    await managedFile();
  });

  it('S5: a new user file without a terminal is not loaded, and every call is refused', async () => {
    await writeFile(userFile, guardConfig('exit 2'));
    const loaded = await loadHooks(options(root));
    expect(loaded.config.refusal).toBe(`${userFile} is not trusted yet; run cosh hooks trust in a terminal`);
    expect(loaded.config.hooks.PreToolUse.map((hook) => hook.off)).toEqual(['untrusted']);
    expect(layerFile(loaded, 'user')).toMatchObject({ trust: 'untrusted', load: 'nothing' });
    // Nothing was recorded.
    await expect(stat(store)).rejects.toThrow();
  });

  it('S4: trust on first use records the user file (0600 store), with its scripts', async () => {
    const script = join(home, '.config', 'cosh', 'guard.sh');
    await writeFile(script, 'exit 2\n');
    await writeFile(userFile, guardConfig('"$COSH_CONFIG_DIR/guard.sh"'));
    const loaded = await loadHooks(options(root, { trustOnFirstUse: true }));
    expect(loaded.trustedOnFirstUse).toEqual([userFile]);
    expect(loaded.config.refusal).toBeNull();
    expect(layerFile(loaded, 'user')?.trust).toBe('trusted');
    expect((await stat(store)).mode & 0o777).toBe(0o600);
    const record = readTrustStore(store).get(userFile);
    expect(record?.snapshot).toBe(guardConfig('"$COSH_CONFIG_DIR/guard.sh"'));
    expect(record?.scripts.map((entry) => entry.path)).toEqual([script]);
    // The next load finds it trusted and records nothing more.
    const again = await loadHooks(options(root, { trustOnFirstUse: true }));
    expect(again.trustedOnFirstUse).toEqual([]);
    expect(layerFile(again, 'user')?.trust).toBe('trusted');
    expect(loaded.protectedFiles).toContain(script);
  });

  it('S5: an edited file runs its trusted copy, with a warning naming the file and cosh hooks trust', async () => {
    await writeFile(userFile, guardConfig('exit 2'));
    await trustAll(root);
    await writeFile(userFile, guardConfig('exit 0'));
    const loaded = await loadHooks(options(root));
    expect(loaded.config.hooks.PreToolUse.map((hook) => hook.command)).toEqual(['exit 2']);
    expect(layerFile(loaded, 'user')).toMatchObject({
      trust: 'changed',
      load: 'snapshot',
      text: guardConfig('exit 0'),
    });
    expect(layerFile(loaded, 'user')?.trustWarning).toContain(`${userFile} changed since it was trusted`);
    expect(layerFile(loaded, 'user')?.trustWarning).toContain('cosh hooks trust');
    // Even an edit that breaks the file: the trusted copy still runs.
    await writeFile(userFile, '{"hooks": ');
    expect((await loadHooks(options(root))).config.hooks.PreToolUse.map((hook) => hook.command)).toEqual(['exit 2']);
    // Removed: the trusted copy still runs.
    await rm(userFile);
    const removed = await loadHooks(options(root));
    expect(removed.config.hooks.PreToolUse.map((hook) => hook.command)).toEqual(['exit 2']);
    expect(layerFile(removed, 'user')).toMatchObject({ exists: false, trust: 'changed', load: 'snapshot' });
  });

  it('S5: an edited script makes each hook naming it a deny with the exact reason', async () => {
    const script = join(home, 'guard.sh');
    await writeFile(script, 'exit 2\n');
    await writeFile(userFile, guardConfig('~/guard.sh --strict'));
    await trustAll(root);
    await writeFile(script, 'exit 0\n');
    const loaded = await loadHooks(options(root));
    expect(loaded.config.hooks.PreToolUse[0]?.trustProblem).toBe(
      `hook 'Guard': script ${script} changed since it was trusted (run cosh hooks trust)`,
    );
    expect(layerFile(loaded, 'user')).toMatchObject({
      trust: 'changed',
      load: 'file',
      scriptChanges: [{ path: script, change: 'changed', text: 'exit 0\n', trustedText: 'exit 2\n' }],
    });
    // A symbolic link swapped to point elsewhere is a change of the script too.
    const other = join(home, 'other.sh');
    await writeFile(other, 'exit 2\n');
    await rm(script);
    await symlink(other, script);
    expect(layerFile(await loadHooks(options(root)), 'user')?.trust).toBe('trusted');
    await writeFile(other, 'exit 0\n');
    expect(layerFile(await loadHooks(options(root)), 'user')?.trust).toBe('changed');
  });

  it("S2: a log a hook appends to (the docs' recipe) is data: appending to it leaves the file trusted", async () => {
    const log = join(home, 'cosh-calls.jsonl');
    await writeFile(log, '{"call":1}\n');
    await writeFile(userFile, guardConfig('cat >> "$HOME/cosh-calls.jsonl"'));
    await trustAll(root);
    expect(readTrustStore(store).get(userFile)?.scripts).toEqual([]);
    await writeFile(log, '{"call":1}\n{"call":2}\n');
    const loaded = await loadHooks(options(root));
    expect(layerFile(loaded, 'user')?.trust).toBe('trusted');
    expect(loaded.config.hooks.PreToolUse[0]?.trustProblem).toBeNull();
  });

  it("S2/K4: a Claude hook's $CLAUDE_PROJECT_DIR/ script is fingerprinted where the engine will find it; a cosh hook's is not", async () => {
    const project = join(root, 'repo');
    await mkdir(join(project, '.claude', 'hooks'), { recursive: true });
    await mkdir(join(project, '.git'));
    const script = join(project, '.claude', 'hooks', 'guard.sh');
    await writeFile(script, 'exit 2\n');
    await writeFile(
      userFile,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { name: 'Claude', protocol: 'claude', command: '"$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh"' },
            { name: 'Cosh', command: '"${CLAUDE_PROJECT_DIR}/.claude/hooks/guard.sh"' },
          ],
        },
      }),
    );
    const cwd = join(project, 'src');
    await mkdir(cwd);
    await trustAll(cwd);
    expect(
      readTrustStore(store)
        .get(userFile)
        ?.scripts.map((entry) => entry.path),
    ).toEqual([script]);
    await writeFile(script, 'exit 0\n');
    const loaded = await loadHooks(options(cwd));
    expect(loaded.config.hooks.PreToolUse.map((hook) => hook.trustProblem)).toEqual([
      `hook 'Claude': script ${script} changed since it was trusted (run cosh hooks trust)`,
      null,
    ]);
    // K8: CLAUDE_PROJECT_DIR set to an existing folder wins: another project's script is another script.
    const other = join(root, 'other');
    await mkdir(join(other, '.claude', 'hooks'), { recursive: true });
    await writeFile(join(other, '.claude', 'hooks', 'guard.sh'), 'exit 2\n');
    const elsewhere = await loadHooks(options(cwd, { env: { CLAUDE_PROJECT_DIR: other } }));
    expect(layerFile(elsewhere, 'user')?.scriptChanges).toMatchObject([
      { path: join(other, '.claude', 'hooks', 'guard.sh'), change: 'new', text: 'exit 2\n' },
    ]);
  });

  it('S5: a trusted copy that cannot be read back refuses every call', async () => {
    await writeFile(userFile, guardConfig('exit 2'));
    await trustAll(root);
    const stored = JSON.parse(await readFile(store, 'utf8'));
    stored.files[userFile].snapshot = '{"hooks": {"PretoolUse": []}}';
    await writeFile(store, JSON.stringify(stored));
    await writeFile(userFile, guardConfig('exit 0'));
    const loaded = await loadHooks(options(root));
    expect(loaded.config.refusal).toContain('its trusted copy cannot be read back');
    expect(loaded.config.hooks.PreToolUse).toEqual([]);
  });

  it('S3: a corrupt or unreadable trust store is an error naming the file and how to reset it', async () => {
    await writeFile(userFile, guardConfig('exit 2'));
    await mkdir(join(home, '.local', 'state', 'cosh'), { recursive: true });
    for (const text of [
      '{"version": 1, "files": ',
      '[]',
      '{"version": 2, "files": {}}',
      '{"version": 1, "files": {"x": {}}}',
    ]) {
      await writeFile(store, text);
      const error = await configError(loadHooks(options(root)));
      expect(error.code).toBe('E_TRUST_STORE');
      expect(error.file).toBe(store);
      expect(error.message).toContain(`mv '${store}' '${store}.broken'`);
      expect(error.message).toContain('cosh hooks trust');
    }
    if (process.getuid?.() !== 0) {
      await writeFile(store, '{"version": 1, "files": {}}');
      await chmod(store, 0o000);
      expect((await configError(loadHooks(options(root)))).message).toContain('cannot read the trust store');
    }
    // COSH_TRUST=all does not read the store at all.
    await writeFile(store, 'garbage');
    expect(layerFile(await loadHooks(options(root, { env: { COSH_TRUST: 'all' } })), 'user')?.trust).toBe('env');
  });

  it('S3: XDG_STATE_HOME (absolute only) places the trust store', async () => {
    await writeFile(userFile, guardConfig('exit 2'));
    const state = join(root, 'state');
    const loaded = await loadHooks(options(root, { env: { XDG_STATE_HOME: state }, trustOnFirstUse: true }));
    expect(loaded.trustStore).toBe(join(state, 'cosh', 'trust.json'));
    expect(readTrustStore(join(state, 'cosh', 'trust.json')).has(userFile)).toBe(true);
    const relative = await readConfigLayers(options(root, { env: { XDG_STATE_HOME: 'state' } }));
    expect(relative.trustStore).toBe(store);
  });

  it('S4: an unknown COSH_TRUST value is a warning and trust is checked', async () => {
    await writeFile(userFile, guardConfig('exit 2'));
    const loaded = await loadHooks(options(root, { env: { COSH_TRUST: 'yes' } }));
    expect(loaded.trustWarnings).toEqual([expect.stringContaining('COSH_TRUST="yes" is not understood')]);
    expect(loaded.config.refusal).not.toBeNull();
  });
});

describe('a trusted file checked without hashing (S2, S5)', () => {
  it('S5: a file that is byte for byte its trusted copy, naming no script, is trusted; trusting it again keeps its record', async () => {
    await managedFile();
    await writeFile(userFile, guardConfig('true'));
    await trustAll(root);
    const record = readTrustStore(store).get(userFile);
    const user = layerFile(await readConfigLayers(options(root)), 'user');
    expect(user).toMatchObject({ trust: 'trusted', load: 'file', trustWarning: null, scriptChanges: [] });
    expect(user?.candidate).toEqual({ file: userFile, exists: true, record });
  });

  it('S2: other bytes that read as the same text (invalid UTF-8) make the file changed', async () => {
    const withByte = (byte: number) =>
      Buffer.concat([
        Buffer.from(`{"note": "`),
        Buffer.from([byte]),
        Buffer.from(`", ${guardConfig('true').slice(1)}`),
      ]);
    await managedFile();
    await writeFile(userFile, withByte(0xff));
    await trustAll(root);
    await writeFile(userFile, withByte(0xfe));
    const user = layerFile(await readConfigLayers(options(root)), 'user');
    expect(user?.text).toBe(withByte(0xff).toString('utf8'));
    expect(user).toMatchObject({ trust: 'changed', load: 'snapshot' });
  });
});

describe('loadHooks with the validation cache (issue 16)', () => {
  it('C10, S5: remembers the user and project texts it validated, and loads the same hooks from it', async () => {
    await managedFile({ hooks: { PreToolUse: [{ name: 'Managed', command: 'true' }] } });
    await writeFile(userFile, guardConfig('true'));
    const cacheHome = join(root, 'cache');
    const load = (extra: Partial<LoadHooksOptions> = {}) =>
      loadHooks(
        options(root, { env: { XDG_CACHE_HOME: cacheHome, COSH_TRUST: 'all' }, validationCache: true, ...extra }),
      );
    const first = await load();
    const cache = JSON.parse(await readFile(join(cacheHome, 'cosh', 'validated-setup.json'), 'utf8'));
    // The managed file is never cached: its errors must stop every call (C6).
    expect(cache.entries.map((entry: { file: string }) => entry.file)).toEqual([userFile]);
    const second = await load();
    expect(second.config).toEqual(first.config);
    expect(second.config.hooks.PreToolUse.map((hook) => hook.name)).toEqual(['Managed', 'Guard']);
  });

  it('S4: a load that may trust on first use reads and writes no cache', async () => {
    await managedFile();
    await writeFile(userFile, guardConfig('true'));
    const cacheHome = join(root, 'cache');
    await loadHooks(
      options(root, { env: { XDG_CACHE_HOME: cacheHome }, validationCache: true, trustOnFirstUse: true }),
    );
    await expect(stat(join(cacheHome, 'cosh', 'validated-setup.json'))).rejects.toThrow(/ENOENT/);
  });
});
