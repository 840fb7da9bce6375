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
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { z } from 'zod';
import { describeExit, type DownstreamTransport, droppedAnswerData } from './downstream-transport.ts';

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
  /**
   * Whether the server's latest `tools/list` has a tool of this name; a listing announced by
   * `notifications/tools/list_changed` and still under way is waited for first.
   */
  lists(name: string): Promise<boolean>;
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
  /** Pings the server; rejects with what went wrong (with the server's `code` when it answered with an error). */
  ping(): Promise<void>;
  /** Stops the server and everything it started. */
  close(): Promise<void>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// setTimeout's largest delay: the SDK's own request timeout is pushed out of the way, ours
// (whose abort reason we can recognise) decides.
const neverMs = 2 ** 31 - 1;

/** The SDK writes an McpError's message as `MCP error <code>: <message>`; the server's own words. */
function messageOfMcpError(error: McpError): string {
  return error.message.replace(/^MCP error -?\d+: /, '');
}

/** Whether `error` stands for an answer too long to read, which the transport dropped. */
function isDroppedAnswer(error: unknown): error is McpError {
  return (
    error instanceof McpError &&
    (error.data as { droppedBy?: unknown } | undefined)?.droppedBy === droppedAnswerData.droppedBy
  );
}

/**
 * Starts the downstream server, initializes it and lists its tools. Rejects when it cannot be
 * started, exits, answers initialization with an error, or does not answer within the request
 * timeout, saying which; the server is stopped then.
 */
export async function connectDownstream(options: ConnectDownstreamOptions): Promise<DownstreamServer> {
  const { transport, requestTimeoutMs } = options;
  const client = new Client(options.clientInfo, { capabilities: {} });
  let tools: readonly Tool[] = [];
  const seconds = `${requestTimeoutMs / 1000} s`;
  // The abort reasons of our own timeout and of a client's cancellation: the SDK rejects a
  // request with the very reason it was aborted with, so a rejection is told apart from a
  // JSON-RPC error the server sent with the same code (-32001 is not always our timeout).
  const timedOut = new McpError(ErrorCode.RequestTimeout, `no answer within ${seconds}`);
  const cancelled = new McpError(ErrorCode.RequestTimeout, 'cancelled by the client');

  /**
   * The server's own JSON-RPC error, or `undefined` when the request failed otherwise. Our
   * timeout and the client's cancellation are known by their abort reasons; the SDK fails the
   * requests still pending when the connection closes with -32000 "Connection closed"; an
   * answer too long to read stands in as an error of ours. Any other McpError is the server's
   * (its -32000 is not "connection closed", its -32001 not our timeout).
   */
  const serverError = (error: unknown): McpError | undefined => {
    if (!(error instanceof McpError) || error === timedOut || error === cancelled) return undefined;
    const closedUnderUs = error.code === ErrorCode.ConnectionClosed && messageOfMcpError(error) === 'Connection closed';
    return closedUnderUs || isDroppedAnswer(error) ? undefined : error;
  };

  /** Why a request failed, in words. */
  const describeFailure = (error: unknown): string => {
    if (error === timedOut) {
      return `no answer from the downstream MCP server within ${seconds} (--call-timeout); the request was cancelled`;
    }
    if (error === cancelled) return 'the client cancelled the call; it was cancelled on the downstream MCP server too';
    const fromServer = serverError(error);
    if (fromServer !== undefined) {
      return `the downstream MCP server answered with JSON-RPC error ${fromServer.code}: ${messageOfMcpError(fromServer)}`;
    }
    if (isDroppedAnswer(error)) return messageOfMcpError(error);
    const exit = transport.exit;
    if (exit !== null) return `the downstream MCP server exited (${describeExit(exit)})`;
    if (error instanceof McpError || transport.closed) return 'the connection to the downstream MCP server closed';
    if (error instanceof z.ZodError)
      return `the downstream MCP server sent a malformed result: ${z.prettifyError(error).replaceAll('\n', ' ')}`;
    return `the request to the downstream MCP server failed: ${errorText(error)}`;
  };

  /**
   * The SDK's request options for one request: our timeout and the client's cancellation, as
   * an abort signal whose reason says which. `done` clears the timer.
   */
  const requestOptions = (
    signal: AbortSignal | undefined,
    onProgress?: (progress: Progress) => void,
  ): { options: RequestOptions; done: () => void } => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(timedOut), requestTimeoutMs);
    const onAbort = (): void => controller.abort(cancelled);
    if (signal?.aborted === true) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    return {
      options: {
        signal: controller.signal,
        timeout: neverMs,
        ...(onProgress === undefined ? {} : { onprogress: onProgress }),
      },
      done: () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      },
    };
  };

  const listAllTools = async (): Promise<readonly Tool[]> => {
    const listed: Tool[] = [];
    const seenCursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < maxToolPages; page += 1) {
      const request = requestOptions(undefined);
      try {
        const result = await client.request(
          { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
          looseToolListSchema,
          request.options,
        );
        listed.push(...(result.tools as Tool[]));
        cursor = result.nextCursor;
      } finally {
        request.done();
      }
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

  const offersNoTools = new Error('it offers no tools (no "tools" capability)');
  try {
    const initialize = requestOptions(undefined);
    try {
      await client.connect(transport, initialize.options);
    } finally {
      initialize.done();
    }
    if (client.getServerCapabilities()?.tools === undefined) throw offersNoTools;
    tools = await listAllTools();
  } catch (error) {
    // Worded before the server is stopped: once stopped, every failure would look like its exit.
    const reason = transport.pid === undefined || error === offersNoTools ? errorText(error) : describeFailure(error);
    await transport.close();
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
    async lists(name) {
      // A listing announced and still under way may be the one that adds this tool.
      await refreshing;
      return tools.some((tool) => tool.name === name);
    },
    refreshTools,
    async callTool(name, args, callOptions = {}) {
      if (transport.exit !== null) return { ok: false, error: `${name}: ${describeFailure(undefined)}` };
      const request = requestOptions(callOptions.signal, callOptions.onProgress);
      try {
        // client.request, not client.callTool: checking structuredContent against the output
        // schema is the client's business; a proxy passes the result on as the server gave it.
        const result = await client.request(
          { method: 'tools/call', params: { name, arguments: { ...args } } },
          CallToolResultSchema,
          request.options,
        );
        return { ok: true, result };
      } catch (error) {
        return { ok: false, error: `${name}: ${describeFailure(error)}` };
      } finally {
        request.done();
      }
    },
    async ping() {
      if (transport.exit !== null) throw new Error(describeFailure(undefined));
      const request = requestOptions(undefined);
      try {
        await client.request({ method: 'ping' }, EmptyResultSchema, request.options);
      } catch (error) {
        // The server's own JSON-RPC error keeps its code on the way to the client.
        const code = serverError(error)?.code;
        throw Object.assign(new Error(describeFailure(error), { cause: error }), code === undefined ? {} : { code });
      } finally {
        request.done();
      }
    },
    close: () => client.close(),
  };
}
