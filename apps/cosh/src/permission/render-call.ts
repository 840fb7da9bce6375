import { escapeForTerminal } from '@cosh/cosh-cli';
import type { PermissionRequest } from './permission-check.ts';

/** Most lines of a command shown; a longer one is shown in part, with a warning. */
const maxCommandLines = 200;
/** Most lines of written content or of a JSON input shown. */
const maxPreviewLines = 20;
/** Longest preview line shown (a command line is never cut: what is approved must be seen). */
const maxPreviewLineCharacters = 200;

/**
 * The call as a person should see it before allowing it, several lines, no trailing newline:
 *
 * ```
 * bash_run wants to run, in /home/me/project:
 *   $ rm -rf build && make
 *   (timeout: 30 s)
 * ```
 *
 * `bash_run` shows the command itself, `fs_write` the path, size and the start of the content,
 * `fs_read` and `find_grep` what they read, any other tool its input as indented JSON.
 *
 * Everything shown goes through `escapeForTerminal`: control characters (ESC, CR, …), and the
 * Unicode marks that reorder or hide text (bidi overrides, zero-width characters), are written
 * as visible escapes (`\u001b`, `\r`, `\u202e`), so a crafted input cannot repaint the terminal
 * to look harmless.
 */
export function renderCall(request: PermissionRequest): string {
  const where = request.cwd === undefined ? '' : `, in ${escapeForTerminal(request.cwd)}`;
  const input = request.toolInput;
  const tool = escapeForTerminal(request.toolName);
  if (request.toolName === 'bash_run' && isRecord(input) && typeof input['command'] === 'string') {
    const lines = input['command'].split('\n');
    const shown = lines
      .slice(0, maxCommandLines)
      .map((line, index) => `  ${index === 0 ? '$' : '>'} ${escapeForTerminal(line)}`);
    if (lines.length > maxCommandLines) {
      shown.push(
        `  [${lines.length - maxCommandLines} more lines of this command are not shown: refuse unless you trust all of it]`,
      );
    }
    const timeout = typeof input['timeout'] === 'number' ? [`  (timeout: ${input['timeout']} s)`] : [];
    return [`${tool} wants to run${where}:`, ...shown, ...timeout, ...otherFields(input, ['command', 'timeout'])].join(
      '\n',
    );
  }
  if (
    request.toolName === 'fs_write' &&
    isRecord(input) &&
    typeof input['path'] === 'string' &&
    typeof input['content'] === 'string'
  ) {
    const content = input['content'];
    const bytes = Buffer.byteLength(content);
    const header = `${tool} wants to write ${bytes} ${bytes === 1 ? 'byte' : 'bytes'} to ${escapeForTerminal(input['path'])}${where}`;
    if (content === '') return `${header} (an empty file)`;
    return [
      `${header}:`,
      ...preview(content.split('\n').map((line) => `  | ${line}`)),
      ...otherFields(input, ['path', 'content']),
    ].join('\n');
  }
  if (request.toolName === 'fs_read' && isRecord(input) && typeof input['path'] === 'string') {
    return [`${tool} wants to read ${escapeForTerminal(input['path'])}${where}`, ...otherFields(input, ['path'])].join(
      '\n',
    );
  }
  if (request.toolName === 'find_grep' && isRecord(input) && typeof input['pattern'] === 'string') {
    const inPath = typeof input['path'] === 'string' ? input['path'] : '.';
    return [
      `${tool} wants to search for /${escapeForTerminal(input['pattern'])}/ in ${escapeForTerminal(inPath)}${where}`,
      ...otherFields(input, ['pattern', 'path']),
    ].join('\n');
  }
  const json = JSON.stringify(input, null, 2) ?? String(input);
  return [
    `${tool} wants to run${where} with this input:`,
    ...preview(json.split('\n').map((line) => `  ${line}`)),
  ].join('\n');
}

/** Fields a tool's rendering does not show (an input that is not what the tool expects). */
function otherFields(input: Record<string, unknown>, shown: readonly string[]): string[] {
  const rest = Object.fromEntries(Object.entries(input).filter(([key]) => !shown.includes(key)));
  if (Object.keys(rest).length === 0) return [];
  return [
    '  other input fields:',
    ...preview((JSON.stringify(rest, null, 2) ?? '').split('\n').map((line) => `    ${line}`)),
  ];
}

function preview(lines: readonly string[]): string[] {
  const shown = lines.slice(0, maxPreviewLines).map((line) => {
    const visible = escapeForTerminal(line);
    return visible.length > maxPreviewLineCharacters ? `${visible.slice(0, maxPreviewLineCharacters)}…` : visible;
  });
  if (lines.length > maxPreviewLines) shown.push(`  … (${lines.length - maxPreviewLines} more lines)`);
  return shown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
