import { bashRunTool } from './bash-run.ts';
import { suggestClosest } from '@cosh/config';
import type { DefinedTool } from './define-tool.ts';
import { findGrepTool } from './find-grep.ts';
import { fsEditTool } from './fs-edit.ts';
import { fsReadTool } from './fs-read.ts';
import { fsWriteTool } from './fs-write.ts';
import type { BuiltinTool } from './tool-types.ts';

/** A validated call: the tool to run and its input as the schema parsed it. */
export type ParsedToolCall = { ok: true; tool: BuiltinTool<unknown>; input: unknown } | { ok: false; error: string };

/** The built-in tools by name, and the one place a raw call (name + JSON input) is checked. */
export interface ToolRegistry {
  /** Every tool, sorted by name. */
  list(): readonly BuiltinTool<unknown>[];
  /** The tool of that exact name, else `undefined`. */
  get(name: string): BuiltinTool<unknown> | undefined;
  /**
   * Validate a raw call. An unknown tool gives an error that lists the known ones
   * (`unknown tool 'bash' (did you mean bash_run?); known tools: bash_run, find_grep, fs_edit,
   * fs_read, fs_write`); a bad input gives one that names each bad field and what was expected
   * (`bash_run: input.command: expected a string, got number`, `fs_read: input.paht: unknown
   * field (did you mean path?); known fields: path`).
   */
  parseCall(name: string, rawInput: unknown): ParsedToolCall;
}

/**
 * The registry of the five built-in tools of SPEC T: `bash_run`, `find_grep`, `fs_edit`,
 * `fs_read`, `fs_write`.
 *
 * @example
 * const registry = createToolRegistry();
 * const call = registry.parseCall('fs_read', { path: 'README.md' });
 * if (call.ok) console.log(await call.tool.run(call.input, { cwd: process.cwd(), env: process.env }));
 */
export function createToolRegistry(): ToolRegistry {
  const tools: readonly DefinedTool<unknown>[] = [bashRunTool, findGrepTool, fsEditTool, fsReadTool, fsWriteTool]
    .map((tool) => tool as DefinedTool<unknown>)
    .sort((left, right) => (left.name < right.name ? -1 : 1));
  const byName = new Map<string, DefinedTool<unknown>>(tools.map((tool) => [tool.name, tool]));
  const knownNames = tools.map((tool) => tool.name);
  return {
    list: () => tools,
    get: (name) => byName.get(name),
    parseCall(name, rawInput) {
      const tool = byName.get(name);
      if (tool === undefined) {
        const suggestion = suggestClosest(name, knownNames, { parts: true });
        const hint = suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`;
        return { ok: false, error: `unknown tool '${name}'${hint}; known tools: ${knownNames.join(', ')}` };
      }
      const parsed = tool.parseInput(rawInput);
      return parsed.ok ? { ok: true, tool, input: parsed.input } : parsed;
    },
  };
}
