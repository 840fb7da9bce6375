import type { HookProcessResult } from './hook-process.ts';

/** One HTTP hook call (H1, H2): what `HttpHookClient.run` needs and nothing it would have to guess. */
export interface HttpHookRequest {
  /** An `http:` or `https:` URL. The payload is POSTed to it; redirects are not followed (H2). */
  readonly url: string;
  /**
   * Extra request headers. `${NAME}` in a value is replaced by `env.NAME` (an unset name gives
   * an empty string), so a token can live in the environment instead of setup.json (H1).
   * `content-type` and `content-length` are always the client's own.
   */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** The environment `${NAME}` in header values is read from: the hook's environment (R4). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * The request body: the payload a process hook would read on stdin (R3, K4). Pass one
   * `Uint8Array` to every hook of a call: it is sent as it is, never copied (R11).
   */
  readonly body: string | Uint8Array;
  /** Milliseconds from the call until the answer must be read whole: connecting included (H2, R6). */
  readonly timeoutMs: number;
  /** Stops the request: the connection is closed and the result says it was aborted. */
  readonly signal?: AbortSignal | undefined;
}

/** Tuning knobs of {@link createHttpHookClient}; the defaults are the SPEC values. */
export interface HttpHookClientOptions {
  /** Response body bytes read at most; a longer body is a failed call (R8, H3). Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * How long an idle kept-alive connection stays open for the next call. Default 4000 ms: below
   * the 5 s after which Node's own servers (and many others) close an idle connection, so a
   * call rarely picks a connection that the server is closing at that very moment.
   */
  readonly idleConnectionMs?: number;
  /**
   * Certificate authorities (PEM) trusted for `https:` besides Node's own list: a company's
   * internal CA, or a test's self-signed certificate.
   */
  readonly extraCertificateAuthorities?: readonly string[];
}

/**
 * The raw facts of one HTTP hook call, never interpreted here (`@cosh/aggregate` does that, H3).
 * It is a process result whose process fields are always empty, so it can go wherever a
 * {@link HookProcessResult} goes (a `@cosh/aggregate` `RunFacts`), and a report of it has
 * `exit_code: null`. `stdout` is the response body, decoded and capped like a process's stdout
 * (R8, R10): for a 2xx answer it is read as the hook's stdout (H3); `truncated` and
 * `stdoutTruncated` say the body went past `maxBodyBytes` (reading stopped there and the
 * connection was closed); `timedOut` says no whole answer came within `timeoutMs`, connecting
 * included (H2); `durationMs` counts from the call.
 */
export interface HttpHookResult extends HookProcessResult {
  /** The response's status code (`200`, `302`, `500`, …); `null` when no response came. */
  readonly httpStatus: number | null;
  /**
   * Why the call failed when it was not for the status, a timeout or the size: `connection
   * refused by 127.0.0.1:8080 (ECONNREFUSED)`, `the connection closed after 512 bytes of the
   * response body`, a DNS or TLS failure, an abort. `null` when the whole answer arrived.
   */
  readonly failure: string | null;
  /** No process ran: always `null` (reports carry `http_status` instead, H3). */
  readonly exitCode: null;
  /** No process ran: always `null`. */
  readonly signal: null;
  /** An HTTP hook has no stderr: always `''`. */
  readonly stderr: '';
  /** Always `false`. */
  readonly stderrTruncated: false;
  /**
   * Always `null`: a failed HTTP call is a failure (O5, `onError` decides), never a hook that
   * could not start (R9 is for processes only, H3).
   */
  readonly startError: null;
}

/**
 * Sends HTTP hooks over connections kept alive between calls (H2). Create one per engine, and
 * close it when the engine is done: idle connections are then closed and calls in flight end
 * with a failure.
 */
export interface HttpHookClient {
  /**
   * POSTs the body to the URL and resolves with the raw facts (H2). Never rejects: a refused
   * connection, an error status, a timeout or an oversized body is a result. Throws
   * `RunnerError` synchronously, before sending anything, only for a URL that is not HTTP or a
   * timeout that cannot work.
   */
  run(request: HttpHookRequest): Promise<HttpHookResult>;
  /** Closes every connection; calls in flight end with a failure, later calls fail at once. */
  close(): void;
}
