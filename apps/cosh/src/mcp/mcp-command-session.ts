// The life both MCP commands (`cosh mcp serve`, `cosh mcp proxy`) share: stop signals watched
// from their first moment, one stdio session served, and its end turned into the exit status.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { type CliContext, ExitError } from '@cosh/cosh-cli';
import { type Command, resolveWorkingFolder } from '../tool-host-cli-options.ts';
import type { McpHostOptions } from './mcp-host-options.ts';
import { createMcpLog, type McpLog } from './mcp-log.ts';
import {
  exitStatusOf,
  listenForStopSignals,
  type ServeStdioOptions,
  serveStdio,
  type StdioStreams,
  type StopSignals,
} from './stdio-session.ts';

/** What an MCP command's work is given: its streams, the signals it watches, its log and its folder. */
export interface McpSession {
  readonly streams: StdioStreams;
  readonly stopSignals: StopSignals;
  /** Its lines on stderr, each prefixed with the command's name. */
  readonly log: McpLog;
  /** `--cwd`, resolved (and checked) against the context's directory. */
  readonly cwd: string;
}

/**
 * The command `name` that runs `run` with SIGTERM, SIGINT and SIGHUP watched before anything
 * starts, so a signal at any moment (while a downstream server starts, say) is an orderly stop;
 * unwatched after. Its streams default to the process's.
 */
export function mcpCommand<Options extends McpHostOptions>(
  name: string,
  /** The command a usage error's `--help` pointer names. */
  usageCommand: (options: Options) => Command | undefined,
  run: (context: CliContext, options: Options, session: McpSession) => Promise<void>,
): (context: CliContext, options: Options, streams?: StdioStreams) => Promise<void> {
  return async (context, options, streams = process) => {
    const stopSignals = listenForStopSignals();
    try {
      const log = createMcpLog(name, (text) => context.err.write(text));
      const cwd = await resolveWorkingFolder(context, options.cwd, usageCommand(options));
      await run(context, options, { streams, stopSignals, log, cwd });
    } finally {
      stopSignals.dispose();
    }
  };
}

/**
 * Serves `server` until the client disconnects or a signal comes ({@link serveStdio}), then ends
 * the command: 128 + a signal's number, else 78 (EX_CONFIG, as every command that could not use
 * its configuration) when every call was refused, else success.
 */
export async function serveSession(
  server: Server,
  streams: StdioStreams,
  options: ServeStdioOptions,
  refused: boolean,
): Promise<void> {
  const status = exitStatusOf(await serveStdio(server, streams, options));
  if (status !== 0) throw new ExitError(status);
  if (refused) throw new ExitError(78);
}
