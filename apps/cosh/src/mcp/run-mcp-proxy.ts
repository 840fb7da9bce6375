import type { CliContext } from '@cosh/cosh-cli';
import { ExitError, hostJournal, loadCommandConfig } from '@cosh/cosh-cli';
import { createScriptCheck, hookPathFor } from '@cosh/config';
import { createHookEngine } from '@cosh/hooks';
import { createAsyncResultSink } from '../async-result-sink.ts';
import type { Command } from '../tool-host-cli-options.ts';
import { loadOrRefuse } from './config-refusal.ts';
import { connectDownstream } from './downstream-server.ts';
import { describeExit, DownstreamTransport } from './downstream-transport.ts';
import { formatCommandLine } from './format-command-line.ts';
import { describeHookCount } from './mcp-log.ts';
import { createPrefixedLines } from './prefixed-lines.ts';
import { announceToolsChanged, createProxyServer } from './proxy-server.ts';
import { exitStatusOf, type SessionEnd } from './stdio-session.ts';
import { type McpSession, mcpCommand, serveSession } from './mcp-command-session.ts';
import type { McpHostOptions } from './mcp-host-options.ts';

/** EX_UNAVAILABLE: the downstream server could not be started or did not initialize. */
export const downstreamUnavailableStatus = 69;

/** Options of {@link runMcpProxy}: the command line of `cosh mcp proxy`. */
export interface McpProxyOptions extends McpHostOptions {
  /** `--name`: Claude hooks see the downstream's tool `t` as `mcp__<name>__t` (K3). */
  readonly serverName?: string | undefined;
  /** Seconds one request to the downstream server may take (`--call-timeout`). */
  readonly callTimeoutSeconds: number;
  /** The downstream server's command and arguments (after `--`). */
  readonly command: string;
  readonly args: readonly string[];
  /** `cosh mcp proxy` itself, for the `--help` pointer of a usage error. */
  readonly cliCommand?: Command | undefined;
}

/**
 * `cosh mcp proxy`: starts the downstream MCP server, then serves its tools on stdio with every
 * call through the hooks, until the client disconnects or a signal comes; then stops the
 * downstream server and all it started. A config that does not load does not stop it: the
 * downstream starts, the client sees its tools, and every call is refused with an `isError`
 * result naming the problems (fail closed; the exit status is then 78). A downstream that cannot
 * start or initialize ends it with 69.
 */
export const runMcpProxy = mcpCommand('cosh mcp proxy', (options: McpProxyOptions) => options.cliCommand, proxy);

async function proxy(context: CliContext, options: McpProxyOptions, session: McpSession): Promise<void> {
  const { streams, stopSignals, log, cwd } = session;
  const setup = await loadOrRefuse(
    () =>
      // C10: the project layer of the folder the downstream and the hooks run in (`--cwd`).
      loadCommandConfig(context, {
        configPath: options.configPath,
        noProject: options.noProject,
        workingFolder: cwd,
        warnings: 'stderr',
      }),
    log,
  );
  const hooks =
    setup.refusal === undefined
      ? {
          engine: createHookEngine(setup.loaded.config, {
            cwd,
            // B12: no PATH entry the agent's shell could write.
            env: hookPathFor(setup.loaded.sandbox, context.env, [cwd]).env,
            sessionId: options.sessionId,
            projectFolder: setup.loaded.projectFolder,
            // SPEC S5: the proxy serves many calls; each checks its hooks' scripts again.
            scriptCheck: await createScriptCheck(setup.loaded.trustedScripts),
            // R13: no history here; with --verbose each async report goes to stderr.
            onAsyncResult: createAsyncResultSink({
              verbose: options.verbose === true,
              writeError: (text) => context.err.write(text),
            }).onAsyncResult,
            journal: await hostJournal(context, {
              settings: setup.loaded.journal,
              file: options.journalPath,
              agent: 'mcp',
            }),
          }),
        }
      : { refusal: setup.refusal };
  const commandLine = formatCommandLine(options.command, options.args);

  const stderrLines = createPrefixedLines('[downstream] ', (text) => context.err.write(text));
  const transport = new DownstreamTransport({
    command: options.command,
    args: options.args,
    cwd,
    env: context.env,
    onStderr: (chunk) => stderrLines.push(chunk),
    onStderrEnd: () => stderrLines.end(),
    onProblem: (problem) =>
      log(`ignored on the downstream MCP server's stdout (it is for protocol messages only): ${problem}`),
  });

  let notifyToolsChanged: () => void = () => undefined;
  const connecting = connectDownstream({
    transport,
    commandLine,
    requestTimeoutMs: options.callTimeoutSeconds * 1000,
    clientInfo: { name: 'cosh-mcp-proxy', version: options.version },
    onToolsChanged: () => notifyToolsChanged(),
    onError: log,
  });
  const started = await Promise.race([
    connecting.then(
      (downstream) => ({ downstream }) as const,
      (error: unknown) => ({ error }) as const,
    ),
    stopSignals.received.then((signal) => ({ signal }) as const),
  ]);
  if ('signal' in started) {
    // The start in progress fails once its server is stopped; nothing waits for it any more.
    connecting.catch(() => undefined);
    await transport.close();
    log(`got ${started.signal} while starting; stopped the downstream MCP server`);
    throw new ExitError(exitStatusOf({ reason: 'signal', signal: started.signal }));
  }
  if ('error' in started) {
    const { error } = started;
    throw new ExitError(
      downstreamUnavailableStatus,
      `cosh mcp proxy: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const { downstream } = started;

  let stopping = false;
  void transport.exited.then((exit) => {
    if (stopping) return;
    log(
      `the downstream MCP server \`${commandLine}\` exited (${describeExit(exit)}); every tool call fails from now on (restart the MCP server in your client)`,
    );
  });

  const server = createProxyServer({
    downstream,
    ...hooks,
    permission: options.permission,
    cwd,
    serverName: options.serverName,
    serverInfo: { name: 'cosh-mcp-proxy', version: options.version },
    log,
  });
  notifyToolsChanged = () => void announceToolsChanged(server, log);
  const tools = downstream.tools();
  log(
    `proxying \`${commandLine}\` (pid ${transport.pid ?? '?'}): ${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}, ` +
      `${describeHookCount(setup.loaded?.config)}, --permission ${options.permission}`,
  );

  const shutdown = async (sessionEnd: SessionEnd): Promise<void> => {
    stopping = true;
    const why = sessionEnd.reason === 'signal' ? `got ${sessionEnd.signal}` : 'the client disconnected';
    await downstream.close();
    // The processes the engine keeps and its async hooks end with the server (R12, R13).
    if ('engine' in hooks) await hooks.engine?.close();
    const exit = transport.exit;
    log(`${why}; stopped the downstream MCP server${exit === null ? '' : ` (${describeExit(exit)})`}`);
  };
  await serveSession(server, streams, { stopSignals, log, shutdown }, setup.refusal !== undefined);
}
