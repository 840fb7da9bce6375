// The engine's HTTP hooks (H1–H3) against real servers on 127.0.0.1: what is sent, what each
// answer amounts to, and the one client per engine whose connections outlive a call.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  bundleSources,
  closedPort,
  type LocalServer,
  type Respond,
  runNode,
  startLocalServer,
  temporaryFolders,
} from '@cosh/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { hooksConfig, printing, type TestEntry } from './__fixtures__/hooks-config.ts';
import { createHookEngine } from './create-hook-engine.ts';
import type { HookEngine } from './hook-engine-types.ts';

const makeFolder = temporaryFolders('cosh-hooks-http-');
const servers: LocalServer[] = [];
const engines: HookEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) engine.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A server that answers every request with `status` and `body` (a JSON value or raw text). */
async function answering(status: number, body: unknown = ''): Promise<LocalServer> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return serving((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(text);
  });
}

async function serving(respond: Respond): Promise<LocalServer> {
  const server = await startLocalServer(respond);
  servers.push(server);
  return server;
}

function engineFor(
  hooks: { PreToolUse?: readonly TestEntry[]; PostToolUse?: readonly TestEntry[] },
  env: NodeJS.ProcessEnv = { PATH: process.env['PATH'] },
): HookEngine {
  const engine = createHookEngine(hooksConfig(hooks), { env });
  engines.push(engine);
  return engine;
}

const call = { toolName: 'bash_run', toolInput: { command: 'ls -la' } };

describe('HTTP hooks: the request (H1, H2)', () => {
  it('H2: POSTs the R3 payload as application/json to the url, byte for byte', async () => {
    const server = await answering(200);
    await engineFor({ PreToolUse: [{ url: `${server.origin}/cosh?team=a` }] }).preToolUse(call);
    expect(server.received).toHaveLength(1);
    const [request] = server.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/cosh?team=a');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body.toString('utf8')).toBe(
      '{"event":"PreToolUse","tool_name":"bash_run","tool_input":{"command":"ls -la"}}\n',
    );
  });

  it('H2: the PostToolUse payload adds tool_output, as on stdin', async () => {
    const server = await answering(200);
    await engineFor({ PostToolUse: [{ url: server.origin }] }).postToolUse({ ...call, toolOutput: 'a\nb' });
    expect(server.received[0]?.body.toString('utf8')).toBe(
      '{"event":"PostToolUse","tool_name":"bash_run","tool_input":{"command":"ls -la"},"tool_output":"a\\nb"}\n',
    );
  });

  it('H1 R4: ${NAME} in a header value comes from the hook environment (COSH_* included); an unset name is empty', async () => {
    const server = await answering(200);
    const engine = engineFor(
      {
        PreToolUse: [
          {
            name: 'policy',
            url: server.origin,
            headers: {
              authorization: 'Bearer ${POLICY_TOKEN}',
              'x-hook': '${COSH_HOOK_NAME}/${COSH_TOOL_NAME}',
              'x-unset': 'a${NOT_SET_ANYWHERE}b',
            },
          },
        ],
      },
      { POLICY_TOKEN: 's3cret' },
    );
    await engine.preToolUse(call);
    expect(server.received[0]?.headers).toMatchObject({
      authorization: 'Bearer s3cret',
      'x-hook': 'policy/bash_run',
      'x-unset': 'ab',
    });
  });

  it('H2: one engine keeps one connection alive across calls and events', async () => {
    const server = await answering(200);
    const engine = engineFor({ PreToolUse: [{ url: server.origin }], PostToolUse: [{ url: server.origin }] });
    for (let round = 0; round < 3; round += 1) {
      await engine.preToolUse(call);
      await engine.postToolUse({ ...call, toolOutput: '' });
    }
    expect(server.received).toHaveLength(6);
    expect(server.connections()).toBe(1);
    expect(server.received.map((request) => request.requestOnConnection)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('M4 H: identical url, headers and protocol run once; other headers make another hook', async () => {
    const server = await answering(200, { decision: 'allow' });
    const pre = await engineFor({
      PreToolUse: [
        { name: 'first', url: server.origin, headers: { team: 'a' } },
        { name: 'same', url: server.origin, headers: { team: 'a' } },
        { name: 'other team', url: server.origin, headers: { team: 'b' } },
      ],
    }).preToolUse(call);
    expect(server.received.map((request) => request.headers['team'])).toEqual(expect.arrayContaining(['a', 'b']));
    expect(server.received).toHaveLength(2);
    expect(pre.hooks.map((hook) => [hook.name, hook.deduplicated, hook.httpStatus])).toEqual([
      ['first', false, 200],
      ['same', true, null],
      ['other team', false, 200],
    ]);
  });

  it('R2: HTTP and command hooks of one call start together', async () => {
    const server = await serving((_request, response) => {
      setTimeout(() => response.end(''), 2_000);
    });
    const startedAt = performance.now();
    const pre = await engineFor({
      PreToolUse: [{ url: server.origin }, { url: `${server.origin}/2` }, { command: 'sleep 2' }],
    }).preToolUse(call);
    expect(pre.hooks.map((hook) => hook.outcome)).toEqual(['none', 'none', 'none']);
    // Each takes 2 s; in a row they would take 6 s (the 2.5 s margin is for a loaded machine).
    expect(performance.now() - startedAt).toBeLessThan(4_500);
  });
});

describe('HTTP hooks: the answer (H3)', () => {
  it('H3 O6: a 2xx body with decision deny denies with its reason; the report has http_status and no exit code', async () => {
    const server = await answering(200, { decision: 'deny', reason: 'rm -rf is not allowed' });
    const pre = await engineFor({ PreToolUse: [{ name: 'policy', url: server.origin }] }).preToolUse(call);
    expect(pre).toMatchObject({ decision: 'deny', reasons: ['rm -rf is not allowed'] });
    expect(pre.hooks[0]).toMatchObject({
      name: 'policy',
      command: server.origin,
      outcome: 'deny',
      httpStatus: 200,
      exitCode: null,
      signal: null,
      timedOut: false,
    });
  });

  it('H3 O1: allow, context and a rewritten input, as a command hook would give them', async () => {
    const allow = await answering(200, { decision: 'allow' });
    const context = await answering(201, { context: 'the policy service says hello' });
    const rewrite = await answering(200, { updated_input: { command: 'ls' } });
    const pre = await engineFor({
      PreToolUse: [{ url: allow.origin }, { url: context.origin }, { url: rewrite.origin }],
    }).preToolUse(call);
    expect(pre).toMatchObject({
      decision: 'allow',
      context: 'the policy service says hello',
      toolInput: { command: 'ls' },
    });
    expect(pre.hooks.map((hook) => [hook.outcome, hook.httpStatus])).toEqual([
      ['allow', 200],
      ['none', 201],
      ['none', 200],
    ]);
  });

  it('H3 O1: an empty 2xx body (204 included) is no opinion', async () => {
    const server = await answering(204);
    const pre = await engineFor({ PreToolUse: [{ url: server.origin }] }).preToolUse(call);
    expect(pre.decision).toBe('none');
    expect(pre.hooks[0]).toMatchObject({ outcome: 'none', httpStatus: 204 });
  });

  it('H3 O2: a 2xx body that is not one JSON object is invalid', async () => {
    const server = await answering(200, 'OK');
    const pre = await engineFor({ PreToolUse: [{ name: 'policy', url: server.origin }] }).preToolUse(call);
    expect(pre.hooks[0]).toMatchObject({ outcome: 'invalid', httpStatus: 200 });
    expect(pre.diagnostics[0]?.message).toContain("hook 'policy'");
  });

  it('H3 O5: a 500 is an error whose diagnostic gives the status and the body; onError deny makes it a deny', async () => {
    const server = await answering(500, 'database down');
    const pre = await engineFor({
      PreToolUse: [
        { name: 'lenient', url: server.origin },
        { name: 'strict', url: `${server.origin}/strict`, onError: 'deny' },
      ],
    }).preToolUse(call);
    expect(pre.hooks.map((hook) => [hook.outcome, hook.httpStatus, hook.exitCode])).toEqual([
      ['error', 500, null],
      ['error', 500, null],
    ]);
    expect(pre.decision).toBe('deny');
    expect(pre.reasons).toEqual(["hook 'strict' failed: HTTP status 500"]);
    expect(pre.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      expect.stringMatching(/^hook 'lenient' failed \(HTTP status 500\): the call was not blocked .*database down/),
      expect.stringMatching(/^hook 'strict' failed \(HTTP status 500\): the call is refused .*database down/),
    ]);
  });

  it('H2 H3: a redirect is not followed: a 302 is an error', async () => {
    const target = await answering(200, { decision: 'allow' });
    const server = await serving((_request, response) => {
      response.writeHead(302, { location: target.origin });
      response.end();
    });
    const pre = await engineFor({ PreToolUse: [{ url: server.origin }] }).preToolUse(call);
    expect(pre.hooks[0]).toMatchObject({ outcome: 'error', httpStatus: 302 });
    expect(target.received).toHaveLength(0);
  });

  it('H3 R6: a server that does not answer in time is a timeout (timed_out, no status), in about the timeout', async () => {
    const server = await serving(() => {
      // Never answers.
    });
    const startedAt = performance.now();
    const pre = await engineFor({
      PreToolUse: [{ name: 'slow', url: server.origin, timeout: 0.3, onError: 'deny' }],
    }).preToolUse(call);
    // Without the timeout the call would never end.
    expect(performance.now() - startedAt).toBeLessThan(5_000);
    expect(pre.hooks[0]).toMatchObject({ outcome: 'error', timedOut: true, httpStatus: null, exitCode: null });
    expect(pre.reasons).toEqual(["hook 'slow' failed: timed out after 0.3s"]);
  });

  it('H3 R8: a body over 1 MiB is an error (truncated), and reading stops', async () => {
    const server = await serving((_request, response) => {
      response.writeHead(200);
      response.end(Buffer.alloc(2 * 1024 * 1024, 0x20));
    });
    const pre = await engineFor({ PreToolUse: [{ name: 'flood', url: server.origin }] }).preToolUse(call);
    expect(pre.hooks[0]).toMatchObject({ outcome: 'error', truncated: true, httpStatus: 200 });
    expect(pre.diagnostics[0]?.message).toBe(
      `hook 'flood' failed (response body over 1 MiB): ${'the call was not blocked (a 2xx answer that denies blocks; "onError": "deny" fails closed)'}`,
    );
  });

  it("H3: a refused connection is an error that onError decides, never R9's refused start", async () => {
    const port = await closedPort();
    const pre = await engineFor({
      PreToolUse: [{ name: 'down', url: `http://127.0.0.1:${port}/` }, { command: printing({ decision: 'allow' }) }],
    }).preToolUse(call);
    expect(pre.decision).toBe('allow');
    expect(pre.hooks[0]).toMatchObject({ outcome: 'error', httpStatus: null, exitCode: null });
    expect(pre.diagnostics[0]?.message).toMatch(/^hook 'down' failed \(connection refused by 127\.0\.0\.1:\d+/);
  });
});

describe('HTTP hooks: the cost (H4)', () => {
  it('H4: a hook a local server answers at once costs the engine less than a spawned shell', async () => {
    const server = await answering(200);
    const overHttp = engineFor({ PreToolUse: [{ url: server.origin }] });
    const spawning = engineFor({ PreToolUse: [{ command: 'true' }] });
    const total = { http: 0, spawn: 0 };
    // Interleaved, so a busy moment of the machine falls on both; the first round warms both up.
    for (let round = 0; round <= 20; round += 1) {
      for (const [kind, engine] of [
        ['http', overHttp],
        ['spawn', spawning],
      ] as const) {
        const startedAt = performance.now();
        expect((await engine.preToolUse(call)).decision).toBe('none');
        if (round > 0) total[kind] += performance.now() - startedAt;
      }
    }
    // The benchmark holds the real target (a quarter of a spawn); a test only proves which side of
    // one spawn an HTTP hook is on, with room for a loaded machine.
    expect(total.http).toBeLessThan(total.spawn);
  });
});

describe('the engine owns its HTTP client', () => {
  it('H2: close() closes the kept-alive connection; later calls are refused', async () => {
    const server = await answering(200, { decision: 'allow' });
    const engine = engineFor({ PreToolUse: [{ url: server.origin }] });
    expect((await engine.preToolUse(call)).decision).toBe('allow');
    engine.close();
    engine.close();
    const after = await engine.preToolUse(call);
    expect(after).toMatchObject({ decision: 'deny', reasons: ['the hook engine is closed'], hooks: [] });
    expect(server.received).toHaveLength(1);
  });

  it('a process hook report has no httpStatus key', async () => {
    const pre = await engineFor({ PreToolUse: [{ command: 'true' }] }).preToolUse(call);
    expect(pre.hooks[0]).not.toHaveProperty('httpStatus');
  });

  it('H2: an idle kept-alive connection never keeps the host alive, even without close()', async () => {
    // The server would keep the connection open for a minute; the host must exit at once anyway.
    const server = await answering(200, { decision: 'allow' });
    const bundle = await bundleSources(
      fileURLToPath(new URL('..', import.meta.url)),
      join('test', 'reliability', '__fixtures__', 'engine-entry.ts'),
    );
    try {
      const script = join(makeFolder(), 'host.mjs');
      writeFileSync(
        script,
        [
          `const { createHookEngine, parseConfig } = await import(${JSON.stringify(pathToFileURL(bundle.file).href)});`,
          `const parsed = parseConfig(${JSON.stringify(JSON.stringify({ hooks: { PreToolUse: [{ url: server.origin }] } }))}, 'setup.json');`,
          // Idle connections kept 30 s: only their being unreferenced lets the host exit sooner.
          'const engine = createHookEngine(parsed.config, { http: { idleConnectionMs: 30000 } });',
          "const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: {} });",
          'process.stdout.write(`${pre.decision} ${Date.now()}`);',
        ].join('\n'),
      );
      const host = await runNode(script);
      const exitedAt = Date.now();
      expect(host.code).toBe(0);
      const [decision, answeredAt] = host.stdout.split(' ');
      expect(decision).toBe('allow');
      // Held by the connection, it would wait for the server to close it: 5 s (Node's keepAliveTimeout).
      expect(exitedAt - Number(answeredAt)).toBeLessThan(2500);
      expect(server.connections()).toBe(1);
    } finally {
      bundle.remove();
    }
  });
});
