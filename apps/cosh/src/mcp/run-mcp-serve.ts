import type { CliContext } from '@cosh/cosh-cli';
import type { Command } from '../tool-host-cli-options.ts';
import { setUpToolHost } from '../tool-host-setup.ts';
import { createToolRegistry } from '../tools/index.ts';
import { loadOrRefuse } from './config-refusal.ts';
import { type McpSession, mcpCommand, serveSession } from './mcp-command-session.ts';
import type { McpHostOptions } from './mcp-host-options.ts';
import { describeHookCount } from './mcp-log.ts';
import { createServeServer } from './serve-server.ts';
import type { SessionEnd } from './stdio-session.ts';

/** Options of {@link runMcpServe}: the command line of `cosh mcp serve`. */
export interface McpServeOptions extends McpHostOptions {
  /** The command run, for the `--help` pointer of a usage error. */
  readonly command?: Command | undefined;
}

/**
 * `cosh mcp serve`: serves the built-in tools on stdio, every call through the hooks, until the
 * client disconnects or a signal comes. A config that does not load does not stop it: the client
 * sees the tools, and every call is refused with an `isError` result naming the problems, so
 * the reason shows in the chat (fail closed); the exit status is then 78.
 */
export const runMcpServe = mcpCommand('cosh mcp serve', (options: McpServeOptions) => options.command, serve);

async function serve(context: CliContext, options: McpServeOptions, session: McpSession): Promise<void> {
  const { streams, stopSignals, log, cwd } = session;
  const registry = createToolRegistry();
  // No prompt (stdin and stdout carry the protocol) and no history.
  const setup = await loadOrRefuse(
    () =>
      setUpToolHost(context, {
        registry,
        permission: options.permission,
        cwd,
        configPath: options.configPath,
        noProject: options.noProject,
        sessionId: options.sessionId,
        journalPath: options.journalPath,
        journalAgent: 'mcp',
        verbose: options.verbose,
      }),
    log,
  );
  const server = createServeServer({
    ...(setup.refusal === undefined ? { host: setup.loaded.host } : { refusal: setup.refusal }),
    registry,
    serverInfo: { name: 'cosh', version: options.version },
    log,
  });
  const hooks = describeHookCount(setup.loaded?.config);
  log(`serving ${registry.list().length} built-in tools: ${hooks}, --permission ${options.permission}`);
  const shutdown = async (sessionEnd: SessionEnd): Promise<void> => {
    await setup.loaded?.close();
    log(sessionEnd.reason === 'signal' ? `got ${sessionEnd.signal}; stopped` : 'the client disconnected; stopped');
  };
  await serveSession(server, streams, { stopSignals, log, shutdown }, setup.refusal !== undefined);
}
