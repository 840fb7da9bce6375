import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { BuiltinTool, BuiltinToolName } from '../tools/index.ts';

// Hints for clients (MCP says never to trust them from an unknown server; they are ours).
const annotations: Record<BuiltinToolName, ToolAnnotations> = {
  bash_run: {
    title: 'Run a shell command',
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  fs_read: { title: 'Read a file', readOnlyHint: true, openWorldHint: false },
  fs_write: {
    title: 'Write a file',
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
  fs_edit: {
    title: 'Edit a file',
    readOnlyHint: false,
    destructiveHint: true,
    // A second identical call finds the text already replaced and fails.
    idempotentHint: false,
    openWorldHint: false,
  },
  find_grep: { title: 'Search files', readOnlyHint: true, openWorldHint: false },
};

/**
 * The built-in tools as MCP `tools/list` describes them: name, description, annotations, and
 * the input schema made from the tool's zod schema by `z.toJSONSchema` (an object schema with
 * `additionalProperties: false`, since the tools reject unknown fields).
 */
export function builtinToolList(tools: readonly BuiltinTool<unknown>[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: z.toJSONSchema(tool.inputSchema, { io: 'input' }) as Tool['inputSchema'],
    annotations: annotations[tool.name],
  }));
}
