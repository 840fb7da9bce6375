import type { CliContext } from '@cosh/cosh-cli';
import { ExitError } from '@cosh/cosh-cli';
import type { Command } from '../tool-host-cli-options.ts';
import { resolveWorkingFolder } from '../tool-host-cli-options.ts';
import { setUpToolHost } from '../tool-host-setup.ts';
import { createToolRegistry } from '../tools/index.ts';
import { loadOrRefuse } from './config-refusal.ts';
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
  /** `--cwd`: where tools and hooks run (relative to the context's directory); default the context's directory. */
  readonly cwd?: string | undefined;
  /** `--session-id`: Claude hooks' `session_id` (K4); default a new UUID. */
  readonly sessionId?: string | undefined;
  /** `--journal <file>` (J1). */
  readonly journalPath?: string | undefined;
  /** R13 `--verbose`: async hooks' reports on stderr. */
  readonly verbose?: boolean | undefined;
  /** The app's version, told to the client. */
  readonly version: string;
  /** The command run, for the `--help` pointer of a usage error. */
  readonly command?: Command | undefined;
}

/**
 * `cosh mcp serve`: serves the built-in tools on stdio, every call through the hooks, until the
 * client disconnects or a signal comes. A config that does not load does not stop it: the client
 * sees the tools, and every call is refused with an `isError` result naming the problems, so
 * the reason shows in the chat (fail closed); the exit status is then 78.
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
  const cwd = await resolveWorkingFolder(context, options.cwd, options.command);
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
  const hooks = setup.refusal === undefined ? describeHookCount(setup.loaded.config) : 'every call refused';
  log(`serving ${registry.list().length} built-in tools: ${hooks}, --permission ${options.permission}`);
  const end = await serveStdio(server, streams, {
    stopSignals,
    log,
    shutdown: async (sessionEnd) => {
      await setup.loaded?.close();
      log(sessionEnd.reason === 'signal' ? `got ${sessionEnd.signal}; stopped` : 'the client disconnected; stopped');
    },
  });
  const status = exitStatusOf(end);
  if (status !== 0) throw new ExitError(status);
  // EX_CONFIG, as every command that could not use its configuration.
  if (setup.refusal !== undefined) throw new ExitError(78);
}
