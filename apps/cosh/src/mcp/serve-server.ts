import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolResult,
  CallToolRequestSchema,
  ErrorCode,
  type Implementation,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolHost } from '../tool-host-types.ts';
import type { ToolRegistry } from '../tools/index.ts';
import { builtinToolList } from './builtin-tool-list.ts';
import { logOutcome, type McpLog } from './mcp-log.ts';
import { resultForOutcome, textResult } from './tool-call-result.ts';

/** Options of {@link createServeServer}. */
export type ServeServerOptions = ServeServerCommon &
  (
    | {
        /** Runs each call through the hooks, the permission system and the tool (SPEC L1). */
        readonly host: ToolHost;
        readonly refusal?: undefined;
      }
    | {
        readonly host?: undefined;
        /** The configuration did not load: every call of a known tool is refused with this text (fail closed). */
        readonly refusal: string;
      }
  );

/** What every {@link ServeServerOptions} has. */
interface ServeServerCommon {
  /** The built-in tools, for `tools/list` and to tell an unknown tool from a bad input. */
  readonly registry: ToolRegistry;
  /** Our name and version, as the client sees its server. */
  readonly serverInfo: Implementation;
  readonly log: McpLog;
}

/**
 * The MCP server of `cosh mcp serve`: the built-in tools with their JSON schemas, each call
 * through the tool host (SPEC X). A blocked, halted, refused or failed call is an `isError`
 * result with the text L2 gives (or the tool's error); a successful one is the tool's output,
 * then the appended lines of P2 as a second text item. An input that does not fit the schema is
 * an `isError` result naming the field (the model can correct it; no hook runs, since the call
 * could never run); an unknown tool is a JSON-RPC error (InvalidParams), as MCP says.
 */
export function createServeServer(options: ServeServerOptions): Server {
  const { registry, log } = options;
  const server = new Server(options.serverInfo, { capabilities: { tools: {} } });
  const tools = builtinToolList(registry.list());

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name } = request.params;
    const rawInput = request.params.arguments ?? {};
    if (registry.get(name) === undefined) {
      const parsed = registry.parseCall(name, rawInput);
      // The SDK sends a thrown error's `code` and `message`; an McpError's message already
      // starts with "MCP error -32602:", which the client would then print twice.
      throw Object.assign(new Error(parsed.ok ? `unknown tool '${name}'` : parsed.error), {
        code: ErrorCode.InvalidParams,
      });
    }
    if (options.refusal !== undefined) {
      log(`${name}: refused: the configuration does not load`);
      return textResult(options.refusal, true);
    }
    const result = await options.host.call(name, rawInput, { signal: extra.signal });
    if (result.rejected !== null) {
      log(`rejected: ${result.output}`);
      return textResult(result.output, true);
    }
    logOutcome(log, result);
    const toolResult = result.toolOutput === null ? undefined : textResult(result.toolOutput, false);
    return resultForOutcome(result, toolResult);
  });

  server.onerror = (error) => log(`client connection: ${error.message}`);
  return server;
}
