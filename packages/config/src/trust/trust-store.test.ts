import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleSources, temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config-error.ts';
import { applyToggleToSnapshot, recordTrust } from '../config-toggles.ts';
import { importedHooksText } from '../import-hook-entries.ts';
import { parseConfig } from '../parse-config.ts';
import { readTrustStore, renderTrustStore, type TrustRecord, trustStoreFile } from './trust-store.ts';

const makeFolder = temporaryFolders('cosh-trust-store-');

const recorderScript = fileURLToPath(new URL('./__fixtures__/trust-recorder.mjs', import.meta.url));
const packageDirectory = fileURLToPath(new URL('../..', import.meta.url));

let directory: string;
let store: string;

beforeEach(() => {
  directory = makeFolder();
  store = join(directory, 'state', 'cosh', 'trust.json');
});

const hex = (n: number): string => n.toString(16).padStart(64, '0');

function record(path: string, snapshot = '{}', n = 1): TrustRecord {
  return { path, fingerprint: hex(n), sha256: hex(n), snapshot, scripts: [], trustedAt: '2026-01-01T00:00:00.000Z' };
}

describe('trust store', () => {
  it('S3: $XDG_STATE_HOME/cosh/trust.json when absolute, else ~/.local/state/cosh/trust.json', () => {
    expect(trustStoreFile({ env: { XDG_STATE_HOME: '/state', HOME: '/home/ada' } })).toBe('/state/cosh/trust.json');
    expect(trustStoreFile({ env: { XDG_STATE_HOME: 'state', HOME: '/home/ada' } })).toBe(
      '/home/ada/.local/state/cosh/trust.json',
    );
    expect(trustStoreFile({ env: { HOME: '' }, homedir: '/home/bob' })).toBe('/home/bob/.local/state/cosh/trust.json');
  });

  it('S3: records are written atomically, mode 0600 in a 0700 folder, and read back', async () => {
    await recordTrust(store, [{ file: '/a', exists: true, record: record('/a') }]);
    expect((await stat(store)).mode & 0o777).toBe(0o600);
    expect((await stat(join(directory, 'state', 'cosh'))).mode & 0o777).toBe(0o700);
    expect([...readTrustStore(store).values()]).toEqual([record('/a')]);
    expect(await readFile(store, 'utf8')).toBe(renderTrustStore(new Map([['/a', record('/a')]])));
    // Trusting a removal deletes the record; nothing else is touched.
    await recordTrust(store, [{ file: '/b', exists: true, record: record('/b') }]);
    await recordTrust(store, [{ file: '/a', exists: false, record: null }]);
    expect([...readTrustStore(store).keys()]).toEqual(['/b']);
    // No temporary file or lock is left behind.
    expect((await readdir(join(directory, 'state', 'cosh'))).sort()).toEqual(['trust.json']);
  });

  it('S3/C8: a corrupt store is never written over: the error names it and how to reset it', async () => {
    await recordTrust(store, [{ file: '/a', exists: true, record: record('/a') }]);
    await writeFile(store, '{"version": 1, "files": {"/a": ');
    const failure = await recordTrust(store, [{ file: '/b', exists: true, record: record('/b') }]).catch(
      (error: unknown) => error,
    );
    expect(ConfigError.isInstance(failure) && failure.code).toBe('E_TRUST_STORE');
    expect(String(failure)).toContain(`mv '${store}' '${store}.broken'`);
    expect(await readFile(store, 'utf8')).toBe('{"version": 1, "files": {"/a": ');
  });

  it('S3: a FIFO, a link to /dev/zero, a folder or a huge file in place of the store is E_TRUST_STORE at once, never a wait', async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdir, symlink, truncate } = await import('node:fs/promises');
    await mkdir(join(directory, 'state', 'cosh'), { recursive: true });
    const cases: [string, () => Promise<void>, string][] = [
      ['fifo', async () => void execFileSync('mkfifo', [store]), 'a FIFO (named pipe), not a trust store'],
      ['zero', () => symlink('/dev/zero', store), 'a character device, not a trust store'],
      ['folder', () => mkdir(store).then(() => undefined), 'a directory, not a trust store'],
      [
        'huge',
        async () => {
          await writeFile(store, '');
          await truncate(store, 5 * 1024 * 1024);
        },
        'the trust store is too large',
      ],
    ];
    for (const [name, make, reason] of cases) {
      const { rm } = await import('node:fs/promises');
      await rm(store, { recursive: true, force: true });
      await make();
      const started = Date.now();
      let failure: unknown;
      try {
        readTrustStore(store);
      } catch (error) {
        failure = error;
      }
      expect(ConfigError.isInstance(failure) && failure.code, name).toBe('E_TRUST_STORE');
      expect(String((failure as Error).message), name).toContain(reason);
      expect(Date.now() - started, name).toBeLessThan(5_000);
    }
  });

  it("S3: a script's text is kept up to 256 KiB; past that, or not UTF-8, only its hash", async () => {
    const { readScripts } = await import('./trust-hash.ts');
    const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    const small = join(directory, 'small.sh');
    const large = join(directory, 'large.sh');
    const binary = join(directory, 'binary');
    await writeFile(small, 'exit 2\n');
    await writeFile(large, 'x'.repeat(256 * 1024 + 1));
    await writeFile(binary, Buffer.from([0xff, 0xfe, 0x00]));
    const reads = readScripts([small, large, binary, join(directory, 'missing')], sha256);
    expect(reads.get(small)).toEqual({ sha256: sha256(Buffer.from('exit 2\n')), text: 'exit 2\n' });
    expect(reads.get(large)?.text).toBeNull();
    expect(reads.get(large)?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(reads.get(binary)?.text).toBeNull();
    expect(reads.get(join(directory, 'missing'))).toBeNull();
    // A record with a script's text reads back as written.
    const withText: TrustRecord = { ...record('/a'), scripts: [{ path: small, sha256: hex(2), text: 'exit 2\n' }] };
    await recordTrust(store, [{ file: '/a', exists: true, record: withText }]);
    expect(readTrustStore(store).get('/a')).toEqual(withText);
  });

  it('S3: texts that would make the store too large to read back are left out; the hashes stay', async () => {
    const text = 'y'.repeat(200 * 1024);
    const records = Array.from({ length: 24 }, (_, n) => ({
      ...record(`/f${n}`),
      scripts: [{ path: `/s${n}`, sha256: hex(n), text }],
    }));
    await recordTrust(
      store,
      records.map((entry) => ({ file: entry.path, exists: true, record: entry })),
    );
    const read = readTrustStore(store);
    expect(read.size).toBe(24);
    expect(read.get('/f3')?.scripts).toEqual([{ path: '/s3', sha256: hex(3) }]);
  });

  it('S3/C8: twenty trusts at once in one process lose no record', async () => {
    const files = Array.from({ length: 20 }, (_, n) => `/project-${n}/.cosh/setup.json`);
    await Promise.all(
      files.map((file, n) => recordTrust(store, [{ file, exists: true, record: record(file, '{}', n) }])),
    );
    expect([...readTrustStore(store).keys()].sort()).toEqual([...files].sort());
  });

  it('S3/C8: six processes trusting at once lose no record', async () => {
    const bundle = await bundleSources(packageDirectory);
    try {
      const processes = Array.from({ length: 6 }, (_, n) => {
        const child = spawn(process.execPath, [recorderScript, bundle.file, store, `/writer-${n}`, '8'], {
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        return once(child, 'close').then(([code]) => ({ code, stderr }));
      });
      const results = await Promise.all(processes);
      expect(results).toEqual(Array.from({ length: 6 }, () => ({ code: 0, stderr: '' })));
    } finally {
      bundle.remove();
    }
    const expected = Array.from({ length: 6 }, (_, writer) =>
      Array.from({ length: 8 }, (_, n) => `/writer-${writer}-${n}`),
    ).flat();
    expect([...readTrustStore(store).keys()].sort()).toEqual(expected.sort());
  });
});

describe('applyToggleToSnapshot', () => {
  const file = '/home/ada/.config/cosh/setup.json';
  const text = `{
  // my guards
  "hooks": {
    "PreToolUse": [
      { "name": "a", "command": "true" },
      { "name": "b", "command": "true" }
    ]
  }
}
`;

  it('S4: a toggle made at a terminal is applied to the trusted copy too (old copy plus the toggle)', async () => {
    await recordTrust(store, [{ file, exists: true, record: record(file, text) }]);
    expect(await applyToggleToSnapshot(store, file, { kind: 'event', event: 'PostToolUse', enabled: false })).toBe(
      true,
    );
    const afterEvent = readTrustStore(store).get(file);
    expect(afterEvent?.snapshot).toBe(
      text.replace('\n  }\n}', '\n  },\n  "hooksEnabled": {\n    "PostToolUse": false\n  }\n}'),
    );
    expect(afterEvent?.sha256).not.toBe(hex(1));
    const hook = { name: 'b', command: 'true', url: null };
    expect(
      await applyToggleToSnapshot(store, file, { kind: 'hook', event: 'PreToolUse', hook, copy: 0, enabled: false }),
    ).toBe(true);
    const parsed = parseConfig(readTrustStore(store).get(file)?.snapshot ?? '', file);
    expect(parsed.ok && parsed.config.hooks.PreToolUse.map((entry) => entry.enabled)).toEqual([true, false]);
    expect(parsed.ok && parsed.config.hooksEnabled.PostToolUse).toBe(false);
    // Already so: nothing changes.
    expect(
      await applyToggleToSnapshot(store, file, { kind: 'hook', event: 'PreToolUse', hook, copy: 0, enabled: false }),
    ).toBe(false);
  });

  it('S4: a copy that lacks the hook, or a file never trusted, is left alone; a created file is trusted as created', async () => {
    await recordTrust(store, [{ file, exists: true, record: record(file, text) }]);
    const unknown = { name: 'added by the agent', command: 'true', url: null };
    expect(
      await applyToggleToSnapshot(store, file, {
        kind: 'hook',
        event: 'PreToolUse',
        hook: unknown,
        copy: 0,
        enabled: false,
      }),
    ).toBe(false);
    expect(
      await applyToggleToSnapshot(store, '/other.json', { kind: 'event', event: 'PreToolUse', enabled: false }),
    ).toBe(false);
    expect(readTrustStore(store).has('/other.json')).toBe(false);
    expect(
      await applyToggleToSnapshot(
        store,
        '/created.json',
        { kind: 'event', event: 'PreToolUse', enabled: false },
        { created: true },
      ),
    ).toBe(true);
    expect(readTrustStore(store).get('/created.json')?.snapshot).toBe(
      '{\n  "hooksEnabled": {\n    "PreToolUse": false\n  }\n}\n',
    );
  });

  const imported = (command: string) => ({
    PreToolUse: [
      {
        name: 'claude:project:PreToolUse[0].hooks[0]',
        protocol: 'claude' as const,
        matcher: 'Bash',
        command,
        timeout: 600,
      },
    ],
    PostToolUse: [],
  });

  it('S4/K6: an import accepted at a terminal is applied to the trusted copy: the file as written is trusted, an unrelated edit is not', async () => {
    await recordTrust(store, [{ file, exists: true, record: record(file, text) }]);
    const change = {
      kind: 'import',
      namePrefix: 'claude:project:',
      entries: imported('echo one'),
      home: directory,
    } as const;
    expect(await applyToggleToSnapshot(store, file, change)).toBe(true);
    const once = readTrustStore(store).get(file);
    // The copy received exactly the edit the writer makes to the file (one function for both).
    expect(once?.snapshot).toBe(importedHooksText(text, file, 'claude:project:', imported('echo one')).text);
    expect(once?.snapshot).toContain('// my guards');
    expect(once?.sha256).toBe(
      createHash('sha256')
        .update(once?.snapshot ?? '')
        .digest('hex'),
    );
    // A re-import replaces its own entries in the copy too; the same import again changes nothing.
    const again = { ...change, entries: imported('echo two') };
    expect(await applyToggleToSnapshot(store, file, again)).toBe(true);
    const parsed = parseConfig(readTrustStore(store).get(file)?.snapshot ?? '', file);
    expect(parsed.ok && parsed.config.hooks.PreToolUse.map((entry) => entry.command)).toEqual([
      'true',
      'true',
      'echo two',
    ]);
    expect(await applyToggleToSnapshot(store, file, again)).toBe(false);
  });

  it('S4/K6: an import trusts the scripts its commands name that the record lacks; a script the record holds keeps its hash', async () => {
    const script = join(directory, 'guard.sh');
    const kept = join(directory, 'kept.sh');
    await writeFile(script, 'exit 0\n');
    await writeFile(kept, 'exit 2\n');
    const keptRecord = { ...record(file, text), scripts: [{ path: kept, sha256: hex(7) }] };
    await recordTrust(store, [{ file, exists: true, record: keptRecord }]);
    const change = {
      kind: 'import',
      namePrefix: 'claude:user:',
      entries: imported(`~/guard.sh && ${kept} && /no/such/script`),
      home: directory,
    } as const;
    expect(await applyToggleToSnapshot(store, file, change)).toBe(true);
    expect(readTrustStore(store).get(file)?.scripts).toEqual([
      { path: kept, sha256: hex(7) },
      { path: script, sha256: createHash('sha256').update('exit 0\n').digest('hex'), text: 'exit 0\n' },
    ]);
  });

  it("S2/K6: an import trusts a Claude command's $CLAUDE_PROJECT_DIR/ script, resolved where the import says", async () => {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(directory, 'repo', '.claude', 'hooks'), { recursive: true });
    const script = join(directory, 'repo', '.claude', 'hooks', 'check.sh');
    await writeFile(script, 'exit 2\n');
    await recordTrust(store, [{ file, exists: true, record: record(file, text) }]);
    const change = {
      kind: 'import',
      namePrefix: 'claude:project:',
      entries: imported('"$CLAUDE_PROJECT_DIR"/.claude/hooks/check.sh >> "$CLAUDE_PROJECT_DIR/log"'),
      home: directory,
      claudeProjectDir: join(directory, 'repo'),
    } as const;
    expect(await applyToggleToSnapshot(store, file, change)).toBe(true);
    expect(
      readTrustStore(store)
        .get(file)
        ?.scripts.map((entry) => entry.path),
    ).toEqual([script]);
  });

  it('S4/K6: an import into a file never trusted leaves it so; one that created the file trusts it as created', async () => {
    await recordTrust(store, [{ file, exists: true, record: record(file, text) }]);
    const change = {
      kind: 'import',
      namePrefix: 'claude:project:',
      entries: imported('true'),
      home: directory,
    } as const;
    expect(await applyToggleToSnapshot(store, '/other.json', change)).toBe(false);
    expect(readTrustStore(store).has('/other.json')).toBe(false);
    expect(await applyToggleToSnapshot(store, '/created.json', change, { created: true })).toBe(true);
    expect(readTrustStore(store).get('/created.json')?.snapshot).toBe(
      importedHooksText(null, '/created.json', 'claude:project:', imported('true')).text,
    );
  });

  it('S4: a toggle at a terminal by someone who never trusted anything creates no store and no folder', async () => {
    const toggle = { kind: 'event', event: 'PreToolUse', enabled: false } as const;
    expect(await applyToggleToSnapshot(store, file, toggle)).toBe(false);
    expect(await readdir(directory)).not.toContain('state');
  });
});
