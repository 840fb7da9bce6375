// How `cosh hooks run`, `cosh claude-hook` and `cosh gemini-hook` start (issues 16 and 29). Every
// tool call of an agent pays for it, so these check what a start runs: the per-call bundle with
// its code cache, and none of the heavy or write-only code of the other commands.
// scripts/bench.mjs measures the time; these keep a stray import or build setting from quietly
// undoing it.
import { execFileSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import module from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadHooks } from '@cosh/config';
import { runNode, TRUST_ALL_ENV, temporaryFolders } from '@cosh/test-utils';
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
  /** Whether anything asked for `process.stdin`. */
  readonly stdin: boolean;
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
  // Only the bin file and dist/start.cjs are required; dist/fast-start.cjs is compiled with the
  // code cache beside it (require-with-code-cache.ts), and the whole program (dist/cli.js, an ES
  // module) is not loaded: on Node 20 no ES module runs at all (Node 22+ starts its ES module
  // loader for every program).
  expect(run.scripts.map((script) => script.split('/').slice(-2).join('/'))).toEqual([
    expect.stringMatching(/start-up-probe\.cjs$/),
    'bin/cosh.js',
    'dist/start.cjs',
  ]);
  if (!nodeHasCompileCache) expect(run.builtins).not.toContain('internal/modules/esm/module_job');
}

const hooksRunArgs = ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command":"ls"}', '--json'];

/** Claude's call of its Bash tool (`ls`) in the test folder, as `cosh claude-hook` reads it on stdin. */
function claudeBashCall(): string {
  const call = { session_id: 's', cwd: directory, hook_event_name: 'PreToolUse', tool_name: 'Bash' };
  return JSON.stringify({ ...call, tool_input: { command: 'ls' } });
}

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
    // Its input is on the command line: standard input is never opened (issue 37).
    expect(run.stdin).toBe(false);
  });

  it('issue 27: keeps no compiled code in the cache folder; what is there decides nothing, crashes nothing', async () => {
    const folder = await mkdtemp(join(directory, 'cache-'));
    const env = { XDG_CACHE_HOME: folder };
    const first = await runCosh([...hooksRunArgs, '--config', setupFile], { cwd: directory, env });
    expect(await readdir(join(folder, 'cosh'))).toEqual(['validated-setup.json']);
    const withoutDurations = (stdout: string) => stdout.replace(/"duration_ms": \d+/g, '');
    // The code cache of an earlier build, forged or damaged, and every other file a cache could
    // be: not read at all, or read as data and dropped.
    const junk = Buffer.from(Array.from({ length: 65_536 }, (_, index) => (index * 37) % 256));
    await writeFile(join(folder, 'cosh', `fast-start-${process.version}-${process.arch}.code-cache`), junk);
    const cacheFile = join(folder, 'cosh', 'validated-setup.json');
    const damages: (() => Promise<void>)[] = [
      () => writeFile(cacheFile, junk),
      () => writeFile(cacheFile, '{"build": "x", "entries": ['),
      // A FIFO would hold a reader for a writer that never comes; /dev/zero never ends.
      async () => {
        execFileSync('mkfifo', [cacheFile]);
      },
      () => symlink('/dev/zero', cacheFile),
    ];
    for (const damage of damages) {
      await rm(cacheFile, { force: true });
      await damage();
      const again = await runCosh([...hooksRunArgs, '--config', setupFile], { cwd: directory, env, timeoutMs: 20_000 });
      expect(again.code).toBe(0);
      expect(withoutDurations(again.stdout)).toBe(withoutDurations(first.stdout));
      expect(again.stderr).toBe(first.stderr);
    }
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
    // Claude's call comes on standard input: the probe sees it opened (so the check of hooks run can fail).
    expect(run.stdin).toBe(true);
  });

  it('J2: a journaled cosh claude-hook chains its line without node:crypto (its load was most of what the journal cost a call)', async () => {
    const journal = join(directory, 'start-up-journal.jsonl');
    const journaledSetup = join(directory, 'journaled-setup.json');
    await writeFile(
      journaledSetup,
      JSON.stringify({ journal: { file: journal }, hooks: { PreToolUse: [{ name: 'trivial', command: 'true' }] } }),
    );
    const stdin = claudeBashCall();
    await runProbed(['claude-hook', '--config', journaledSetup], { input: stdin });
    const run = await runProbed(['claude-hook', '--config', journaledSetup], { input: stdin });
    const lines = (await readFile(journal, 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).seq)).toEqual([1, 2]);
    expect(run.builtins).not.toContain('crypto');
    const verified = await runCosh(['journal', 'verify', journal], { cwd: directory });
    expect(verified.code).toBe(0);
  });

  it('K10: cosh gemini-hook answers Gemini CLI on the same light start', async () => {
    const stdin = JSON.stringify({
      session_id: 's',
      transcript_path: '',
      cwd: directory,
      hook_event_name: 'BeforeTool',
      tool_name: 'run_shell_command',
      tool_input: { command: 'ls' },
    });
    await runProbed(['gemini-hook', '--config', setupFile], { input: stdin });
    const run = await runProbed(['gemini-hook', '--config', setupFile], { input: stdin });
    expect(JSON.parse(run.stdout)).toEqual({ systemMessage: expect.stringContaining('COSH_TRUST=all') });
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

describe('the code cache of the per-call bundle (issue 29)', () => {
  /** A copy of the installation (bin, dist, package.json) without any cache, as a fresh install is. */
  async function freshInstall(): Promise<{ bin: string; dist: string }> {
    const install = await mkdtemp(join(directory, 'install-'));
    const app = fileURLToPath(new URL('../../', import.meta.url));
    const noCaches = (source: string) => !/\.v8-cache$|node-compile-cache/.test(source);
    for (const part of ['bin', 'dist', 'package.json']) {
      await cp(join(app, part), join(install, part), { recursive: true, filter: noCaches });
    }
    return { bin: join(install, 'bin', 'cosh.js'), dist: join(install, 'dist') };
  }

  const runInstalled = (bin: string, env: NodeJS.ProcessEnv = {}, nodeOptions: readonly string[] = []) =>
    runNode(bin, [...hooksRunArgs, '--config', setupFile], {
      cwd: directory,
      env: { PATH: process.env['PATH'], HOME: directory, ...TRUST_ALL_ENV, ...env },
      nodeOptions,
    });
  const cacheName = `fast-start-${process.version}-${process.arch}.v8-cache`;
  const withoutDurations = (stdout: string) => stdout.replace(/"duration_ms": \d+/g, '');

  it('is written beside the bundle (owner-writable only), used by the next start, and answers the same', async () => {
    const { bin, dist } = await freshInstall();
    const first = await runInstalled(bin);
    expect(first.code).toBe(0);
    const made = await stat(join(dist, cacheName));
    expect(made.mode & 0o777).toBe(0o644);
    const second = await runInstalled(bin);
    // Taken from the cache, it is not written again.
    expect((await stat(join(dist, cacheName))).mtimeMs).toBe(made.mtimeMs);
    expect(withoutDurations(second.stdout)).toBe(withoutDurations(first.stdout));
    expect(second.stderr).toBe(first.stderr);
  });

  it('issue 37: a start of another per-call command adds its code to the cache once; help adds nothing', async () => {
    const { bin, dist } = await freshInstall();
    const cacheFile = join(dist, cacheName);
    const usesOf = async () => (await readFile(cacheFile, 'latin1')).split('\n')[4];
    expect((await runInstalled(bin)).code).toBe(0);
    expect(await usesOf()).toBe('uses hooks');
    const claudeHook = () =>
      runNode(bin, ['claude-hook', '--config', setupFile], {
        cwd: directory,
        env: { PATH: process.env['PATH'], HOME: directory, ...TRUST_ALL_ENV },
        input: claudeBashCall(),
      });
    const first = await claudeHook();
    expect(first.code).toBe(0);
    expect(await usesOf()).toBe('uses claude-hook hooks');
    const joined = await stat(cacheFile);
    const second = await claudeHook();
    expect(second.stdout).toBe(first.stdout);
    expect((await runInstalled(bin)).code).toBe(0);
    // Help is the whole program's: the per-call bundle's code of it is not recorded.
    await runNode(bin, ['claude-hook', '--help'], {
      cwd: directory,
      env: { PATH: process.env['PATH'], HOME: directory },
    });
    expect((await stat(cacheFile)).ino).toBe(joined.ino);
  });

  it('one others may write, or forged, is not run: the bundle is compiled from its text and the cache replaced', async () => {
    const { bin, dist } = await freshInstall();
    const expected = withoutDurations((await runInstalled(bin)).stdout);
    const cacheFile = join(dist, cacheName);
    // Group-writable: anyone of the group could have put code there.
    await chmod(cacheFile, 0o664);
    const shared = await runInstalled(bin);
    expect(withoutDurations(shared.stdout)).toBe(expected);
    expect((await stat(cacheFile)).mode & 0o777).toBe(0o644);
    // Bytes that are no V8 code under the entry's own name and length: refused, compiled anew.
    const entry = await readFile(cacheFile);
    const keyEnd = entry.indexOf('\n\n') + 2;
    const junk = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 37) % 256));
    await writeFile(cacheFile, Buffer.concat([entry.subarray(0, keyEnd), Buffer.from(`${junk.length}\n`), junk]));
    const forged = await runInstalled(bin);
    expect(forged.code).toBe(0);
    expect(withoutDurations(forged.stdout)).toBe(expected);
  });

  it('none is written with NODE_DISABLE_COMPILE_CACHE=1 or --enable-source-maps, nor in a read-only installation', async () => {
    const { bin, dist } = await freshInstall();
    const expected = withoutDurations((await runInstalled(bin, { NODE_DISABLE_COMPILE_CACHE: '1' })).stdout);
    expect(await readdir(dist)).not.toContain(cacheName);
    const mapped = await runInstalled(bin, {}, ['--enable-source-maps']);
    expect(withoutDurations(mapped.stdout)).toBe(expected);
    expect(await readdir(dist)).not.toContain(cacheName);
    // Root writes anywhere: the read-only folder is checked for other users only.
    if (process.getuid?.() !== 0) {
      await chmod(dist, 0o555);
      try {
        expect(withoutDurations((await runInstalled(bin)).stdout)).toBe(expected);
        expect(await readdir(dist)).not.toContain(cacheName);
      } finally {
        await chmod(dist, 0o755);
      }
    }
  });
});
