import type http from 'node:http';
import type https from 'node:https';
import { BoundedOutput } from './bounded-output.ts';
import { describeHttpFailure, type HttpFailurePhase } from './describe-http-failure.ts';
import { expandHeaderVariables } from './expand-header-variables.ts';
import type { HttpHookClient, HttpHookClientOptions, HttpHookRequest, HttpHookResult } from './http-hook.ts';
import { assertValidHttpRequest, resolveHttpClientOptions } from './validate-arguments.ts';
import { monotonicNow } from './monotonic-now.ts';
import { type Deadline, DeadlineTimer } from './deadline-timer.ts';

// Headers that describe the body, which only the client knows (H2); a hook entry cannot set them.
const clientOwnedHeaders = new Set(['content-type', 'content-length', 'transfer-encoding']);

// Failures of a kept-alive connection that the server closed while it lay idle, found when the
// next request is written on it. Nothing of that request reached the server's application.
const staleConnectionCodes = new Set(['ECONNRESET', 'EPIPE']);

// Every call's timeout, on one Node timer (see DeadlineTimer). Each holds the event loop, as a
// plain timer would: a call waiting for Node's HTTP modules to load holds no socket yet.
const timeouts = new DeadlineTimer({ keepAlive: true });

/** `node:http` and `node:https` with the client's kept-alive agents, loaded at its first call. */
interface Transport {
  readonly http: typeof http;
  readonly https: typeof https;
  readonly httpAgent: http.Agent;
  readonly httpsAgent: https.Agent;
}

/** The facts that differ between results; the rest is the same for every HTTP call. */
interface CallFacts {
  readonly httpStatus: number | null;
  readonly timedOut: boolean;
  readonly failure: string | null;
}

function requestHeaders(request: HttpHookRequest, bodyBytes: number): Record<string, string> {
  const headers: Record<string, string> = {};
  const expanded = request.headers === undefined ? {} : expandHeaderVariables(request.headers, request.env);
  for (const [name, value] of Object.entries(expanded)) {
    if (!clientOwnedHeaders.has(name.toLowerCase())) headers[name] = value;
  }
  headers['content-type'] = 'application/json';
  headers['content-length'] = String(bodyBytes);
  return headers;
}

function destroyAgents(transport: Transport): void {
  transport.httpAgent.destroy();
  transport.httpsAgent.destroy();
}

/**
 * Creates the HTTP client of one engine (H2): `run` POSTs a hook's payload and reads the answer,
 * reusing kept-alive connections across calls; `close` ends them. Built on `node:http` and
 * `node:https` with a keep-alive `Agent` per protocol: no dependency, and on Node 20 a call over
 * a kept-alive connection costs about half of what the built-in `fetch` (undici) costs.
 *
 * What one call guarantees: a `POST` with `content-type: application/json` and the payload as
 * its body; redirects are not followed (a 3xx is a status like any other); the timeout covers
 * connecting, sending and reading the whole response; at most `maxBodyBytes` of the body is
 * kept, and a longer body stops the read and closes that connection (R8), so memory stays
 * bounded; an abort closes the connection. A request written on a kept-alive connection that
 * the server had closed meanwhile (reset before any response) is sent once more on a new one.
 *
 * @example
 * const client = createHttpHookClient();
 * const result = await client.run({
 *   url: 'http://127.0.0.1:8080/hook',
 *   headers: { authorization: 'Bearer ${POLICY_TOKEN}' },
 *   env: process.env,
 *   body: '{"event":"PreToolUse","tool_name":"bash_run","tool_input":{"command":"ls"}}\n',
 *   timeoutMs: 5_000,
 * });
 * result.httpStatus; // 200
 * result.stdout; // '{"decision":"allow"}'
 * client.close();
 */
export function createHttpHookClient(options?: HttpHookClientOptions): HttpHookClient {
  const resolved = resolveHttpClientOptions(options);
  // Each call in flight, by the function that ends it early with a failure.
  const callsInFlight = new Set<(failure: string) => void>();
  let closed = false;
  let loading: Promise<Transport> | undefined;
  let loaded: Transport | undefined;

  // Loaded at the first call, not with the module: node:http, node:https and node:tls cost a
  // process that runs no HTTP hook (every `cosh hooks run` of a config without one) about 8 % of
  // its start; the first call pays it once instead.
  function loadTransport(): Promise<Transport> {
    loading ??= (async () => {
      const [httpModule, httpsModule] = await Promise.all([import('node:http'), import('node:https')]);
      const ca =
        resolved.extraCertificateAuthorities.length === 0
          ? undefined
          : [...(await import('node:tls')).rootCertificates, ...resolved.extraCertificateAuthorities];
      // `timeout` here is how long a connection may lie idle in the pool; a connection in use is
      // never cut by it (the call's own timer does that).
      const agentOptions = { keepAlive: true, timeout: resolved.idleConnectionMs };
      const transport: Transport = {
        http: httpModule.default,
        https: httpsModule.default,
        httpAgent: new httpModule.default.Agent(agentOptions),
        httpsAgent: new httpsModule.default.Agent(ca === undefined ? agentOptions : { ...agentOptions, ca }),
      };
      loaded = transport;
      // Closed while loading: nothing may be kept open.
      if (closed) destroyAgents(transport);
      return transport;
    })();
    return loading;
  }

  function send(request: HttpHookRequest, url: URL): Promise<HttpHookResult> {
    return new Promise<HttpHookResult>((resolve) => {
      const startedAt = monotonicNow();
      const origin = url.host;
      const body = new BoundedOutput(resolved.maxBodyBytes);
      let settled = false;
      let httpStatus: number | null = null;
      let current: http.ClientRequest | undefined;
      let timeout: Deadline | undefined;

      const settle = (facts: CallFacts): void => {
        if (settled) return;
        settled = true;
        timeouts.cancel(timeout);
        request.signal?.removeEventListener('abort', onAbort);
        callsInFlight.delete(abandon);
        resolve({
          httpStatus: facts.httpStatus,
          stdout: body.decode(),
          stdoutTruncated: body.truncated,
          truncated: body.truncated,
          timedOut: facts.timedOut,
          failure: facts.failure,
          durationMs: monotonicNow() - startedAt,
          exitCode: null,
          signal: null,
          stderr: '',
          stderrTruncated: false,
          startError: null,
        });
      };
      // Ends the call now and closes its connection, which then never returns to the pool.
      const stop = (facts: CallFacts): void => {
        settle(facts);
        current?.destroy();
      };
      function abandon(failure: string): void {
        stop({ httpStatus, timedOut: false, failure });
      }
      function onAbort(): void {
        abandon('the request was aborted');
      }

      if (closed) {
        settle({ httpStatus: null, timedOut: false, failure: 'the HTTP hook client is closed' });
        return;
      }
      if (request.signal?.aborted === true) {
        settle({ httpStatus: null, timedOut: false, failure: 'the request was aborted before it was sent' });
        return;
      }
      // One buffer for every hook of a call when the caller passes one (R11); a string is encoded here.
      const payload = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
      const headers = requestHeaders(request, payload.byteLength);

      const attempt = (transport: Transport, retryOnStaleConnection: boolean): void => {
        let outgoing: http.ClientRequest;
        try {
          outgoing = (url.protocol === 'https:' ? transport.https : transport.http).request(url, {
            method: 'POST',
            agent: url.protocol === 'https:' ? transport.httpsAgent : transport.httpAgent,
            headers,
          });
        } catch (error) {
          // An invalid header value (a newline from the environment, say) is refused here.
          settle({ httpStatus: null, timedOut: false, failure: describeHttpFailure(error, origin, 'request') });
          return;
        }
        current = outgoing;
        let responded = false;
        let bodyBytes = 0;

        outgoing.on('error', (error) => {
          if (settled) return;
          const code = (error as NodeJS.ErrnoException).code;
          if (!responded && retryOnStaleConnection && outgoing.reusedSocket && staleConnectionCodes.has(String(code))) {
            attempt(transport, false);
            return;
          }
          const phase: HttpFailurePhase = responded ? 'body' : 'request';
          stop({ httpStatus, timedOut: false, failure: describeHttpFailure(error, origin, phase, bodyBytes) });
        });

        outgoing.once('response', (response) => {
          responded = true;
          httpStatus = response.statusCode ?? null;
          let responseError: unknown;
          response.on('data', (chunk: Uint8Array) => {
            bodyBytes += chunk.byteLength;
            body.append(chunk);
            // Over the cap: stop reading rather than drain a body of any size (R8).
            if (body.truncated) stop({ httpStatus, timedOut: false, failure: null });
          });
          response.once('end', () => settle({ httpStatus, timedOut: false, failure: null }));
          response.on('error', (error) => {
            responseError = error;
          });
          response.once('close', () => {
            if (settled || response.complete) return;
            stop({
              httpStatus,
              timedOut: false,
              failure: describeHttpFailure(responseError, origin, 'body', bodyBytes),
            });
          });
        });

        outgoing.end(payload);
      };

      callsInFlight.add(abandon);
      request.signal?.addEventListener('abort', onAbort, { once: true });
      timeout = timeouts.schedule(request.timeoutMs, () => stop({ httpStatus, timedOut: true, failure: null }));
      // Sent at once when the modules are loaded (every call but the first): no turn of the
      // event loop between the call and its request.
      if (loaded !== undefined) {
        attempt(loaded, true);
        return;
      }
      loadTransport().then(
        (transport) => {
          // Timed out, aborted or closed while the modules loaded: nothing to send.
          if (!settled) attempt(transport, true);
        },
        (error: unknown) =>
          settle({ httpStatus: null, timedOut: false, failure: describeHttpFailure(error, origin, 'request') }),
      );
    });
  }

  return {
    run(request) {
      const url = assertValidHttpRequest(request);
      return send(request, url);
    },
    close() {
      closed = true;
      for (const abandon of [...callsInFlight]) abandon('the HTTP hook client was closed');
      if (loaded !== undefined) destroyAgents(loaded);
    },
  };
}
