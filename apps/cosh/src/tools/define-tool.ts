import type { z } from 'zod';
import { formatInputError } from './format-input-error.ts';
import type { BuiltinTool, BuiltinToolName, ToolContext, ToolResult } from './tool-types.ts';

/** What a built-in tool module declares; {@link defineTool} adds the guards every tool shares. */
export interface ToolDefinition<Shape extends z.core.$ZodLooseShape, Input> {
  readonly name: BuiltinToolName;
  readonly description: string;
  readonly permission: 'allow' | 'ask';
  readonly inputSchema: z.ZodObject<Shape, z.core.$strict> & z.ZodType<Input>;
  /** Runs with an input that passed the schema. May throw: a throw becomes `ok: false`. */
  execute(input: Input, context: ToolContext): Promise<ToolResult>;
}

/** A built-in tool plus the one thing the registry needs that the public type does not show. */
export interface DefinedTool<Input> extends BuiltinTool<Input> {
  /** Validate a raw input against the schema, with the error text of `formatInputError`. */
  parseInput(rawInput: unknown): { ok: true; input: Input } | { ok: false; error: string };
}

/**
 * Wrap a tool so that `run` keeps its promise never to reject: the input is validated again
 * (a PreToolUse hook's `updated_input` may have broken it after `parseCall`), an aborted call
 * fails before it starts, and an unexpected throw becomes a failure that says what happened.
 */
export function defineTool<Shape extends z.core.$ZodLooseShape, Input>(
  definition: ToolDefinition<Shape, Input>,
): DefinedTool<Input> {
  const knownFields = Object.keys(definition.inputSchema.shape);
  const parseInput = (rawInput: unknown): { ok: true; input: Input } | { ok: false; error: string } => {
    const parsed = definition.inputSchema.safeParse(rawInput);
    if (parsed.success) return { ok: true, input: parsed.data };
    return { ok: false, error: formatInputError(definition.name, parsed.error.issues, rawInput, knownFields) };
  };
  return {
    name: definition.name,
    description: definition.description,
    permission: definition.permission,
    inputSchema: definition.inputSchema,
    parseInput,
    async run(input: Input, context: ToolContext): Promise<ToolResult> {
      const parsed = parseInput(input);
      if (!parsed.ok) return { ok: false, error: parsed.error };
      if (context.signal?.aborted === true)
        return { ok: false, error: `${definition.name}: cancelled before it started` };
      try {
        return await definition.execute(parsed.input, context);
      } catch (error) {
        return { ok: false, error: `${definition.name}: unexpected error: ${describeThrown(error)}` };
      }
    },
  };
}

function describeThrown(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
