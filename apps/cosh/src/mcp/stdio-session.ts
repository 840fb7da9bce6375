import { constants } from 'node:os';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport, type StdioServerTransportOptions, type StdioStreams } from './stdio-server-transport.ts';

export type { StdioStreams } from './stdio-server-transport.ts';

/** Why a session ended: the client closed our stdin (or stopped reading our stdout), or a signal. */
export type SessionEnd =
  | { readonly reason: 'disconnected' }
  | { readonly reason: 'signal'; readonly signal: NodeJS.Signals };

const stopSignals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** The exit status for a session end: 0, or 128 + the signal's number as shells report it. */
export function exitStatusOf(end: SessionEnd): number {
  return end.reason === 'signal' ? 128 + (constants.signals[end.signal] ?? 15) : 0;
}

/** SIGTERM, SIGINT and SIGHUP, watched from the start of a command to its end. */
export interface StopSignals {
  /** Resolves with the first of them to arrive. */
  readonly received: Promise<NodeJS.Signals>;
  /** Stops watching; after this a signal has its default effect again. */
  dispose(): void;
}

/**
 * Watches for SIGTERM, SIGINT and SIGHUP from now on. Called first thing by `cosh mcp serve` and
 * `cosh mcp proxy`, before anything is started: a signal that comes while the downstream server
 * starts, or just after, is then an orderly stop (exit 128 + its number), never the default
 * death that would skip stopping what was started. Later signals are ignored while the stop
 * runs, so a second one cannot cut it short.
 */
export function listenForStopSignals(): StopSignals {
  let resolveReceived: (signal: NodeJS.Signals) => void = () => undefined;
  const received = new Promise<NodeJS.Signals>((resolve) => {
    resolveReceived = resolve;
  });
  const onSignal = (signal: NodeJS.Signals) => resolveReceived(signal);
  for (const signal of stopSignals) process.on(signal, onSignal);
  return {
    received,
    dispose: () => {
      for (const signal of stopSignals) process.off(signal, onSignal);
    },
  };
}

/** Options of {@link serveStdio}. */
export interface ServeStdioOptions {
  /** The command's signal watch (see {@link listenForStopSignals}); a signal ends the session. */
  readonly stopSignals: StopSignals;
  /** A line for the log (oversized or malformed messages from the client). */
  readonly log: (message: string) => void;
  /** Stops what the caller started, once the server is closed. */
  readonly shutdown: (end: SessionEnd) => Promise<void>;
  /** @internal Tests shrink the transport's limits. */
  readonly limits?: StdioServerTransportOptions['limits'];
}

/**
 * Serves `server` on stdin/stdout until the client disconnects (stdin ends, as the MCP stdio
 * transport's shutdown begins, or stdout breaks) or a stop signal comes. Then the server is
 * closed, which aborts the calls still running (their `signal`), `shutdown` stops what the
 * caller started, and this resolves. The transport keeps the limits of
 * {@link StdioServerTransport} (message size, unread results, calls at once).
 *
 * While it runs, `console.log`, `console.info` and `console.debug` write to stderr: one stray
 * line from any library on stdout would corrupt the protocol.
 */
export async function serveStdio(
  server: Server,
  streams: StdioStreams,
  options: ServeStdioOptions,
): Promise<SessionEnd> {
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;

  let settle: (end: SessionEnd) => void = () => undefined;
  const ended = new Promise<SessionEnd>((resolve) => {
    settle = resolve;
  });
  const onDisconnect = () => settle({ reason: 'disconnected' });
  const onStdoutError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') settle({ reason: 'disconnected' });
  };
  void options.stopSignals.received.then((signal) => settle({ reason: 'signal', signal }));

  streams.stdin.once('end', onDisconnect).once('close', onDisconnect);
  streams.stdout.on('error', onStdoutError);

  const transport = new StdioServerTransport(streams, {
    log: options.log,
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  });
  transport.onclose = onDisconnect;
  await server.connect(transport);
  if (streams.stdin.readableEnded === true) onDisconnect();

  const end = await ended;
  // Let responses to requests that were already read go out before the connection closes.
  await new Promise((resolve) => setImmediate(resolve));
  await server.close().catch(() => undefined);
  await options.shutdown(end);
  streams.stdin.off('end', onDisconnect).off('close', onDisconnect);
  streams.stdout.off('error', onStdoutError);
  options.stopSignals.dispose();
  return end;
}
