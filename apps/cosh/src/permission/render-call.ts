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
 * Everything shown is made inert: control characters (ESC, CR, …), and the Unicode marks that
 * reorder or hide text (bidi overrides, zero-width characters), are written as visible escapes
 * (`\x1b`, `\r`, `\u202e`), so a crafted input cannot repaint the terminal to look harmless.
 */
export function renderCall(request: PermissionRequest): string {
  const where = request.cwd === undefined ? '' : `, in ${makeVisible(request.cwd)}`;
  const input = request.toolInput;
  const tool = makeVisible(request.toolName);
  if (request.toolName === 'bash_run' && isRecord(input) && typeof input['command'] === 'string') {
    const lines = input['command'].split('\n');
    const shown = lines.slice(0, maxCommandLines).map((line, index) => `  ${index === 0 ? '$' : '>'} ${makeVisible(line)}`);
    if (lines.length > maxCommandLines) {
      shown.push(`  [${lines.length - maxCommandLines} more lines of this command are not shown: refuse unless you trust all of it]`);
    }
    const timeout = typeof input['timeout'] === 'number' ? [`  (timeout: ${input['timeout']} s)`] : [];
    return [`${tool} wants to run${where}:`, ...shown, ...timeout, ...otherFields(input, ['command', 'timeout'])].join('\n');
  }
  if (request.toolName === 'fs_write' && isRecord(input) && typeof input['path'] === 'string' && typeof input['content'] === 'string') {
    const content = input['content'];
    const bytes = Buffer.byteLength(content);
    const header = `${tool} wants to write ${bytes} ${bytes === 1 ? 'byte' : 'bytes'} to ${makeVisible(input['path'])}${where}`;
    if (content === '') return `${header} (an empty file)`;
    return [`${header}:`, ...preview(content.split('\n').map((line) => `  | ${line}`)), ...otherFields(input, ['path', 'content'])].join('\n');
  }
  if (request.toolName === 'fs_read' && isRecord(input) && typeof input['path'] === 'string') {
    return [`${tool} wants to read ${makeVisible(input['path'])}${where}`, ...otherFields(input, ['path'])].join('\n');
  }
  if (request.toolName === 'find_grep' && isRecord(input) && typeof input['pattern'] === 'string') {
    const inPath = typeof input['path'] === 'string' ? input['path'] : '.';
    return [`${tool} wants to search for /${makeVisible(input['pattern'])}/ in ${makeVisible(inPath)}${where}`, ...otherFields(input, ['pattern', 'path'])].join('\n');
  }
  const json = JSON.stringify(input, null, 2) ?? String(input);
  return [`${tool} wants to run${where} with this input:`, ...preview(json.split('\n').map((line) => `  ${line}`))].join('\n');
}

/** Fields a tool's rendering does not show (an input that is not what the tool expects). */
function otherFields(input: Record<string, unknown>, shown: readonly string[]): string[] {
  const rest = Object.fromEntries(Object.entries(input).filter(([key]) => !shown.includes(key)));
  if (Object.keys(rest).length === 0) return [];
  return ['  other input fields:', ...preview((JSON.stringify(rest, null, 2) ?? '').split('\n').map((line) => `    ${line}`))];
}

function preview(lines: readonly string[]): string[] {
  const shown = lines.slice(0, maxPreviewLines).map((line) => {
    const visible = makeVisible(line);
    return visible.length > maxPreviewLineCharacters ? `${visible.slice(0, maxPreviewLineCharacters)}…` : visible;
  });
  if (lines.length > maxPreviewLines) shown.push(`  … (${lines.length - maxPreviewLines} more lines)`);
  return shown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// C0 controls except tab, DEL, C1 controls; bidi embeddings, overrides and isolates; zero-width
// and invisible formatting characters; line and paragraph separators; the BOM.
const invisible = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** One line of untrusted text made safe to print on a terminal: every invisible character escaped. */
export function makeVisible(text: string): string {
  return text.replace(invisible, (character) => {
    const code = character.charCodeAt(0);
    if (character === '\n') return '\\n';
    if (character === '\r') return '\\r';
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
