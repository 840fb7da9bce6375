import { constants } from 'node:os';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

/** The streams an MCP server over stdio speaks on. */
export interface StdioStreams {
  readonly stdin: NodeJS.ReadableStream & { readonly readableEnded?: boolean };
  readonly stdout: NodeJS.WritableStream;
}

/** Why a session ended: the client closed our stdin (or stopped reading our stdout), or a signal. */
export type SessionEnd =
  | { readonly reason: 'disconnected' }
  | { readonly reason: 'signal'; readonly signal: NodeJS.Signals };

const stopSignals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** The exit status for a session end: 0, or 128 + the signal's number as shells report it. */
export function exitStatusOf(end: SessionEnd): number {
  return end.reason === 'signal' ? 128 + (constants.signals[end.signal] ?? 15) : 0;
}

/**
 * Serves `server` on stdin/stdout until the client disconnects (stdin ends, as the MCP stdio
 * transport's shutdown begins, or stdout breaks) or we get SIGTERM, SIGINT or SIGHUP. Then the
 * server is closed, which aborts the calls still running (their `signal`), and this resolves:
 * `shutdown` stops what the caller started, and this resolves. A second signal during the
 * shutdown does not cut it short. The SDK's stdio transport does not watch for the end of stdin
 * itself, so without this a server whose client went away would run on.
 *
 * While it runs, `console.log`, `console.info` and `console.debug` write to stderr: one stray
 * line from any library on stdout would corrupt the protocol.
 */
export async function serveStdio(
  server: Server,
  streams: StdioStreams,
  shutdown: (end: SessionEnd) => Promise<void>,
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
  const onSignal = (signal: NodeJS.Signals) => settle({ reason: 'signal', signal });

  streams.stdin.once('end', onDisconnect).once('close', onDisconnect);
  streams.stdout.on('error', onStdoutError);
  for (const signal of stopSignals) process.on(signal, onSignal);

  const transport = new StdioServerTransport(
    streams.stdin as NodeJS.ReadStream & typeof process.stdin,
    streams.stdout as typeof process.stdout,
  );
  transport.onclose = onDisconnect;
  await server.connect(transport);
  if (streams.stdin.readableEnded === true) onDisconnect();

  const end = await ended;
  // Let responses to requests that were already read go out before the connection closes.
  await new Promise((resolve) => setImmediate(resolve));
  await server.close().catch(() => undefined);
  await shutdown(end);
  streams.stdin.off('end', onDisconnect).off('close', onDisconnect);
  streams.stdout.off('error', onStdoutError);
  for (const signal of stopSignals) process.off(signal, onSignal);
  return end;
}
