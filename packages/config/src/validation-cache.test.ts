import { execFileSync } from 'node:child_process';
import { mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { parseConfig } from './parse-config.ts';
import { openValidationCache, validationCacheChecksum, validationCacheFile } from './validation-cache.ts';

const makeFolder = temporaryFolders('cosh-validation-cache-');

let directory: string;
let cacheFile: string;
const file = '/home/ada/.config/cosh/setup.json';

beforeEach(() => {
  directory = makeFolder();
  cacheFile = join(directory, 'cache', 'cosh', 'validated-setup.json');
});

/** Parses `text` through a cache opened now, and saves what it validated. */
async function parseThroughCache(text: string, layer: 'managed' | 'user' | 'project' = 'user') {
  const parser = openValidationCache(cacheFile);
  const parsed = await parser.parse(text, file, layer);
  parser.save();
  return parsed;
}

// Valid files with something to carry over: comments, a byte order mark, warnings (an unknown
// key, a duplicate key, a matcher that does not compile), switches, HTTP hooks and their headers,
// the Claude protocol, a disabled hook.
const validTexts = [
  '{"hooks": {"PreToolUse": [{"name": "trivial", "command": "true"}]}}\n',
  '\uFEFF// guards\n{\n  "hooks": {\n    "PreToolUse": [\n      {"matcher": "^bash_run$", "command": "./guard.sh", "timeout": 1.5, "onError": "deny"},\n    ],\n  },\n}\n',
  '{"theme": "dark", "hooks": {"PostToolUse": [{"command": "a", "matcher": "("}]}, "editor": {"tabs": 2}}',
  '{"hooks": {"PreToolUse": [{"command": "a"}], "PreToolUse": [{"command": "b", "enabled": false}]}}',
  '{"hooksEnabled": {"PreToolUse": false}, "allowManagedHooksOnly": true, "hooks": {}}',
  '{"hooks": {"PreToolUse": [{"url": "https://policy.example/hook", "headers": {"Authorization": "Bearer ${TOKEN}", "__proto__": "x"}}, {"command": "c", "protocol": "claude", "matcher": "Bash|Write"}]}}',
  '{}',
];

describe('the validation cache (issue 16)', () => {
  it.each(validTexts.map((text) => [text]))(
    'C2–C7: a text read from the cache gives what the validator gives: %j',
    async (text) => {
      const validated = await parseThroughCache(text);
      expect(validated).toEqual(parseConfig(text, file, { layer: 'user' }));
      expect(JSON.parse(await readFile(cacheFile, 'utf8')).entries).toHaveLength(1);
      expect(await parseThroughCache(text)).toEqual(validated);
    },
  );

  it('S5: a hit needs the whole text; the config is built from the text, only the warnings come from the cache', async () => {
    const text = '{"hooks": {"PreToolUse": [{"name": "guard", "command": "./guard.sh"}]}}';
    await parseThroughCache(text);
    // Someone who can write the cache tries to change what runs, and what is said.
    const document = JSON.parse(await readFile(cacheFile, 'utf8'));
    document.entries[0].warnings = [
      { severity: 'warning', code: 'unknown_field', message: 'forged', path: [], line: 1, column: 1 },
    ];
    document.entries[0].config = { hooks: { PreToolUse: [] } };
    document.checksum = validationCacheChecksum(document.entries);
    await writeFile(cacheFile, JSON.stringify(document));
    const read = await parseThroughCache(text);
    if (!read.ok) throw new Error('expected the text to load');
    expect(read.warnings.map((warning) => warning.message)).toEqual(['forged']);
    expect(read.config).toEqual((parseConfig(text, file) as { config: unknown }).config);
    // One character more is another text: validated again (and the forged warning is gone).
    const other = await parseThroughCache(`${text} `);
    expect(other.ok && other.warnings).toEqual([]);
  });

  it('C6: a text with errors is never cached, nor a managed file', async () => {
    const broken = '{"hooks": {"PreToolUse": [{"comand": "true"}]}}';
    const first = await parseThroughCache(broken);
    expect(first.ok).toBe(false);
    expect(await parseThroughCache(broken)).toEqual(first);
    await parseThroughCache('{"hooks": {}}', 'managed');
    await expect(readFile(cacheFile, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('a cache of another build, or that is not a cache, is empty; one that cannot be written is no cache', async () => {
    const text = validTexts[0] as string;
    await parseThroughCache(text);
    const document = JSON.parse(await readFile(cacheFile, 'utf8'));
    document.entries[0].warnings = [
      { severity: 'warning', code: 'x', message: 'forged', path: [], line: 1, column: 1 },
    ];
    document.checksum = validationCacheChecksum(document.entries);
    await writeFile(cacheFile, JSON.stringify({ ...document, build: 'another build' }));
    expect(await parseThroughCache(text)).toEqual(parseConfig(text, file));
    for (const garbage of ['{', '[]', '{"build": 1}', JSON.stringify({ ...document, entries: [{ file }] })]) {
      await writeFile(cacheFile, garbage);
      expect(await parseThroughCache(text)).toEqual(parseConfig(text, file));
    }
    // A folder in the way: the cache is not written, and nothing fails.
    const parser = openValidationCache(join(cacheFile, 'below-a-file'));
    expect(await parser.parse(text, file, 'user')).toEqual(parseConfig(text, file));
    expect(() => parser.save()).not.toThrow();
  });

  it('S3: a damaged cache file is an empty cache, rebuilt by the next save, never trusted', async () => {
    const text = validTexts[2] as string;
    const validated = await parseThroughCache(text);
    if (!validated.ok) throw new Error('expected the text to load');
    const whole = await readFile(cacheFile, 'utf8');
    // One character of a warning changed on the disk: the JSON still parses, the checksum does not match.
    const damaged = whole.replace('"code":"', '"code":"X');
    expect(damaged).not.toBe(whole);
    for (const broken of [
      damaged,
      whole.slice(0, whole.length / 2),
      '\u0000'.repeat(4096),
      Buffer.from(Array.from({ length: 8192 }, (_, index) => (index * 131) % 256)),
    ]) {
      await writeFile(cacheFile, broken);
      expect(await parseThroughCache(text)).toEqual(validated);
      // Rebuilt: the next read is a hit again, with the validator's own warnings.
      expect(JSON.parse(await readFile(cacheFile, 'utf8')).checksum).toMatch(/^[0-9a-f]{8}$/);
      expect(await readFile(cacheFile, 'utf8')).toBe(whole);
    }
  });

  it('S3: a symlink to /dev/zero where the cache belongs is an empty cache, at once', async () => {
    await mkdir(dirname(cacheFile), { recursive: true });
    await symlink('/dev/zero', cacheFile);
    const text = validTexts[0] as string;
    expect(await openValidationCache(cacheFile).parse(text, file, 'user')).toEqual(parseConfig(text, file));
  });

  it('C6: an entry that says "valid" for another text, or a forged one for a text that is not, changes no verdict', async () => {
    const good = '{"hooks": {"PreToolUse": [{"name": "guard", "command": "./guard.sh"}]}}';
    const misspelt = '{"hooks": {"PretoolUse": [{"name": "guard", "command": "./guard.sh"}]}}';
    await parseThroughCache(good);
    // The entry of the valid text, for the same file, does not vouch for the misspelt one.
    const failed = await parseThroughCache(misspelt);
    expect(failed.ok).toBe(false);
    expect(failed).toEqual(parseConfig(misspelt, file));
    // An entry whose text cannot even be built into a config (forged, with a right checksum):
    // the validator reads it, with its error, rather than a crash or an empty config.
    const notHooks = '{"hooks": {"PreToolUse": 5}}';
    const document = JSON.parse(await readFile(cacheFile, 'utf8'));
    document.entries = [{ file, layer: 'user', text: notHooks, warnings: [] }];
    document.checksum = validationCacheChecksum(document.entries);
    await writeFile(cacheFile, JSON.stringify(document));
    const forged = await parseThroughCache(notHooks);
    expect(forged.ok).toBe(false);
    expect(forged).toEqual(parseConfig(notHooks, file));
  });

  it('keeps the most recent texts, each once', async () => {
    for (let index = 0; index < 12; index += 1) await parseThroughCache(`{"hooks": {}, "n": ${index}}`);
    await parseThroughCache('{"hooks": {}, "n": 11}');
    const { entries } = JSON.parse(await readFile(cacheFile, 'utf8'));
    expect(entries.map((entry: { text: string }) => JSON.parse(entry.text).n)).toEqual([11, 10, 9, 8, 7, 6, 5, 4]);
  });

  it('a FIFO where the cache belongs is an empty cache, at once (never a wait for a writer)', async () => {
    await mkdir(dirname(cacheFile), { recursive: true });
    execFileSync('mkfifo', [cacheFile]);
    const parsed = await openValidationCache(cacheFile).parse('{"hooks": {}}', file, 'user');
    expect(parsed.ok).toBe(true);
  });

  it("lives in Cosh's cache folder", () => {
    expect(validationCacheFile({ env: { XDG_CACHE_HOME: '/c' }, homedir: '/h' })).toBe('/c/cosh/validated-setup.json');
    expect(validationCacheFile({ env: { HOME: '/h' } })).toBe('/h/.cache/cosh/validated-setup.json');
  });

  it('belongs to the build: the file it was loaded from, with its size and modification time', async () => {
    // A bundle that keeps its name across builds (dist/fast-start.cjs) must still empty the cache
    // when it changes, or a text the old validator accepted would skip the new one.
    await parseThroughCache('{"hooks": {}}');
    const { build } = JSON.parse(await readFile(cacheFile, 'utf8'));
    const module = fileURLToPath(new URL('./validation-cache.ts', import.meta.url));
    const stats = await stat(module);
    expect(build).toBe(`2 ${packageJson.version} ${pathToFileURL(module).href} ${stats.size} ${stats.mtimeMs}`);
  });
});

describe('the validation cache on generated files (issue 16)', () => {
  const name = fc.constantFrom('', 'guard', '__proto__', 'toString', 'a b');
  const entry = fc.record(
    {
      name,
      command: fc.constantFrom('true', './guard.sh', '~/bin/check "$1"', ''),
      url: fc.constantFrom('http://127.0.0.1:9/', 'https://x.example/h'),
      matcher: fc.constantFrom('', '*', '^bash_run$', '(', 'Bash|Write', 'mcp__.*'),
      timeout: fc.constantFrom(1, 0.5, 86_400, 0, -1, '5'),
      onError: fc.constantFrom('ignore', 'deny', 'block'),
      enabled: fc.boolean(),
      protocol: fc.constantFrom('cosh', 'claude'),
      headers: fc.dictionary(fc.constantFrom('A', 'B', '__proto__', 'constructor'), fc.constantFrom('v', '${T}')),
      // D1: rule hooks, valid and not, keys in any order.
      rule: fc.record(
        {
          decision: fc.constantFrom('deny', 'context', 'block'),
          field: fc.constantFrom('command', '*', 'a..b'),
          regex: fc.constantFrom('rm', '('),
          glob: fc.constantFrom('.env', '[a'),
          equals: fc.constantFrom(1, null, ['x', true]),
          not: fc.boolean(),
          reason: fc.constantFrom('no'),
        },
        { requiredKeys: ['field', 'decision'] },
      ),
    },
    { requiredKeys: [] },
  );
  const document = fc.record(
    {
      hooks: fc.record(
        { PreToolUse: fc.array(entry, { maxLength: 3 }), PostToolUse: fc.array(entry, { maxLength: 2 }) },
        {
          requiredKeys: [],
        },
      ),
      hooksEnabled: fc.record({ PreToolUse: fc.boolean(), PostToolUse: fc.boolean() }, { requiredKeys: [] }),
      allowManagedHooksOnly: fc.boolean(),
      theme: fc.constantFrom('dark', 1),
    },
    { requiredKeys: [] },
  );

  it('C2–C7: every file the validator accepts reads from the cache as the validator reads it', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(document, fc.boolean(), async (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const validated = parseConfig(text, file, { layer: 'project' });
        if (!validated.ok) return;
        accepted += 1;
        const first = await parseThroughCache(text, 'project');
        const second = await parseThroughCache(text, 'project');
        expect(first).toEqual(validated);
        expect(second).toEqual(validated);
      }),
      { numRuns: 150 },
    );
    expect(accepted).toBeGreaterThan(10);
  });
});
