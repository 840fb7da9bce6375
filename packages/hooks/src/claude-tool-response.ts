import { claudeStructuredPatch, type LineChange } from './claude-structured-patch.ts';
import { isMultiEdit, isTwinnedTool } from '@cosh/spec';

/**
 * What a tool call produced, in the parts its host knows apart (K4: `tool_response` is built from
 * the tool's own result, never parsed back from the text that enters history).
 */
export interface ToolResultParts {
  /** The raw output text: what Cosh hooks receive as `tool_output`. */
  readonly output: string;
  /** `bash_run`: the command's stdout. Absent: the whole output is taken as stdout. */
  readonly stdout?: string | undefined;
  /** `bash_run`: the command's stderr. Absent: empty. */
  readonly stderr?: string | undefined;
  /** `fs_write`: the write created the file (`true`) or replaced one (`false`). Absent: replaced. */
  readonly created?: boolean | undefined;
  /**
   * `fs_edit`: the file's text before and after, and the lines that changed. Absent (an edit
   * Claude Code made, read back by the bridge): the patch is empty and the original file `null`.
   */
  readonly edit?:
    | { readonly before: string; readonly after: string; readonly changes: readonly LineChange[] }
    | undefined;
}

/** Lines in `text`, a final newline ending the last line rather than starting another; `''` has none. */
export function countLines(text: string): number {
  if (text === '') return 0;
  let lines = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines += 1;
  return text.endsWith('\n') ? lines - 1 : lines;
}

const stringField = (input: Readonly<Record<string, unknown>>, key: string): string => {
  const value = input[key];
  return typeof value === 'string' ? value : '';
};

/**
 * The `tool_response` of a PostToolUse payload for a `protocol: "claude"` hook (K4), shaped as
 * Claude Code's own tools report: `Bash {stdout, stderr, interrupted: false, isImage: false}`,
 * `Read {type: "text", file: {filePath, content, numLines, startLine: 1, totalLines}}`,
 * `Write {type: "create"|"update", filePath, content, success: true}`, `Edit {filePath, oldString,
 * newString, originalFile, structuredPatch, userModified: false, replaceAll}`, `MultiEdit
 * {filePath, edits, originalFileContents, structuredPatch, userModified: false}` (the shapes of
 * Claude Code's own Edit and MultiEdit results), `Grep {mode: "content", content, numLines}`, and
 * for any other tool (proxied MCP tools) `[{type: "text", text}]`.
 *
 * @param toolName The Cosh tool name.
 * @param claudeInput The input in Claude's fields, as the hook receives it (`file_path` absolute).
 * @param mcpServer The proxied MCP server the tool comes from, if any: such a tool is never a built-in.
 *
 * @example
 * claudeToolResponse('bash_run', { command: 'ls' }, { output: '…', stdout: 'a\n', stderr: '' });
 * // { stdout: 'a\n', stderr: '', interrupted: false, isImage: false }
 */
export function claudeToolResponse(
  toolName: string,
  claudeInput: Readonly<Record<string, unknown>>,
  result: ToolResultParts,
  mcpServer?: string | null,
): unknown {
  const builtIn = (mcpServer == null || mcpServer === '') && isTwinnedTool(toolName);
  if (!builtIn) return [{ type: 'text', text: result.output }];
  switch (toolName) {
    case 'bash_run':
      return {
        stdout: result.stdout ?? result.output,
        stderr: result.stderr ?? '',
        interrupted: false,
        isImage: false,
      };
    case 'fs_read': {
      // fs_read returns the whole file: the lines read are all of its lines.
      const lines = countLines(result.output);
      return {
        type: 'text',
        file: {
          filePath: stringField(claudeInput, 'file_path'),
          content: result.output,
          numLines: lines,
          startLine: 1,
          totalLines: lines,
        },
      };
    }
    case 'fs_write':
      return {
        type: result.created === true ? 'create' : 'update',
        filePath: stringField(claudeInput, 'file_path'),
        content: stringField(claudeInput, 'content'),
        success: true,
      };
    case 'fs_edit': {
      const edit = result.edit;
      const structuredPatch = edit === undefined ? [] : claudeStructuredPatch(edit.before, edit.after, edit.changes);
      const originalFile = edit === undefined ? null : edit.before;
      const filePath = stringField(claudeInput, 'file_path');
      if (isMultiEdit(claudeInput)) {
        return {
          filePath,
          edits: claudeInput['edits'],
          originalFileContents: originalFile,
          structuredPatch,
          userModified: false,
        };
      }
      return {
        filePath,
        oldString: stringField(claudeInput, 'old_string'),
        newString: stringField(claudeInput, 'new_string'),
        originalFile,
        structuredPatch,
        userModified: false,
        replaceAll: claudeInput['replace_all'] === true,
      };
    }
    case 'find_grep':
      return { mode: 'content', content: result.output, numLines: countLines(result.output) };
  }
}
