// HTTP hooks end to end (H1–H3): the built `cosh` against a real policy server on 127.0.0.1,
// through `hooks run`, `exec`, `session` and `mcp serve`.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type LocalServer, startLocalServer, temporaryFolders } from '@cosh/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';
import { downstreamFixture, startCosh } from '../__fixtures__/mcp-session.ts';

const makeFolder = temporaryFolders('cosh-http-hooks-');

// What the policy server answers, by path.
const answers: Record<string, { status: number; body: string | Buffer }> = {
  '/deny': { status: 200, body: JSON.stringify({ decision: 'deny', reason: 'the policy service refuses this' }) },
  '/allow': { status: 200, body: JSON.stringify({ decision: 'allow' }) },
  '/context': { status: 200, body: JSON.stringify({ context: 'policy: writes are audited' }) },
  '/rewrite': { status: 200, body: JSON.stringify({ updated_input: { command: 'echo rewritten by policy' } }) },
  '/fail': { status: 500, body: 'policy database unavailable' },
  '/flood': { status: 200, body: Buffer.alloc(2 * 1024 * 1024, 0x20) },
};

let server: LocalServer;
let folder: string;

beforeAll(async () => {
  await assertBuilt();
  folder = makeFolder();
  server = await startLocalServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    // `/hang` never answers: the hook's timeout ends it.
    if (path === '/hang') return;
    const answer = answers[path] ?? { status: 404, body: '' };
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
});

afterAll(async () => {
  await server.close();
});

type Entry = { name: string; url: string; timeout?: number; onError?: 'deny'; matcher?: string };

let configs = 0;
/** Writes a setup.json with these PreToolUse (and PostToolUse) entries; returns its path. */
async function setupFile(preToolUse: readonly Entry[], postToolUse: readonly Entry[] = []): Promise<string> {
  configs += 1;
  const path = join(folder, `setup-${configs}.json`);
  await writeFile(path, JSON.stringify({ hooks: { PreToolUse: preToolUse, PostToolUse: postToolUse } }));
  return path;
}

const hook = (path: string, extra: Partial<Entry> = {}): Entry => ({
  name: `policy ${path}`,
  url: `${server.origin}${path}`,
  ...extra,
});

interface HookJson {
  readonly name: string;
  readonly outcome: string | null;
  readonly exit_code: number | null;
  readonly http_status?: number | null;
  readonly timed_out: boolean;
  readonly truncated: boolean;
}

async function hooksRunJson(config: string, extra: readonly string[] = []) {
  const run = await runCosh(
    ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command":"ls"}', '--config', config, ...extra],
    { cwd: folder },
  );
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as {
    decision: string;
    reasons: string[];
    context: string;
    tool_input: Record<string, unknown>;
    hooks: HookJson[];
    diagnostics: { level: string; hook: string | null; message: string }[];
  };
}

describe('cosh hooks run --json with HTTP hooks (X, H3)', () => {
  it('H3 O6: a 2xx deny denies with its reason; the hook has http_status 200 and exit_code null', async () => {
    const json = await hooksRunJson(await setupFile([hook('/deny')]), ['--json']);
    expect(json).toMatchObject({ decision: 'deny', reasons: ['the policy service refuses this'] });
    expect(json.hooks).toEqual([
      expect.objectContaining({
        name: 'policy /deny',
        outcome: 'deny',
        exit_code: null,
        http_status: 200,
        timed_out: false,
        truncated: false,
        deduplicated: false,
      }),
    ]);
  });

  it('H3 O1 A7: allow, context and a rewritten input', async () => {
    const json = await hooksRunJson(await setupFile([hook('/allow'), hook('/context'), hook('/rewrite')]), ['--json']);
    expect(json).toMatchObject({
      decision: 'allow',
      context: 'policy: writes are audited',
      tool_input: { command: 'echo rewritten by policy' },
    });
    expect(json.hooks.map((entry) => [entry.outcome, entry.http_status])).toEqual([
      ['allow', 200],
      ['none', 200],
      ['none', 200],
    ]);
  });

  it('H3 O5: a 500 is an error with the status in its diagnostic; with onError deny the call is denied', async () => {
    const json = await hooksRunJson(await setupFile([hook('/fail', { onError: 'deny' })]), ['--json']);
    expect(json.decision).toBe('deny');
    expect(json.reasons).toEqual(["hook 'policy /fail' failed: HTTP status 500"]);
    expect(json.hooks[0]).toMatchObject({ outcome: 'error', http_status: 500, exit_code: null });
    expect(json.diagnostics[0]?.message).toContain('policy database unavailable');
  });

  it('H3 R6: a server that never answers is a timeout: timed_out true, http_status null, within about the timeout', async () => {
    const startedAt = performance.now();
    const json = await hooksRunJson(await setupFile([hook('/hang', { timeout: 0.5 })]), ['--json']);
    expect(performance.now() - startedAt).toBeLessThan(5000);
    expect(json.decision).toBe('none');
    expect(json.hooks[0]).toMatchObject({ outcome: 'error', timed_out: true, http_status: null, exit_code: null });
    expect(json.diagnostics[0]?.message).toBe(
      `hook 'policy /hang' timed out after 0.5s: the call was not blocked (a 2xx answer that denies blocks; "onError": "deny" fails closed)`,
    );
  });

  it('H3 R8: a body over 1 MiB is an error, truncated', async () => {
    const json = await hooksRunJson(await setupFile([hook('/flood')]), ['--json']);
    expect(json.hooks[0]).toMatchObject({ outcome: 'error', truncated: true, http_status: 200 });
    expect(json.diagnostics[0]?.message).toBe(
      `hook 'policy /flood' failed (response body over 1 MiB): the call was not blocked (a 2xx answer that denies blocks; "onError": "deny" fails closed)`,
    );
  });

  it('X: the human output shows each HTTP hook status', async () => {
    const config = await setupFile([hook('/deny'), hook('/fail'), hook('/hang', { timeout: 0.3 })]);
    const run = await runCosh(['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--config', config], {
      cwd: folder,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/deny\s+HTTP 200\s+\d+ ms\s+policy \/deny/);
    expect(run.stdout).toMatch(/error\s+HTTP 500\s+\d+ ms\s+policy \/fail/);
    expect(run.stdout).toMatch(/error\s+timed out\s+\d+ ms\s+policy \/hang/);
  });
});

describe('the app runs HTTP hooks around real tool calls (L1, H2)', () => {
  it('X: cosh exec is blocked by an HTTP deny (exit 2), and the tool never runs', async () => {
    const config = await setupFile([hook('/deny', { matcher: '^bash_run$' })]);
    const marker = join(folder, 'exec-ran');
    const run = await runCosh(
      ['exec', 'bash_run', '--input', JSON.stringify({ command: `touch ${marker}` }), '--config', config],
      {
        cwd: folder,
      },
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('the policy service refuses this');
    expect(existsSync(marker)).toBe(false);
  });

  it('X A7: cosh exec runs the input an HTTP hook rewrote; its allow skips the permission system', async () => {
    const config = await setupFile([hook('/allow'), hook('/rewrite')]);
    const run = await runCosh(
      ['exec', 'bash_run', '--input', '{"command":"echo original"}', '--permission', 'deny', '--config', config],
      { cwd: folder },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('rewritten by policy');
    expect(run.stdout).not.toContain('original');
  });

  it('H2: cosh session sends every call of the session over one kept-alive connection', async () => {
    const config = await setupFile([hook('/context', { matcher: '^fs_read$' })]);
    await writeFile(join(folder, 'notes.txt'), 'hello');
    const connectionsBefore = server.connections();
    const requestsBefore = server.received.length;
    const lines = [1, 2, 3].map((id) =>
      JSON.stringify({ id, tool_name: 'fs_read', tool_input: { path: 'notes.txt' } }),
    );
    const run = await runCosh(['session', '--config', config], { cwd: folder, input: `${lines.join('\n')}\n` });
    expect(run.code).toBe(0);
    const results = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { id?: number; output?: string });
    const answered = results.filter((result) => result.id !== undefined);
    expect(answered).toHaveLength(3);
    for (const result of answered) expect(result.output).toBe('hello\npolicy: writes are audited');
    expect(server.received.length - requestsBefore).toBe(3);
    expect(server.connections() - connectionsBefore).toBe(1);
  });

  it('X: cosh mcp serve refuses a call an HTTP hook denies, as a tool result with isError', async () => {
    const config = await setupFile([hook('/deny', { matcher: '^fs_write$' })]);
    const session = await startCosh(['mcp', 'serve', '--config', config], { cwd: folder });
    try {
      const result = await session.call('fs_write', { path: 'mcp-written.txt', content: 'x' });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('the policy service refuses this');
      expect(existsSync(join(folder, 'mcp-written.txt'))).toBe(false);
    } finally {
      await session.close();
    }
  });

  it("X P2: cosh mcp proxy runs HTTP hooks around a downstream tool: a deny refuses one, a context joins another's result", async () => {
    const config = await setupFile(
      [hook('/deny', { matcher: '^measure$' })],
      [hook('/context', { matcher: '^echo$' })],
    );
    const session = await startCosh(['mcp', 'proxy', '--config', config, '--', process.execPath, downstreamFixture], {
      cwd: folder,
    });
    try {
      const echoed = await session.call('echo', { text: 'hello' });
      expect(echoed.isError).toBeUndefined();
      expect(echoed.content).toEqual([
        { type: 'text', text: '{"text":"hello"}' },
        { type: 'text', text: 'policy: writes are audited' },
      ]);
      const refused = await session.call('measure', { length: 3 });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('the policy service refuses this');
    } finally {
      await session.close();
    }
  });
});
