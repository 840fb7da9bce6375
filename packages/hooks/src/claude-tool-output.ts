import type { ToolResultParts } from './claude-tool-response.ts';
import { isRecord } from './is-record.ts';

/** A Claude `tool_response` read as a Cosh tool's result, for the bridge's PostToolUse (K8). */
export interface CoshToolResult extends ToolResultParts {}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const withFinalNewline = (value: string): string => (value === '' || value.endsWith('\n') ? value : `${value}\n`);

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** MCP content: its text items joined with `\n`, as `cosh mcp proxy` gives PostToolUse (X). */
function mcpText(content: readonly unknown[]): string {
  return content
    .filter((item) => isRecord(item) && item['type'] === 'text' && typeof item['text'] === 'string')
    .map((item) => (item as { text: string }).text)
    .join('\n');
}

/**
 * The `tool_output` Cosh hooks receive when Claude Code's tool ran (K8, PostToolUse), built from
 * its `tool_response` to read as the twin Cosh tool's own output would:
 *
 * - `bash_run` (Claude's `Bash {stdout, stderr, interrupted}`): stdout, then `[stderr]` and stderr,
 *   each ending with a newline, as `bash_run` prints them; Claude reports no exit code, so there is
 *   no `[exit code: N]` line (`[interrupted]` when Claude says it was);
 * - `fs_read` (`Read {file: {content}}`): the file's text;
 * - `fs_write` (`Write {type, filePath, content}`): `wrote N bytes to <path>`, with ` (new file)`
 *   for `type: "create"`;
 * - `fs_edit` (`Edit {filePath, oldString, originalFile, replaceAll}`): `edited <path>: replaced N
 *   occurrence(s)` (N counted in `originalFile` for `replaceAll`); `MultiEdit {filePath, edits}`:
 *   `edited <path>: N edits`. Claude sends no text after the edit, so there are no line numbers;
 * - `find_grep` (`Grep`): `content` in content mode, else the `filenames`, one per line;
 * - an MCP tool or a tool with no twin: the text items of a content array joined with `\n`;
 * - any other shape: a string as it is, anything else as compact JSON.
 *
 * The parts (`stdout`, `stderr`, `created`) come back too, so a Claude-protocol hook of the same
 * config gets the `tool_response` it would under Cosh. Pure and total: never throws.
 *
 * @example
 * coshToolOutput('bash_run', { stdout: 'ok\n', stderr: '', interrupted: false, isImage: false });
 * // { output: 'ok\n', stdout: 'ok\n', stderr: '' }
 */
export function coshToolOutput(toolName: string, toolResponse: unknown, mcpServer?: string | null): CoshToolResult {
  if (typeof toolResponse === 'string') return { output: toolResponse };
  if (Array.isArray(toolResponse)) return { output: mcpText(toolResponse) };
  const builtIn = mcpServer == null || mcpServer === '';
  if (builtIn && isRecord(toolResponse)) {
    switch (toolName) {
      case 'bash_run': {
        const stdout = text(toolResponse['stdout']);
        const stderr = text(toolResponse['stderr']);
        let output = withFinalNewline(stdout);
        if (stderr !== '') output += `[stderr]\n${withFinalNewline(stderr)}`;
        if (toolResponse['interrupted'] === true) output += '[interrupted]\n';
        return { output, stdout, stderr };
      }
      case 'fs_read': {
        const file = toolResponse['file'];
        if (isRecord(file) && typeof file['content'] === 'string') return { output: file['content'] };
        break;
      }
      case 'fs_write': {
        const content = text(toolResponse['content']);
        const created = toolResponse['type'] === 'create';
        const bytes = Buffer.byteLength(content);
        return {
          output: `wrote ${bytes} ${bytes === 1 ? 'byte' : 'bytes'} to ${text(toolResponse['filePath'])}${created ? ' (new file)' : ''}`,
          created,
        };
      }
      case 'fs_edit': {
        const filePath = text(toolResponse['filePath']);
        const edits = toolResponse['edits'];
        if (Array.isArray(edits)) return { output: `edited ${filePath}: ${plural(edits.length, 'edit')}` };
        const oldString = text(toolResponse['oldString']);
        const original = toolResponse['originalFile'];
        const replaced =
          toolResponse['replaceAll'] === true && typeof original === 'string' && oldString !== ''
            ? original.split(oldString).length - 1
            : 1;
        return { output: `edited ${filePath}: replaced ${plural(replaced, 'occurrence')}` };
      }
      case 'find_grep': {
        if (typeof toolResponse['content'] === 'string') return { output: toolResponse['content'] };
        const filenames = toolResponse['filenames'];
        if (Array.isArray(filenames))
          return { output: filenames.filter((name) => typeof name === 'string').join('\n') };
        break;
      }
    }
  }
  if (isRecord(toolResponse) && Array.isArray(toolResponse['content'])) {
    return { output: mcpText(toolResponse['content']) };
  }
  return { output: JSON.stringify(toolResponse) ?? '' };
}
