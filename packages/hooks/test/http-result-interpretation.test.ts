// The contract between the two leaves an HTTP hook goes through: a @cosh/runner HTTP result is
// a @cosh/aggregate RunFacts as it is (H3), checked with a real client and a real local server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { interpretRun, type RunFacts } from '@cosh/aggregate';
import { createHttpHookClient, type HttpHookClient } from '@cosh/runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: http.Server;
let origin = '';
let client: HttpHookClient;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url === '/allow') response.end('{"decision":"allow","context":"checked"}');
      else if (request.url === '/down') {
        response.writeHead(500);
        response.end('database unreachable');
      } else if (request.url === '/moved') {
        response.writeHead(302, { location: '/allow' });
        response.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createHttpHookClient();
});
afterAll(async () => {
  client.close();
  await new Promise((resolve) => server.close(resolve));
});

const call = (path: string, timeoutMs = 5_000) =>
  client.run({ url: `${origin}${path}`, env: {}, body: '{}\n', timeoutMs });
const guard = { name: 'policy', onError: 'ignore' as const, timeout: 1 };

describe('HTTP hook results through interpretRun (H3)', () => {
  it('H3: a 2xx body is read as the stdout of a hook that exited 0', async () => {
    const facts: RunFacts = await call('/allow');
    expect(interpretRun('PreToolUse', guard, facts)).toMatchObject({
      kind: 'allow',
      context: 'checked',
      countsAsDeny: false,
    });
  });

  it('H3: an error status or a redirect is an error naming the status; onError decides', async () => {
    const down = interpretRun('PreToolUse', guard, await call('/down'));
    expect(down).toMatchObject({ kind: 'error', countsAsDeny: false });
    expect(down.diagnostic?.message).toBe(
      `hook 'policy' failed (HTTP status 500): the call was not blocked (a 2xx answer that denies blocks; "onError": "deny" fails closed); response: database unreachable`,
    );
    const moved = interpretRun('PreToolUse', { ...guard, onError: 'deny' }, await call('/moved'));
    expect(moved).toMatchObject({ kind: 'error', countsAsDeny: true, reason: "hook 'policy' failed: HTTP status 302" });
  });

  it('H3: a timeout is an error; the report has no exit code', async () => {
    const facts = await call('/never', 200);
    expect(facts.exitCode).toBeNull();
    expect(interpretRun('PreToolUse', guard, facts).diagnostic?.message).toBe(
      `hook 'policy' timed out after 1s: the call was not blocked (a 2xx answer that denies blocks; "onError": "deny" fails closed)`,
    );
  });
});
