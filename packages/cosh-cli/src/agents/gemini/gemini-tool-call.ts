import { isAbsolute, resolve } from 'node:path';
import { fromClaudeToolName } from '@cosh/spec';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type ToolInput = Readonly<Record<string, unknown>>;

/** One field of a Gemini tool and its Cosh twin. */
interface FieldTwin {
  /** Gemini's names for the field, the first being what a rewrite adds when the call had none. */
  readonly gemini: readonly string[];
  readonly cosh: string;
  /** A path: made absolute against the call's cwd for the Cosh hooks. */
  readonly path?: boolean;
}

/** Gemini CLI's built-in tools with a Cosh twin (K10), under their names old and new. */
const GEMINI_TWINS: Readonly<Record<string, { readonly cosh: string; readonly fields: readonly FieldTwin[] }>> = {
  run_shell_command: { cosh: 'bash_run', fields: [{ gemini: ['command'], cosh: 'command' }] },
  read_file: {
    cosh: 'fs_read',
    fields: [{ gemini: ['file_path', 'absolute_path', 'path'], cosh: 'path', path: true }],
  },
  write_file: {
    cosh: 'fs_write',
    fields: [
      { gemini: ['file_path'], cosh: 'path', path: true },
      { gemini: ['content'], cosh: 'content' },
    ],
  },
  replace: {
    cosh: 'fs_edit',
    fields: [
      { gemini: ['file_path'], cosh: 'path', path: true },
      { gemini: ['old_string'], cosh: 'old_string' },
      { gemini: ['new_string'], cosh: 'new_string' },
      { gemini: ['allow_multiple'], cosh: 'replace_all' },
    ],
  },
  search_file_content: {
    cosh: 'find_grep',
    fields: [
      { gemini: ['pattern'], cosh: 'pattern' },
      { gemini: ['path', 'dir_path'], cosh: 'path', path: true },
    ],
  },
  grep_search: {
    cosh: 'find_grep',
    fields: [
      { gemini: ['pattern'], cosh: 'pattern' },
      { gemini: ['dir_path', 'path'], cosh: 'path', path: true },
    ],
  },
};

/** Gemini CLI tool names → Cosh's, for the docs' table (K10). */
export const GEMINI_TOOL_TABLE: readonly (readonly [gemini: string, cosh: string])[] = [
  ['run_shell_command {command}', 'bash_run {command}'],
  ['read_file {file_path} (older: absolute_path)', 'fs_read {path}'],
  ['write_file {file_path, content}', 'fs_write {path, content}'],
  [
    'replace {file_path, old_string, new_string, allow_multiple}',
    'fs_edit {path, old_string, new_string, replace_all}',
  ],
  ['grep_search / search_file_content {pattern, dir_path | path}', 'find_grep {pattern, path}'],
  ['mcp__<server>__<tool>', '<tool> of server <server>'],
];

/** A Gemini CLI tool call read as a Cosh call (K10), and the way back for a rewrite. */
export interface GeminiToolCall {
  readonly toolName: string;
  /** The MCP server of an `mcp__<server>__<tool>` name, else `null`. */
  readonly mcpServer: string | null;
  readonly toolInput: ToolInput;
  /**
   * Gemini's whole `tool_input` for a Cosh input the hooks rewrote: the call's own input with the
   * rewritten fields laid over it (Gemini replaces the input, so an omitted field would be lost).
   */
  toGeminiInput(rewritten: ToolInput): ToolInput;
}

function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * K10: a Gemini CLI call (`tool_name`, `tool_input` of its BeforeTool/AfterTool stdin) read as a
 * Cosh call: `run_shell_command {command}` → `bash_run`, `read_file {file_path | absolute_path}` →
 * `fs_read {path}`, `write_file {file_path, content}` → `fs_write`, `replace {file_path,
 * old_string, new_string, allow_multiple}` → `fs_edit`, `grep_search` / `search_file_content
 * {pattern, dir_path | path}` → `find_grep`; `mcp__s__t` → tool `t` of server `s`; others keep their
 * name and input. Paths are made absolute against `cwd`; Gemini fields with no twin
 * (`description`, `instruction`) are left out of the Cosh input and kept in a rewrite's answer.
 *
 * @example
 * fromGeminiToolCall('read_file', { file_path: 'a.txt' }, '/repo').toolInput; // { path: '/repo/a.txt' }
 */
export function fromGeminiToolCall(geminiToolName: string, geminiInput: ToolInput, cwd: string): GeminiToolCall {
  const twin = Object.hasOwn(GEMINI_TWINS, geminiToolName) ? GEMINI_TWINS[geminiToolName] : undefined;
  if (twin === undefined) {
    const { toolName, mcpServer } = geminiToolName.startsWith('mcp__')
      ? fromClaudeToolName(geminiToolName)
      : { toolName: geminiToolName, mcpServer: null };
    return {
      toolName,
      mcpServer,
      toolInput: geminiInput,
      toGeminiInput: (rewritten) => ({ ...geminiInput, ...rewritten }),
    };
  }
  const coshInput: Record<string, unknown> = {};
  const usedName = new Map<string, string>();
  for (const field of twin.fields) {
    const name = field.gemini.find((candidate) => Object.hasOwn(geminiInput, candidate));
    if (name === undefined) continue;
    usedName.set(field.cosh, name);
    const value = geminiInput[name];
    defineOwn(
      coshInput,
      field.cosh,
      field.path === true && typeof value === 'string' && !isAbsolute(value) ? resolve(cwd, value) : value,
    );
  }
  return {
    toolName: twin.cosh,
    mcpServer: null,
    toolInput: coshInput,
    toGeminiInput: (rewritten) => {
      const answer: Record<string, unknown> = { ...geminiInput };
      for (const field of twin.fields) {
        if (!Object.hasOwn(rewritten, field.cosh)) continue;
        // Unchanged fields keep Gemini's own value (a relative path stays relative).
        if (Object.hasOwn(coshInput, field.cosh) && rewritten[field.cosh] === coshInput[field.cosh]) continue;
        defineOwn(answer, usedName.get(field.cosh) ?? (field.gemini[0] as string), rewritten[field.cosh]);
      }
      return answer;
    },
  };
}

/**
 * The text a Gemini tool returned, from AfterTool's `tool_response` (`{llmContent, returnDisplay,
 * error}`): `llmContent` as text (a string, or the `text` of its parts joined with `\n`), else
 * `returnDisplay` when it is a string, else the response as JSON.
 */
export function geminiToolOutput(toolResponse: unknown): string {
  if (typeof toolResponse === 'string') return toolResponse;
  if (!isRecord(toolResponse)) return toolResponse === undefined ? '' : JSON.stringify(toolResponse);
  const content = toolResponse['llmContent'];
  if (typeof content === 'string') return content;
  const parts = Array.isArray(content) ? content : isRecord(content) ? [content] : null;
  if (parts !== null) {
    return parts
      .map((part) =>
        typeof part === 'string' ? part : isRecord(part) && typeof part['text'] === 'string' ? part['text'] : '',
      )
      .filter((text) => text !== '')
      .join('\n');
  }
  if (typeof toolResponse['returnDisplay'] === 'string') return toolResponse['returnDisplay'];
  return JSON.stringify(toolResponse);
}
