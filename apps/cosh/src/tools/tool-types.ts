import type { z } from 'zod';
import type { BashSandbox } from '../sandbox/bash-sandbox.ts';
import type { LineChange } from './line-changes.ts';
import type { ProtectedFiles } from './protected-files.ts';

/** The names of the built-in tools (SPEC T). */
export type BuiltinToolName = 'bash_run' | 'fs_read' | 'fs_write' | 'fs_edit' | 'find_grep';

/**
 * What a tool call produced. `ok: false` means the tool FAILED (SPEC L4: the error enters
 * history and no PostToolUse hook runs); a command that exits non-zero is still `ok: true`.
 */
export type ToolResult =
  | { readonly ok: true; readonly output: string; readonly parts?: ToolResultParts | undefined }
  | { readonly ok: false; readonly error: string };

/**
 * What a tool knows of its result beyond the text: a `protocol: "claude"` hook's `tool_response`
 * is built from these (`bash_run`'s stdout and stderr apart, whether `fs_write` created its file),
 * never parsed back from the text.
 */
export interface ToolResultParts {
  readonly stdout?: string | undefined;
  readonly stderr?: string | undefined;
  readonly created?: boolean | undefined;
  /** `fs_edit`: the file's text before and after, and the lines that changed (Claude's Edit `structuredPatch`). */
  readonly edit?:
    | { readonly before: string; readonly after: string; readonly changes: readonly LineChange[] }
    | undefined;
}

/** Where and how a tool call runs. */
export interface ToolContext {
  /** Relative paths in the input resolve against this folder; `bash_run` runs here. */
  readonly cwd: string;
  /** The environment `bash_run` hands to its shell, as is. */
  readonly env: NodeJS.ProcessEnv;
  /** Aborting stops the call as soon as it can; the call then fails (`ok: false`). */
  readonly signal?: AbortSignal;
  /** Cosh's own files, which `fs_write` and `fs_edit` refuse to write (SPEC S6). */
  readonly protectedFiles?: ProtectedFiles;
  /** Where `bash_run` runs its shell (SPEC B1); without it, unsandboxed (unit tests). */
  readonly sandbox?: BashSandbox;
}

/** One built-in tool: its name, its input schema and what it does. */
export interface BuiltinTool<Input> {
  readonly name: BuiltinToolName;
  /** One paragraph for people and models (MCP `tools/list`). */
  readonly description: string;
  /** A strict zod object: unknown fields are an input error. `z.toJSONSchema` turns it into MCP's `inputSchema`. */
  readonly inputSchema: z.ZodType<Input>;
  /** `'allow'`: runs without asking; `'ask'`: the permission system decides (SPEC T). */
  readonly permission: 'allow' | 'ask';
  /**
   * Run the tool. Never rejects: an input that does not fit the schema (for example after a
   * hook rewrote it), a missing file or anything unexpected comes back as `ok: false`.
   */
  run(input: Input, context: ToolContext): Promise<ToolResult>;
}
