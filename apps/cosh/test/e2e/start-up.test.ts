// How `cosh hooks run` and `cosh claude-hook` start (issue 16). Every tool call of an agent pays
// for it, so these check what a start runs: the per-call bundle with its compiled code from the
// cache, and none of the heavy or write-only code of the other commands. scripts/bench.mjs
// measures the time; these keep a stray import or build setting from quietly undoing it.
import { readdir, readFile, stat, writeFile, mkdir, mkdtemp } from 'node:fs/promises';
import module from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadHooks } from '@cosh/config';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-start-up-');

const probe = fileURLToPath(new URL('../__fixtures__/start-up-probe.cjs', import.meta.url));
const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
/** Node 22.1+ has its own compile cache, which the whole program (dist/cli.js) uses. */
const nodeHasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

let directory: string;
let setupFile: string;

beforeAll(async () => {
  await assertBuilt();
  directory = makeFolder();
  setupFile = join(directory, 'setup.json');
  await writeFile(setupFile, '{"hooks": {"PreToolUse": [{"name": "trivial", "command": "true"}]}}\n');
});

interface ProbedRun {
  readonly stdout: string;
  readonly stderr: string;
  /** Whether zod started. */
  readonly zod: boolean;
  /** Node's built-in modules the process loaded (`crypto`, `internal/modules/esm/module_job`, …). */
  readonly builtins: readonly string[];
  /** The CommonJS files it required. */
  readonly scripts: readonly string[];
}

let runs = 0;

async function runProbed(
  args: readonly string[],
  options: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<ProbedRun> {
  runs += 1;
  const report = join(directory, `probe-${runs}.json`);
  const run = await runCosh(args, {
    cwd: options.cwd ?? directory,
    input: options.input,
    env: { COSH_TEST_START_UP_PROBE: report, ...options.env },
    nodeOptions: ['--require', probe],
  });
  if (run.code !== 0) throw new Error(`cosh ${args.join(' ')} exited with ${run.code}: ${run.stderr}`);
  const probed = JSON.parse(await readFile(report, 'utf8'));
  return { stdout: run.stdout, stderr: run.stderr, ...probed };
}

/** What no plain `hooks run` or `claude-hook` loads: writes, HTTP hooks' modules, hashing, timing. */
const HEAVY_BUILTINS = ['crypto', 'fs/promises', 'perf_hooks', 'http', 'https', 'tls', 'zlib'];

function expectLightStart(run: ProbedRun): void {
  expect(run.zod).toBe(false);
  for (const builtin of HEAVY_BUILTINS) expect(run.builtins).not.toContain(builtin);
  // Only the bin file and dist/start.cjs are required; dist/fast-start.cjs is compiled from the
  // code cache, and the whole program (dist/cli.js, an ES module) is not loaded: on Node 20 no ES
  // module runs at all (Node 22+ starts its ES module loader for every program).
  expect(run.scripts.map((script) => script.split('/').slice(-2).join('/'))).toEqual([
    expect.stringMatching(/start-up-probe\.cjs$/),
    'bin/cosh.js',
    'dist/start.cjs',
  ]);
  if (!nodeHasCompileCache) expect(run.builtins).not.toContain('internal/modules/esm/module_job');
}

/** Whether a code cache entry holds as many bytes of code as its header says. */
function isWholeEntry(entry: Buffer, keyLength: number): boolean {
  const codeStart = entry.indexOf('\n', keyLength) + 1;
  return codeStart > 0 && Number(entry.subarray(keyLength, codeStart - 1).toString()) === entry.length - codeStart;
}

const hooksRunArgs = ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command":"ls"}', '--json'];

describe('how a plain cosh hooks run starts (issue 16)', () => {
  it('X: runs the hook from the per-call bundle only: no zod (the file validated before), node:crypto, writes or HTTP modules', async () => {
    // The first run validates the file (zod starts) and remembers it did.
    const first = await runProbed([...hooksRunArgs, '--config', setupFile]);
    expect(first.zod).toBe(true);
    const run = await runProbed([...hooksRunArgs, '--config', setupFile]);
    expect(JSON.parse(run.stdout)).toMatchObject({
      decision: 'none',
      hooks: [{ name: 'trivial', outcome: 'none', exit_code: 0 }],
    });
    expectLightStart(run);
  });

  it('keeps the compiled code of dist/fast-start.cjs in the cache folder, uses it, and answers the same', async () => {
    const folder = await mkdtemp(join(directory, 'cache-'));
    const env = { XDG_CACHE_HOME: folder };
    const cacheFile = join(folder, 'cosh', `fast-start-${process.version}-${process.arch}.code-cache`);
    const first = await runCosh([...hooksRunArgs, '--config', setupFile], { cwd: directory, env });
    const made = await stat(cacheFile);
    expect(made.mode & 0o777).toBe(0o600);
    const second = await runCosh([...hooksRunArgs, '--config', setupFile], { cwd: directory, env });
    expect((await stat(cacheFile)).mtimeMs).toBe(made.mtimeMs);
    const withoutDurations = (stdout: string) => stdout.replace(/"duration_ms": \d+/g, '');
    expect(withoutDurations(second.stdout)).toBe(withoutDurations(first.stdout));
    expect(second.stderr).toBe(first.stderr);

    // An entry cut short, or one V8 refuses, is compiled from the text and replaced.
    const entry = await readFile(cacheFile);
    const keyLength = entry.indexOf('\n\n') + 2;
    expect(isWholeEntry(entry, keyLength)).toBe(true);
    const notCode = Buffer.from('not V8 code at all');
    for (const broken of [
      entry.subarray(0, entry.length - 100),
      Buffer.concat([entry.subarray(0, keyLength), Buffer.from(`${notCode.length}\n`), notCode]),
    ]) {
      await writeFile(cacheFile, broken);
      const again = await runCosh([...hooksRunArgs, '--config', setupFile], { cwd: directory, env });
      expect(withoutDurations(again.stdout)).toBe(withoutDurations(first.stdout));
      expect(isWholeEntry(await readFile(cacheFile), keyLength)).toBe(true);
    }

    // Node's switch for its own compile cache turns this one off too.
    const off = await mkdtemp(join(directory, 'cache-off-'));
    const disabled = await runCosh([...hooksRunArgs, '--config', setupFile], {
      cwd: directory,
      env: { XDG_CACHE_HOME: off, NODE_DISABLE_COMPILE_CACHE: '1' },
    });
    expect(withoutDurations(disabled.stdout)).toBe(withoutDurations(first.stdout));
    expect(await readdir(join(off, 'cosh'))).not.toContainEqual(expect.stringMatching(/code-cache/));

    // With --enable-source-maps the bundle loads as Node loads any file, so stacks name the sources.
    const mapped = await mkdtemp(join(directory, 'cache-mapped-'));
    const withMaps = await runCosh([...hooksRunArgs, '--config', setupFile], {
      cwd: directory,
      env: { XDG_CACHE_HOME: mapped },
      nodeOptions: ['--enable-source-maps'],
    });
    expect(withoutDurations(withMaps.stdout)).toBe(withoutDurations(first.stdout));
    expect(await readdir(join(mapped, 'cosh'))).not.toContainEqual(expect.stringMatching(/code-cache/));
  });

  it('S2: with trust checked, a trusted file that is its trusted copy and names no script needs no node:crypto', async () => {
    // The user file (HOME is its own folder), trusted as a person would on first use.
    const home = join(directory, 'trusted-home');
    const userFile = join(home, '.config', 'cosh', 'setup.json');
    await mkdir(join(home, '.config', 'cosh'), { recursive: true });
    await writeFile(userFile, '{"hooks": {"PreToolUse": [{"name": "trivial", "command": "true"}]}}\n');
    // No managed file (it is validated on every load: see validation-cache.ts).
    const env = { HOME: home, COSH_TRUST: undefined };
    const trusted = await loadHooks({ cwd: directory, env: { HOME: home }, trustOnFirstUse: true, noProject: true });
    expect(trusted.trustedOnFirstUse).toEqual([userFile]);

    const args = ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--no-project', '--json'];
    await runProbed(args, { env });
    const run = await runProbed(args, { env });
    expect(JSON.parse(run.stdout)).toMatchObject({ hooks: [{ name: 'trivial', outcome: 'none', layer: 'user' }] });
    expectLightStart(run);

    // A changed file is hashed (and its trusted copy runs), so the check above can fail.
    await writeFile(userFile, '{"hooks": {"PreToolUse": [{"name": "changed", "command": "true"}]}}\n');
    const changed = await runProbed(args, { env });
    expect(JSON.parse(changed.stdout)).toMatchObject({ hooks: [{ name: 'trivial' }] });
    expect(changed.builtins).toContain('crypto');
  });

  it('K8: cosh claude-hook answers Claude on the same light start', async () => {
    const stdin = JSON.stringify({
      session_id: 's',
      transcript_path: '',
      cwd: directory,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'toolu_1',
    });
    await runProbed(['claude-hook', '--config', setupFile], { input: stdin });
    const run = await runProbed(['claude-hook', '--config', setupFile], { input: stdin });
    // K8: the load warnings (here COSH_TRUST=all's) also go into the answer's systemMessage.
    expect(JSON.parse(run.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse' },
      systemMessage: expect.stringContaining('COSH_TRUST=all'),
    });
    expectLightStart(run);
  });

  it('the checks above can fail: output starts zod, an HTTP hook loads node:http, a toggle runs the whole program', async () => {
    // A hook that prints its verdict: the output schema (zod) is needed to read it.
    const printing = join(directory, 'printing.json');
    await writeFile(printing, '{"hooks": {"PreToolUse": [{"command": "echo \'{\\"decision\\": \\"allow\\"}\'"}]}}\n');
    await runProbed([...hooksRunArgs, '--config', printing]);
    const printed = await runProbed([...hooksRunArgs, '--config', printing]);
    expect(JSON.parse(printed.stdout)).toMatchObject({ decision: 'allow' });
    expect(printed.zod).toBe(true);

    // An HTTP hook (to a port nothing listens on: a connection failure is enough) loads them.
    const httpSetup = join(directory, 'http-setup.json');
    await writeFile(httpSetup, '{"hooks": {"PreToolUse": [{"name": "policy", "url": "http://127.0.0.1:9/"}]}}\n');
    const http = await runProbed([...hooksRunArgs, '--config', httpSetup]);
    expect(JSON.parse(http.stdout)).toMatchObject({ hooks: [{ name: 'policy', outcome: 'error', http_status: null }] });
    expect(http.builtins).toContain('http');

    const toggle = await runProbed(['hooks', 'disable', 'PostToolUse', '--config', setupFile]);
    expect(toggle.builtins).toContain('internal/modules/esm/module_job');
  });

  it('the bundles are ASCII only, and the per-call bundle holds neither commander nor ink', async () => {
    const bundles = (await readdir(dist)).filter((name) => /\.c?js$/.test(name));
    expect(bundles).toEqual(expect.arrayContaining(['start.cjs', 'fast-start.cjs', 'cli.js']));
    for (const name of bundles) {
      const bytes = await readFile(join(dist, name));
      expect(
        bytes.findIndex((byte) => byte > 0x7f),
        name,
      ).toBe(-1);
    }
    const fastStart = await readFile(join(dist, 'fast-start.cjs'), 'utf8');
    // An error code only commander has, and the name of ink's root node.
    expect(fastStart).not.toMatch(/["'`]commander\.unknownOption["'`]/);
    expect(fastStart).not.toMatch(/["'`]ink-root["'`]/);
  });
});
