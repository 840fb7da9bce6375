import type { CliContext } from '@cosh/cosh-cli';
import { ExitError } from '@cosh/cosh-cli';
import { setUpToolHost } from '../tool-host-setup.ts';
import { createToolRegistry } from '../tools/index.ts';
import { createMcpLog, describeHookCount } from './mcp-log.ts';
import { createServeServer } from './serve-server.ts';
import {
  exitStatusOf,
  listenForStopSignals,
  serveStdio,
  type StdioStreams,
  type StopSignals,
} from './stdio-session.ts';

/** Options of {@link runMcpServe}: the command line of `cosh mcp serve`. */
export interface McpServeOptions {
  readonly configPath?: string | undefined;
  /** `--no-project`: the project layer is left out (SPEC C10). */
  readonly noProject?: boolean | undefined;
  readonly permission: 'allow' | 'deny';
  /** The app's version, told to the client. */
  readonly version: string;
}

/**
 * `cosh mcp serve`: serves the built-in tools on stdio, every call through the hooks, until the
 * client disconnects or a signal comes. A config that does not load ends it at once (exit 78).
 */
export async function runMcpServe(
  context: CliContext,
  options: McpServeOptions,
  streams: StdioStreams = process,
): Promise<void> {
  // Before anything starts, so that a signal at any moment is an orderly stop.
  const stopSignals = listenForStopSignals();
  try {
    await serve(context, options, streams, stopSignals);
  } finally {
    stopSignals.dispose();
  }
}

async function serve(
  context: CliContext,
  options: McpServeOptions,
  streams: StdioStreams,
  stopSignals: StopSignals,
): Promise<void> {
  const log = createMcpLog('cosh mcp serve', (text) => context.err.write(text));
  const registry = createToolRegistry();
  // No prompt (stdin and stdout carry the protocol) and no history.
  const { host, config, close } = await setUpToolHost(context, {
    registry,
    permission: options.permission,
    cwd: context.cwd,
    configPath: options.configPath,
    noProject: options.noProject,
  });
  const server = createServeServer({ host, registry, serverInfo: { name: 'cosh', version: options.version }, log });
  log(
    `serving ${registry.list().length} built-in tools: ${describeHookCount(config)}, --permission ${options.permission}`,
  );
  const end = await serveStdio(server, streams, {
    stopSignals,
    log,
    shutdown: async (sessionEnd) => {
      await close();
      log(sessionEnd.reason === 'signal' ? `got ${sessionEnd.signal}; stopped` : 'the client disconnected; stopped');
    },
  });
  const status = exitStatusOf(end);
  if (status !== 0) throw new ExitError(status);
}
