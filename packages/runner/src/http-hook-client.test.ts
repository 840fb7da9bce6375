import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort, type LocalServer, type Respond, startLocalServer, testCertificate } from '@cosh/test-utils';
import { waitUntil } from './__fixtures__/process-probes.ts';
import { createHttpHookClient } from './http-hook-client.ts';
import type { HttpHookClient, HttpHookClientOptions, HttpHookRequest } from './http-hook.ts';
import { RunnerError } from './runner-error.ts';

const payload = '{"event":"PreToolUse","tool_name":"bash_run","tool_input":{"command":"ls"}}\n';
const MiB = 1024 * 1024;

let servers: LocalServer[] = [];
let clients: HttpHookClient[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const client of clients) client.close();
  await Promise.all(servers.map((server) => server.close()));
  for (const cleanup of cleanups.splice(0)) cleanup();
  servers = [];
  clients = [];
});

async function serve(respond: Respond, options: { tls?: boolean } = {}): Promise<LocalServer> {
  const server = await startLocalServer(respond, options);
  servers.push(server);
  return server;
}

function client(options?: HttpHookClientOptions): HttpHookClient {
  const created = createHttpHookClient(options);
  clients.push(created);
  return created;
}

const request = (url: string, overrides: Partial<HttpHookRequest> = {}): HttpHookRequest => ({
  url,
  env: {},
  body: payload,
  timeoutMs: 5_000,
  ...overrides,
});

const answer =
  (status: number, body = '', headers: Record<string, string> = {}): Respond =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(body);
  };

describe('H2 request', () => {
  it('H2: POSTs the payload bytes with content-type application/json to the URL, path and query kept', async () => {
    const server = await serve(answer(200, '{"decision":"allow"}'));
    const result = await client().run(request(`${server.origin}/hooks/guard?team=a`));
    expect(result).toMatchObject({
      httpStatus: 200,
      stdout: '{"decision":"allow"}',
      failure: null,
      timedOut: false,
      truncated: false,
      exitCode: null,
      signal: null,
      stderr: '',
      startError: null,
    });
    expect(server.received).toHaveLength(1);
    const [received] = server.received;
    expect(received!.method).toBe('POST');
    expect(received!.url).toBe('/hooks/guard?team=a');
    expect(received!.headers['content-type']).toBe('application/json');
    expect(received!.headers['content-length']).toBe(String(Buffer.byteLength(payload)));
    expect(received!.body.toString('utf8')).toBe(payload);
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it('H1: ${NAME} in a header value comes from the given environment, unset names are empty; the client owns content-type and content-length', async () => {
    const server = await serve(answer(200));
    await client().run(
      request(server.origin, {
        headers: {
          Authorization: 'Bearer ${POLICY_TOKEN}',
          'X-Team': '${TEAM}-${UNSET_NAME}',
          'Content-Type': 'text/plain',
          'content-length': '1',
        },
        env: { POLICY_TOKEN: 's3cret', TEAM: 'core' },
      }),
    );
    const [received] = server.received;
    expect(received!.headers['authorization']).toBe('Bearer s3cret');
    expect(received!.headers['x-team']).toBe('core-');
    expect(received!.headers['content-type']).toBe('application/json');
    expect(received!.body.toString('utf8')).toBe(payload);
  });

  it('H2: a Uint8Array body is sent as it is, unchanged, and may be shared by many calls', async () => {
    const server = await serve(answer(200));
    const shared = new TextEncoder().encode('{"tool_input":{"text":"é😀"}}\n');
    const copy = shared.slice();
    const hookClient = client();
    await Promise.all([1, 2, 3].map(() => hookClient.run(request(server.origin, { body: shared }))));
    expect(server.received.map((received) => received.body.equals(shared))).toEqual([true, true, true]);
    expect(shared).toEqual(copy);
  });

  it('H2: redirects are not followed: a 302 is a status like any other', async () => {
    const server = await serve((received, response) => {
      if (received.url === '/moved') answer(302, '', { location: '/target' })(received, response, response.socket!);
      else answer(200, '{"decision":"allow"}')(received, response, response.socket!);
    });
    const result = await client().run(request(`${server.origin}/moved`));
    expect(result).toMatchObject({ httpStatus: 302, stdout: '', failure: null, timedOut: false });
    expect(server.received.map((received) => received.url)).toEqual(['/moved']);
  });

  it("H3: an error status is reported with its body (the interpretation is @cosh/aggregate's)", async () => {
    const server = await serve(answer(500, 'policy service is down'));
    const result = await client().run(request(server.origin));
    expect(result).toMatchObject({
      httpStatus: 500,
      stdout: 'policy service is down',
      failure: null,
      truncated: false,
    });
  });

  it('H3: an empty 2xx body is an empty stdout', async () => {
    const server = await serve(answer(204));
    expect(await client().run(request(server.origin))).toMatchObject({ httpStatus: 204, stdout: '', failure: null });
  });

  it('R10: the body is decoded once, a character split across chunks stays whole, invalid bytes become U+FFFD', async () => {
    const euro = Buffer.from('€', 'utf8');
    const server = await serve((_received, response) => {
      response.writeHead(200);
      response.write(euro.subarray(0, 1));
      setTimeout(() => {
        response.write(euro.subarray(1));
        response.end(Buffer.from([0x20, 0xff, 0x21]));
      }, 30);
    });
    expect((await client().run(request(server.origin))).stdout).toBe('€ \uFFFD!');
  });
});

describe('H2 keep-alive', () => {
  it('H2: calls of one client reuse one connection (counted by the server)', async () => {
    const server = await serve(answer(200, '{}'));
    const hookClient = client();
    for (let call = 0; call < 20; call += 1) {
      expect((await hookClient.run(request(server.origin))).httpStatus).toBe(200);
    }
    expect(server.received).toHaveLength(20);
    expect(server.connections()).toBe(1);
  });

  it('H2: parallel calls open at most one connection each, and the next calls reuse them', async () => {
    const server = await serve((received, response) =>
      setTimeout(() => answer(200)(received, response, response.socket!), 50),
    );
    const hookClient = client();
    await Promise.all(Array.from({ length: 4 }, () => hookClient.run(request(server.origin))));
    expect(server.connections()).toBe(4);
    await Promise.all(Array.from({ length: 4 }, () => hookClient.run(request(server.origin))));
    expect(server.connections()).toBe(4);
  });

  it('H2: an error status does not cost the connection', async () => {
    const server = await serve(answer(503, 'busy'));
    const hookClient = client();
    for (let call = 0; call < 3; call += 1) await hookClient.run(request(server.origin));
    expect(server.connections()).toBe(1);
  });

  it('H2: two clients (two engines) never share a connection', async () => {
    const server = await serve(answer(200));
    await client().run(request(server.origin));
    await client().run(request(server.origin));
    expect(server.connections()).toBe(2);
  });

  it('H2: a kept-alive connection the server dropped before answering is retried once on a new one', async () => {
    // The server drops every second request of a connection unanswered, as a server does that
    // closes an idle connection while the next request is on its way.
    const server = await serve((received, response, socket) => {
      if (received.requestOnConnection === 2) socket.destroy();
      else answer(200, '{"decision":"allow"}')(received, response, socket);
    });
    const hookClient = client();
    expect((await hookClient.run(request(server.origin))).httpStatus).toBe(200);
    const second = await hookClient.run(request(server.origin));
    expect(second).toMatchObject({ httpStatus: 200, stdout: '{"decision":"allow"}', failure: null });
    expect(server.connections()).toBe(2);
  });

  it('H3: a fresh connection dropped before any answer is not retried: it is a failure', async () => {
    const server = await serve((_received, _response, socket) => socket.destroy());
    const result = await client().run(request(server.origin));
    expect(result).toMatchObject({ httpStatus: null, timedOut: false, startError: null });
    expect(result.failure).toBe(`the connection to 127.0.0.1:${server.port} was closed before a response (ECONNRESET)`);
    expect(server.received).toHaveLength(1);
  });

  it('H2: idle connections are closed after idleConnectionMs; a connection in use is never cut by it', async () => {
    const server = await serve((received, response) => {
      const delay = received.url === '/slow' ? 400 : 0;
      setTimeout(() => answer(200, '{}')(received, response, response.socket!), delay);
    });
    const hookClient = client({ idleConnectionMs: 100 });
    await hookClient.run(request(server.origin));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await hookClient.run(request(`${server.origin}/slow`))).toMatchObject({ httpStatus: 200, failure: null });
    expect(server.connections()).toBe(2);
  });

  it('H2: close() closes the idle connections', async () => {
    const closedByClient: boolean[] = [];
    const server = await serve((received, response, socket) => {
      socket.once('close', () => closedByClient.push(true));
      answer(200)(received, response, socket);
    });
    const hookClient = client();
    await hookClient.run(request(server.origin));
    expect(closedByClient).toEqual([]);
    hookClient.close();
    expect(await waitUntil(() => closedByClient.length === 1, 2_000)).toBe(true);
  });
});

describe('H2 timeout (R6 clock: connecting and reading the whole response)', () => {
  it('H2: a slow answer within the timeout is a normal result', async () => {
    const server = await serve((received, response) =>
      setTimeout(() => answer(200, '{"decision":"deny"}')(received, response, response.socket!), 300),
    );
    const result = await client().run(request(server.origin, { timeoutMs: 3_000 }));
    expect(result).toMatchObject({ httpStatus: 200, stdout: '{"decision":"deny"}', timedOut: false });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('H2: a server that never answers times out; the connection is closed', async () => {
    let serverSocket: Socket | undefined;
    const server = await serve((_received, _response, socket) => {
      serverSocket = socket;
    });
    const startedAt = performance.now();
    const result = await client().run(request(server.origin, { timeoutMs: 300 }));
    const elapsed = performance.now() - startedAt;
    expect(result).toMatchObject({ httpStatus: null, timedOut: true, failure: null, stdout: '' });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(5_000);
    expect(
      await waitUntil(() => serverSocket?.destroyed === true || serverSocket?.readableEnded === true, 10_000),
    ).toBe(true);
  });

  it('H2: headers and part of the body, then a stall: timed out, the status that came is kept', async () => {
    const server = await serve((_received, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('{"decision":');
    });
    const startedAt = performance.now();
    const result = await client().run(request(server.origin, { timeoutMs: 300 }));
    expect(result).toMatchObject({ httpStatus: 200, timedOut: true, stdout: '{"decision":' });
    expect(performance.now() - startedAt).toBeLessThan(5_000);
  });

  it('H2: the timeout covers connecting: a listener that never accepts times out', async () => {
    // A TCP listener whose accepted sockets are paused and never answered, also without TLS
    // handshake: an https URL to it hangs in the handshake.
    const sockets: Socket[] = [];
    const listener = createNetServer((socket) => {
      sockets.push(socket);
      socket.pause();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      for (const socket of sockets) socket.destroy();
      listener.close();
    });
    const { port } = listener.address() as AddressInfo;
    const result = await client().run(request(`https://127.0.0.1:${port}/`, { timeoutMs: 300 }));
    expect(result).toMatchObject({ httpStatus: null, timedOut: true });
  });
});

describe('R8 body cap', () => {
  it('R8: a 2 MiB body with a content-length is cut at 1 MiB and marked truncated', async () => {
    const big = Buffer.alloc(2 * MiB, 'a');
    const server = await serve((_received, response) => {
      response.writeHead(200, { 'content-length': String(big.byteLength) });
      response.end(big);
    });
    const result = await client().run(request(server.origin));
    expect(result).toMatchObject({
      httpStatus: 200,
      truncated: true,
      stdoutTruncated: true,
      timedOut: false,
      failure: null,
    });
    expect(result.stdout.length).toBe(MiB);
  });

  it('R8: a chunked body without length that never ends: reading stops at the cap and the connection is closed', async () => {
    let written = 0;
    let serverSawClose = false;
    const server = await serve((_received, response) => {
      response.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'b');
      const pump = (): void => {
        while (!response.destroyed && !serverSawClose) {
          written += chunk.byteLength;
          if (!response.write(chunk)) {
            response.once('drain', pump);
            return;
          }
        }
      };
      response.on('close', () => {
        serverSawClose = true;
      });
      pump();
    });
    const result = await client().run(request(server.origin, { timeoutMs: 10_000 }));
    expect(result).toMatchObject({ httpStatus: 200, truncated: true, timedOut: false, failure: null });
    expect(result.stdout.length).toBe(MiB);
    expect(await waitUntil(() => serverSawClose, 2_000)).toBe(true);
    // The client read about 1 MiB; what the server could write beyond is what the socket buffers hold.
    expect(written).toBeLessThan(32 * MiB);
  });

  it('R8: a smaller maxBodyBytes is honoured', async () => {
    const server = await serve(answer(200, 'x'.repeat(100)));
    const result = await client({ maxBodyBytes: 10 }).run(request(server.origin));
    expect(result).toMatchObject({ stdout: 'x'.repeat(10), truncated: true });
  });
});

describe('H3 failures are results, never start errors', () => {
  it('H3: a refused connection is a failure naming host and port; startError stays null', async () => {
    const port = await closedPort();
    const result = await client().run(request(`http://127.0.0.1:${port}/hook`));
    expect(result).toMatchObject({
      httpStatus: null,
      timedOut: false,
      startError: null,
      failure: `connection refused by 127.0.0.1:${port} (ECONNREFUSED)`,
    });
  });

  it('H3: the connection closing mid-body is a failure that says how much arrived', async () => {
    const server = await serve((_received, response, socket) => {
      response.writeHead(200, { 'content-length': '1000' });
      response.write('x'.repeat(100), () => setTimeout(() => socket.destroy(), 20));
    });
    const result = await client().run(request(server.origin));
    expect(result).toMatchObject({ httpStatus: 200, timedOut: false, truncated: false });
    expect(result.failure).toMatch(
      new RegExp(
        `^the connection to 127\\.0\\.0\\.1:${server.port} closed after 100 bytes of the response body, before its end`,
      ),
    );
  });

  it('H3: a chunked body cut before its last chunk is a failure too', async () => {
    const server = await serve((_received, response, socket) => {
      response.writeHead(200);
      response.write('{"decision":"allow"}', () => setTimeout(() => socket.destroy(), 20));
    });
    const result = await client().run(request(server.origin));
    expect(result.failure).toMatch(/closed after 20 bytes of the response body, before its end/);
  });

  it('H3: an unresolvable host is a DNS failure', async () => {
    const result = await client().run(request('http://cosh-hooks-test.invalid/hook', { timeoutMs: 10_000 }));
    expect(result).toMatchObject({ httpStatus: null, timedOut: false, startError: null });
    expect(result.failure).toMatch(
      /^(host not found: cosh-hooks-test\.invalid \(ENOTFOUND\)|DNS lookup failed for cosh-hooks-test\.invalid.*\(EAI_AGAIN\))$/,
    );
  });

  it('H3: a self-signed certificate is a TLS failure; trusting its CA makes the call work', async () => {
    const server = await serve(answer(200, '{"decision":"allow"}'), { tls: true });
    const untrusted = await client().run(request(server.origin));
    expect(untrusted).toMatchObject({ httpStatus: null, startError: null });
    expect(untrusted.failure).toMatch(
      new RegExp(`^TLS failure with 127\\.0\\.0\\.1:${server.port}: .*\\(DEPTH_ZERO_SELF_SIGNED_CERT\\)$`),
    );

    const trusting = client({ extraCertificateAuthorities: [testCertificate] });
    for (let call = 0; call < 3; call += 1) {
      expect(await trusting.run(request(server.origin))).toMatchObject({
        httpStatus: 200,
        stdout: '{"decision":"allow"}',
      });
    }
    // The server counts completed handshakes: the refused one is not among them.
    expect(server.connections()).toBe(1);
  });

  it('H3: https to a plain HTTP server is a TLS failure, not a hang', async () => {
    const server = await serve(answer(200));
    const result = await client().run(request(server.origin.replace('http:', 'https:')));
    expect(result.failure).toBe(`TLS failure with 127.0.0.1:${server.port}: wrong version number (EPROTO)`);
  });

  it('H3: a response that is not HTTP is a failure', async () => {
    const sockets: Socket[] = [];
    const listener = createNetServer((socket) => {
      sockets.push(socket);
      socket.once('data', () => socket.end('this is not http\r\n\r\n'));
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      for (const socket of sockets) socket.destroy();
      listener.close();
    });
    const { port } = listener.address() as AddressInfo;
    const result = await client().run(request(`http://127.0.0.1:${port}/`));
    expect(result.failure).toMatch(new RegExp(`^invalid HTTP response from 127\\.0\\.0\\.1:${port}: .*\\(HPE_`));
  });

  it('H3: a header value holding a newline (from the environment) is refused before anything is sent', async () => {
    const server = await serve(answer(200));
    const result = await client().run(
      request(server.origin, { headers: { 'x-token': '${TOKEN}' }, env: { TOKEN: 'a\r\nx-injected: 1' } }),
    );
    expect(result.failure).toMatch(/^invalid request header: .*\(ERR_INVALID_CHAR\)$/);
    expect(server.received).toHaveLength(0);
  });

  it('H3: the failure never repeats the URL, whose query may hold a token', async () => {
    const port = await closedPort();
    const result = await client().run(request(`http://127.0.0.1:${port}/hook?token=s3cret`));
    expect(result.failure).not.toContain('s3cret');
  });
});

describe('abort and close', () => {
  it('an abort ends the call at once and closes its connection', async () => {
    let serverSocket: Socket | undefined;
    const server = await serve((_received, _response, socket) => {
      serverSocket = socket;
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const startedAt = performance.now();
    const result = await client().run(request(server.origin, { signal: controller.signal, timeoutMs: 10_000 }));
    expect(result).toMatchObject({ failure: 'the request was aborted', timedOut: false, httpStatus: null });
    expect(performance.now() - startedAt).toBeLessThan(5_000);
    expect(
      await waitUntil(() => serverSocket?.destroyed === true || serverSocket?.readableEnded === true, 10_000),
    ).toBe(true);
  });

  it('a signal aborted before the call sends nothing', async () => {
    const server = await serve(answer(200));
    const result = await client().run(request(server.origin, { signal: AbortSignal.abort() }));
    expect(result.failure).toBe('the request was aborted before it was sent');
    expect(server.connections()).toBe(0);
  });

  it('close() ends calls in flight with a failure; later calls fail at once', async () => {
    const server = await serve(() => {});
    const hookClient = client();
    const running = hookClient.run(request(server.origin, { timeoutMs: 10_000 }));
    await waitUntil(() => server.received.length === 1, 2_000);
    hookClient.close();
    expect(await running).toMatchObject({ failure: 'the HTTP hook client was closed', timedOut: false });
    expect(await hookClient.run(request(server.origin))).toMatchObject({ failure: 'the HTTP hook client is closed' });
  });
});

describe('programmer errors', () => {
  it('throws RunnerError synchronously for a URL that is not HTTP or a timeout that cannot work, before sending anything', () => {
    const hookClient = client();
    const attempts: unknown[] = [
      { ...request('ftp://127.0.0.1/x') },
      { ...request('not a url') },
      { ...request('http://127.0.0.1/'), timeoutMs: 0 },
    ];
    for (const attempt of attempts) {
      let thrown: unknown;
      try {
        void hookClient.run(attempt as HttpHookRequest);
      } catch (error) {
        thrown = error;
      }
      expect(RunnerError.isInstance(thrown), JSON.stringify(attempt)).toBe(true);
      expect((thrown as RunnerError).code).toBe('E_RUNNER_INVALID_REQUEST');
    }
  });

  it('throws RunnerError for options that cannot be right', () => {
    expect(() => createHttpHookClient({ maxBodyBytes: -1 })).toThrow(/maxBodyBytes/);
    expect(() => createHttpHookClient({ idleConnectionMs: Number.NaN })).toThrow(/idleConnectionMs/);
  });
});
