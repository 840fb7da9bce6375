import { suggestClosest } from '@cosh/config';
import { type HookEngine, runToolCall, toolNameProblem } from '@cosh/hooks';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolResult,
  CallToolRequestSchema,
  EmptyResultSchema,
  ErrorCode,
  type Implementation,
  ListToolsRequestSchema,
  LoggingMessageNotificationSchema,
  PingRequestSchema,
  type ServerCapabilities,
  SetLevelRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { createPermissionCheck } from '../permission/index.ts';
import { inputTooDeep } from '../tool-host.ts';
import type { DownstreamServer } from './downstream-server.ts';
import { logOutcome, type McpLog } from './mcp-log.ts';
import { resultForOutcome, textOfContent, textResult } from './tool-call-result.ts';

/** Options of {@link createProxyServer}. */
export type ProxyServerOptions = ProxyServerCommon &
  (
    | {
        /** The hooks every call passes through (SPEC L1). */
        readonly engine: HookEngine;
        readonly refusal?: undefined;
      }
    | {
        readonly engine?: undefined;
        /** The configuration did not load: every call is refused with this text (fail closed). */
        readonly refusal: string;
      }
  );

/** What every {@link ProxyServerOptions} has. */
interface ProxyServerCommon {
  readonly downstream: DownstreamServer;
  /**
   * The permission system's answer for a call no hook allowed or denied: `allow` runs it,
   * `deny` refuses it (the hooks become an allowlist). Downstream tools have no defaults.
   */
  readonly permission: 'allow' | 'deny';
  /** The directory hooks run in (R5). */
  readonly cwd: string;
  /** `--name`: Claude hooks see tool `t` as `mcp__<serverName>__t` (K3); Cosh hooks see `t`. */
  readonly serverName?: string | undefined;
  /** Our name and version, as the client sees its server. */
  readonly serverInfo: Implementation;
  readonly log: McpLog;
}

// No downstream tool is known to need no permission: an `fs_read` behind the proxy is not ours.
const noToolDefaults = { get: () => undefined };

/**
 * The MCP server `cosh mcp proxy` shows its client: the downstream server's tools, unchanged,
 * each call through the hooks (SPEC X). A call to a name the downstream's latest `tools/list`
 * did not hold is refused (InvalidParams) before any hook runs. Also forwarded: `ping` (answered only while the
 * downstream answers), `notifications/tools/list_changed` (after the tool list is re-read),
 * progress of a call, and logging when the downstream offers it. Not proxied: resources,
 * prompts, completions, and requests from the downstream to the client (sampling, roots,
 * elicitation), which would reach the client around the hooks or need capabilities we do not
 * announce to the downstream.
 */
export function createProxyServer(options: ProxyServerOptions): Server {
  const { downstream, cwd, log } = options;
  const logging = downstream.capabilities.logging !== undefined;
  const capabilities: ServerCapabilities = { tools: { listChanged: true }, ...(logging ? { logging: {} } : {}) };
  const server = new Server(options.serverInfo, {
    capabilities,
    ...(downstream.instructions === undefined ? {} : { instructions: downstream.instructions }),
  });
  const checkPermission = createPermissionCheck({ mode: options.permission, tools: noToolDefaults });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...downstream.tools()] }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name } = request.params;
    const toolInput = request.params.arguments ?? {};
    if (options.refusal !== undefined) {
      log(`${name}: refused: the configuration does not load`);
      return textResult(options.refusal, true);
    }
    const { engine } = options;
    // A name the downstream did not list is refused as `serve` refuses an unknown tool, before
    // any hook: no matcher runs on a name the model made up (a catastrophic regex on it could
    // freeze the proxy), and nothing reaches the downstream. A name no hook can be given (L7)
    // is left to the engine, which refuses it in its own words.
    if (toolNameProblem(name) === null && !(await downstream.lists(name))) {
      log(`refused: unknown tool '${name}' (not in the downstream MCP server's tools/list)`);
      throw unknownToolError(name, downstream.tools());
    }
    // Refused as the tool host refuses it for exec, session and serve: no hook could be given it.
    const tooDeep = inputTooDeep(name, toolInput);
    if (tooDeep !== undefined) {
      log(`rejected: ${tooDeep}`);
      return textResult(tooDeep, true);
    }
    const progressToken = request.params._meta?.progressToken;
    let downstreamResult: CallToolResult | undefined;
    // Progress goes out before the result, or the client would drop it as late.
    let progressSent: Promise<void> = Promise.resolve();
    const outcome = await runToolCall({
      engine,
      // The client's cancellation stops the call's running hooks as a timeout would.
      call: { toolName: name, toolInput, cwd, signal: extra.signal, mcpServer: options.serverName },
      checkPermission: (call) => checkPermission({ ...call, cwd }),
      async executeTool(call) {
        const called = await downstream.callTool(call.toolName, call.toolInput, {
          signal: extra.signal,
          ...(progressToken === undefined
            ? {}
            : {
                onProgress: (progress) => {
                  const notification = {
                    method: 'notifications/progress' as const,
                    params: { ...progress, progressToken },
                  };
                  progressSent = progressSent.then(() => extra.sendNotification(notification)).catch(() => undefined);
                },
              }),
        });
        if (!called.ok) return { ok: false, error: called.error };
        downstreamResult = called.result;
        const text = textOfContent(called.result.content);
        // L4: a downstream isError result is a tool failure; no PostToolUse hook sees it.
        return called.result.isError === true ? { ok: false, error: text } : { ok: true, output: text };
      },
    });
    logOutcome(log, outcome);
    await progressSent;
    return resultForOutcome(outcome, downstreamResult);
  });

  // The default pong would say "alive" for a proxy whose server is dead.
  server.setRequestHandler(PingRequestSchema, async () => {
    await downstream.ping();
    return {};
  });

  if (logging) {
    server.setRequestHandler(SetLevelRequestSchema, (request) =>
      downstream.client.request({ method: 'logging/setLevel', params: request.params }, EmptyResultSchema),
    );
    downstream.client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) =>
      server.notification(notification),
    );
  }

  server.onerror = (error) => log(`client connection: ${error.message}`);
  return server;
}

/**
 * The JSON-RPC error for a tool the downstream did not list, worded as `cosh mcp serve` words an
 * unknown built-in tool. The SDK sends a thrown error's `code` and `message`.
 */
function unknownToolError(name: string, tools: readonly Tool[]): Error {
  const known = tools.map((tool) => tool.name);
  const suggestion = suggestClosest(name, known, { parts: true });
  const hint = suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`;
  const shown = known.length > 20 ? [...known.slice(0, 20), `and ${known.length - 20} more`] : known;
  return Object.assign(new Error(`unknown tool '${name}'${hint}; known tools: ${shown.join(', ') || 'none'}`), {
    code: ErrorCode.InvalidParams,
  });
}

/** Tells the client the tool list changed; a client that is not connected yet lists them anyway. */
export async function announceToolsChanged(server: Server, log: McpLog): Promise<void> {
  try {
    await server.sendToolListChanged();
  } catch (error) {
    log(`could not tell the client that the tools changed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
