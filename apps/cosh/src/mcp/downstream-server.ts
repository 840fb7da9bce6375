import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type CallToolResult,
  CallToolResultSchema,
  EmptyResultSchema,
  ErrorCode,
  type Implementation,
  McpError,
  type Progress,
  type ServerCapabilities,
  type Tool,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { describeExit, type DownstreamTransport } from './downstream-transport.ts';

/** Pages of `tools/list` followed at most; a server that pages forever is cut off there. */
const maxToolPages = 100;

// Loose on purpose: the tools reach the client exactly as the server described them, fields
// this SDK version does not know included (ToolSchema would strip them).
const looseToolListSchema = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string(), inputSchema: z.looseObject({ type: z.literal('object') }) })),
  nextCursor: z.string().optional(),
});

/** The outcome of one call to the downstream server: its result, or why there is none. */
export type DownstreamCallResult =
  | { readonly ok: true; readonly result: CallToolResult }
  | { readonly ok: false; readonly error: string };

/** Options of {@link DownstreamServer.callTool}. */
export interface DownstreamCallOptions {
  /** The client cancelled the call: it is cancelled downstream too. */
  readonly signal?: AbortSignal;
  /** Progress the server reports for this call. */
  readonly onProgress?: (progress: Progress) => void;
}

/** Options of {@link connectDownstream}. */
export interface ConnectDownstreamOptions {
  readonly transport: DownstreamTransport;
  /** The command line, for messages (`node server.js`). */
  readonly commandLine: string;
  /** How long one request to the server may take, initialization and calls alike. */
  readonly requestTimeoutMs: number;
  /** Our name and version, as the server sees its client. */
  readonly clientInfo: Implementation;
  /** The server announced a new tool list, and the cache has been refreshed. */
  onToolsChanged?(): void;
  /** Something worth a line on stderr that did not fail a request. */
  onError?(message: string): void;
}

/** A running downstream MCP server: what it said at initialization, its tools, and calls to it. */
export interface DownstreamServer {
  readonly client: Client;
  readonly transport: DownstreamTransport;
  readonly serverInfo: Implementation | undefined;
  readonly capabilities: ServerCapabilities;
  readonly instructions: string | undefined;
  /** The tools of the last successful listing, exactly as the server described them. */
  tools(): readonly Tool[];
  /** Lists the tools again (every page); on failure the previous list stays and this rejects. */
  refreshTools(): Promise<void>;
  /**
   * Calls a tool and never rejects: a server that has exited, does not answer within the
   * request timeout, answers with a JSON-RPC error or with a result that is not a tool result
   * gives `{ ok: false, error }` naming the tool and what happened.
   */
  callTool(
    name: string,
    args: Readonly<Record<string, unknown>>,
    options?: DownstreamCallOptions,
  ): Promise<DownstreamCallResult>;
  /** Pings the server; rejects with what went wrong. */
  ping(): Promise<void>;
  /** Stops the server and everything it started. */
  close(): Promise<void>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Starts the downstream server, initializes it and lists its tools. Rejects when it cannot be
 * started, exits, or does not answer within the request timeout; the server is stopped then.
 */
export async function connectDownstream(options: ConnectDownstreamOptions): Promise<DownstreamServer> {
  const { transport, requestTimeoutMs } = options;
  const client = new Client(options.clientInfo, { capabilities: {} });
  let tools: readonly Tool[] = [];
  const seconds = `${requestTimeoutMs / 1000} s`;

  /** Why a request failed, in words: the server's exit wins over the SDK's "Connection closed". */
  const describeFailure = (error: unknown): string => {
    const exit = transport.exit;
    if (exit !== null) return `the downstream MCP server exited (${describeExit(exit)})`;
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return `no answer from the downstream MCP server within ${seconds} (--call-timeout); the request was cancelled`;
    }
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)
      return 'the connection to the downstream MCP server closed';
    if (error instanceof z.ZodError)
      return `the downstream MCP server sent a malformed result: ${z.prettifyError(error).replaceAll('\n', ' ')}`;
    return `the downstream MCP server answered with an error: ${errorText(error)}`;
  };

  const listAllTools = async (): Promise<readonly Tool[]> => {
    const listed: Tool[] = [];
    const seenCursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < maxToolPages; page += 1) {
      const result = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        looseToolListSchema,
        { timeout: requestTimeoutMs },
      );
      listed.push(...(result.tools as Tool[]));
      cursor = result.nextCursor;
      if (cursor === undefined || seenCursors.has(cursor)) break;
      seenCursors.add(cursor);
    }
    return listed;
  };

  let refreshing: Promise<void> = Promise.resolve();
  const refreshTools = (): Promise<void> => {
    // One listing at a time, in the order the changes were announced.
    const next = refreshing.then(async () => {
      tools = await listAllTools();
    });
    refreshing = next.catch(() => undefined);
    return next;
  };

  try {
    await client.connect(transport, { timeout: requestTimeoutMs });
    if (client.getServerCapabilities()?.tools === undefined) {
      throw new Error('it offers no tools (no "tools" capability)');
    }
    tools = await listAllTools();
  } catch (error) {
    await transport.close();
    const reason = transport.exit === null || transport.pid === undefined ? errorText(error) : describeFailure(error);
    throw new Error(`the downstream MCP server \`${options.commandLine}\` did not start: ${reason}`, { cause: error });
  }

  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    try {
      await refreshTools();
    } catch (error) {
      options.onError?.(
        `the downstream MCP server announced new tools, but listing them failed: ${describeFailure(error)}`,
      );
    }
    options.onToolsChanged?.();
  });
  client.onerror = (error) => options.onError?.(`downstream connection: ${errorText(error)}`);

  return {
    client,
    transport,
    serverInfo: client.getServerVersion(),
    capabilities: client.getServerCapabilities() ?? {},
    instructions: client.getInstructions(),
    tools: () => tools,
    refreshTools,
    async callTool(name, args, callOptions = {}) {
      if (transport.exit !== null) return { ok: false, error: `${name}: ${describeFailure(undefined)}` };
      try {
        // client.request, not client.callTool: checking structuredContent against the output
        // schema is the client's business; a proxy passes the result on as the server gave it.
        const result = await client.request(
          { method: 'tools/call', params: { name, arguments: { ...args } } },
          CallToolResultSchema,
          {
            timeout: requestTimeoutMs,
            ...(callOptions.signal === undefined ? {} : { signal: callOptions.signal }),
            ...(callOptions.onProgress === undefined ? {} : { onprogress: callOptions.onProgress }),
          },
        );
        return { ok: true, result };
      } catch (error) {
        return { ok: false, error: `${name}: ${describeFailure(error)}` };
      }
    },
    async ping() {
      if (transport.exit !== null) throw new Error(describeFailure(undefined));
      try {
        await client.request({ method: 'ping' }, EmptyResultSchema, { timeout: requestTimeoutMs });
      } catch (error) {
        throw new Error(describeFailure(error), { cause: error });
      }
    },
    close: () => client.close(),
  };
}
