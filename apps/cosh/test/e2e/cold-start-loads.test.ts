// What a cold `cosh hooks run` loads. Every tool call of an agent pays for it, so the heavy or
// write-only code of the other commands stays off its path (scripts/bench.mjs measures the time;
// this keeps a stray static import from quietly undoing it).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadHooks } from '@cosh/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const traceImports = fileURLToPath(new URL('../__fixtures__/trace-imports.mjs', import.meta.url));

// String literals that only one body of code contains, in any quotes (the minified bundle writes
// string literals as template literals).
const markers = {
  // Full zod names its classes "ZodString", …; zod/mini's are "ZodMiniString" and the shared
  // core's "$ZodString".
  fullZod: /["'`]ZodString["'`]/,
  // A message of @cosh/config's writer (setEventEnabled, setHookEnabled).
  configWriter: /the file kept changing while it was being written/,
  // The name of ink's root node (the settings screen).
  ink: /["'`]ink-root["'`]/,
  // An error code only commander has: the plain `hooks run` and `claude-hook` are read without it.
  commander: /["'`]commander\.unknownOption["'`]/,
  // A class name of zod/mini's (and so zod's core): the hooks' output schemas and the config's.
  zod: /["'`]ZodMiniObject["'`]/,
};

let directory: string;
let setupFile: string;

beforeAll(async () => {
  await assertBuilt();
  directory = await mkdtemp(join(tmpdir(), 'cosh-cold-start-'));
  setupFile = join(directory, 'setup.json');
  await writeFile(setupFile, '{"hooks": {"PreToolUse": [{"name": "trivial", "command": "true"}]}}\n');
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

interface TracedRun {
  readonly code: number | null;
  readonly stdout: string;
  /** Every module resolved, as a URL (`file:` or `node:`), each once. */
  readonly imports: readonly string[];
}

let runs = 0;

async function runTraced(args: readonly string[], input?: string, env: NodeJS.ProcessEnv = {}): Promise<TracedRun> {
  runs += 1;
  const trace = join(directory, `imports-${runs}.txt`);
  const run = await runCosh(args, {
    cwd: directory,
    input,
    env: { COSH_TEST_IMPORT_TRACE: trace, ...env },
    nodeOptions: ['--import', traceImports],
  });
  if (run.code !== 0) throw new Error(`cosh ${args.join(' ')} exited with ${run.code}: ${run.stderr}`);
  const text = await readFile(trace, 'utf8');
  return { code: run.code, stdout: run.stdout, imports: [...new Set(text.split('\n').filter((line) => line !== ''))] };
}

async function loadsCode(run: TracedRun, marker: RegExp): Promise<boolean> {
  for (const url of run.imports) {
    if (url.startsWith('file:') && marker.test(await readFile(fileURLToPath(url), 'utf8'))) return true;
  }
  return false;
}

describe('what a cold cosh hooks run loads', () => {
  it('X: runs the hook, without commander, zod (its config validated before), node:crypto, node:http(s), the config writer or ink', async () => {
    const args = [
      'hooks',
      'run',
      'PreToolUse',
      '--tool',
      'bash_run',
      '--input',
      '{"command":"ls"}',
      '--config',
      setupFile,
    ];
    // The first run validates the file (and loads zod), and remembers it did.
    const first = await runTraced([...args, '--json']);
    expect(await loadsCode(first, markers.zod)).toBe(true);
    expect(await loadsCode(first, markers.fullZod)).toBe(false);
    const run = await runTraced([...args, '--json']);
    expect(JSON.parse(run.stdout)).toMatchObject({
      decision: 'none',
      hooks: [{ name: 'trivial', outcome: 'none', exit_code: 0 }],
    });
    expect(run.imports.some((url) => url.endsWith('/dist/cli.js'))).toBe(true);
    expect(run.imports).not.toContain('node:crypto');
    // HTTP hooks' modules load at the first HTTP hook (H2), not in every start.
    for (const module of ['node:http', 'node:https', 'node:tls']) expect(run.imports).not.toContain(module);
    expect(await loadsCode(run, markers.commander)).toBe(false);
    expect(await loadsCode(run, markers.zod)).toBe(false);
    expect(await loadsCode(run, markers.configWriter)).toBe(false);
    expect(await loadsCode(run, markers.ink)).toBe(false);
  });

  it('S2: with trust checked, a trusted file that is its trusted copy and names no script needs no node:crypto', async () => {
    // The user file (HOME is the test's directory), trusted as a person would on first use.
    const home = join(directory, 'trusted-home');
    const userFile = join(home, '.config', 'cosh', 'setup.json');
    await mkdir(join(home, '.config', 'cosh'), { recursive: true });
    await writeFile(userFile, '{"hooks": {"PreToolUse": [{"name": "trivial", "command": "true"}]}}\n');
    // No managed file (it is validated on every load: see validation-cache.ts).
    const env = { HOME: home };
    const trusted = await loadHooks({ cwd: directory, env, trustOnFirstUse: true, noProject: true });
    expect(trusted.trustedOnFirstUse).toEqual([userFile]);

    const args = ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--no-project', '--json'];
    await runTraced(args, undefined, { ...env, COSH_TRUST: undefined });
    const run = await runTraced(args, undefined, { ...env, COSH_TRUST: undefined });
    expect(JSON.parse(run.stdout)).toMatchObject({ hooks: [{ name: 'trivial', outcome: 'none', layer: 'user' }] });
    expect(run.imports).not.toContain('node:crypto');
    expect(await loadsCode(run, markers.commander)).toBe(false);
    expect(await loadsCode(run, markers.zod)).toBe(false);

    // A changed file is hashed (and its trusted copy runs), so the check above can fail.
    await writeFile(userFile, '{"hooks": {"PreToolUse": [{"name": "changed", "command": "true"}]}}\n');
    const changed = await runTraced(args, undefined, { ...env, COSH_TRUST: undefined });
    expect(JSON.parse(changed.stdout)).toMatchObject({ hooks: [{ name: 'trivial' }] });
    expect(changed.imports).toContain('node:crypto');
  });

  it('K8: cosh claude-hook answers Claude on the same light path: no commander, zod, node:crypto, writer, ink or MCP SDK', async () => {
    const stdin = JSON.stringify({
      session_id: 's',
      transcript_path: '',
      cwd: directory,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'toolu_1',
    });
    const run = await runTraced(['claude-hook', '--config', setupFile], stdin);
    expect(JSON.parse(run.stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse' } });
    expect(run.imports).not.toContain('node:crypto');
    expect(run.imports.some((url) => url.includes('@modelcontextprotocol'))).toBe(false);
    expect(await loadsCode(run, markers.commander)).toBe(false);
    expect(await loadsCode(run, markers.zod)).toBe(false);
    expect(await loadsCode(run, markers.configWriter)).toBe(false);
    expect(await loadsCode(run, markers.ink)).toBe(false);
  });

  it('the checks above can fail: a toggle loads the writer and commander, exec loads full zod, output loads zod', async () => {
    // A hook that prints its verdict: the output schema (zod/mini) is needed to read it.
    const printing = join(directory, 'printing.json');
    await writeFile(printing, '{"hooks": {"PreToolUse": [{"command": "echo \'{\\"decision\\": \\"allow\\"}\'"}]}}\n');
    const printingArgs = ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--config', printing, '--json'];
    await runTraced(printingArgs);
    const printed = await runTraced(printingArgs);
    expect(JSON.parse(printed.stdout)).toMatchObject({ decision: 'allow' });
    expect(await loadsCode(printed, markers.zod)).toBe(true);

    const toggle = await runTraced(['hooks', 'disable', 'PostToolUse', '--config', setupFile]);
    expect(await loadsCode(toggle, markers.configWriter)).toBe(true);
    expect(await loadsCode(toggle, markers.commander)).toBe(true);

    await writeFile(join(directory, 'note.txt'), 'hello\n');
    const exec = await runTraced(['exec', 'fs_read', '--input', '{"path":"note.txt"}', '--config', setupFile]);
    expect(exec.stdout).toBe('hello\n');
    expect(await loadsCode(exec, markers.fullZod)).toBe(true);

    // An HTTP hook (to a port nothing listens on: a connection failure is enough) loads them.
    const httpSetup = join(directory, 'http-setup.json');
    await writeFile(httpSetup, '{"hooks": {"PreToolUse": [{"name": "policy", "url": "http://127.0.0.1:9/"}]}}\n');
    const http = await runTraced(['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--config', httpSetup, '--json']);
    expect(JSON.parse(http.stdout)).toMatchObject({ hooks: [{ name: 'policy', outcome: 'error', http_status: null }] });
    expect(http.imports).toContain('node:http');
  });
});
