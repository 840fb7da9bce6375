import { escapeForTerminal } from '@cosh/cosh-cli';
import { formatSize } from '../tools/format-size.ts';
import type { PermissionRequest } from './permission-check.ts';

/** How much of a call the prompt shows before a person asks for all of it. */
interface PreviewLimits {
  /** Most lines of a command shown; a longer one is shown in part, with a warning. */
  readonly commandLines: number;
  /** Most lines of written content or of a JSON input shown. */
  readonly previewLines: number;
  /** Longest preview line shown (a command line is never cut: what is approved must be seen). */
  readonly lineCharacters: number;
}

const previewLimits: PreviewLimits = { commandLines: 200, previewLines: 20, lineCharacters: 200 };
const noLimits: PreviewLimits = {
  commandLines: Number.POSITIVE_INFINITY,
  previewLines: Number.POSITIVE_INFINITY,
  lineCharacters: Number.POSITIVE_INFINITY,
};

/** What the prompt learnt about a call from the disk before showing it. */
export interface CallFacts {
  /**
   * For `fs_write`: the size in bytes of the file it would replace, `null` when it would create
   * one; leave it out when unknown.
   */
  readonly existingBytes?: number | null;
}

/**
 * The call as a person should see it before allowing it, several lines, no trailing newline:
 *
 * ```
 * bash_run wants to run, in /home/me/project:
 *   $ rm -rf build && make
 *   (timeout: 30 s)
 * ```
 *
 * `bash_run` shows the command itself, `fs_write` the path, whether it creates the file or
 * replaces one (with both sizes, from `facts`) and the start of the content, `fs_read` and
 * `find_grep` what they read, any other tool its input as indented JSON. When PreToolUse hooks
 * rewrote the input, the first line ends with `(rewritten by hook '<name>')`.
 *
 * When a hook asked for confirmation (K7), its reasons follow, one per line:
 *
 * ```
 * A hook asked for confirmation:
 *   - this touches the production database
 * ```
 *
 * Everything shown goes through `escapeForTerminal`: control characters (ESC, CR, …), and the
 * Unicode marks that reorder or hide text (bidi overrides, zero-width characters), are written
 * as visible escapes (`\u001b`, `\r`, `\u202e`), so a crafted input cannot repaint the terminal
 * to look harmless.
 */
export function renderCall(request: PermissionRequest, facts: CallFacts = {}): string {
  return render(request, facts, previewLimits);
}

/**
 * The whole call, nothing cut (every line of an `fs_write`'s content, the whole command, the
 * whole input), escaped as in {@link renderCall}; `undefined` when {@link renderCall} already
 * shows all of it.
 */
export function renderWholeCall(request: PermissionRequest, facts: CallFacts = {}): string | undefined {
  const whole = render(request, facts, noLimits);
  return whole === render(request, facts, previewLimits) ? undefined : whole;
}

function rewrittenNote(request: PermissionRequest): string {
  const names = request.rewrittenBy ?? [];
  if (names.length === 0) return '';
  const quoted = names.map((name) => `'${escapeForTerminal(name)}'`);
  return ` (rewritten by hook${names.length === 1 ? '' : 's'} ${quoted.join(', ')})`;
}

function render(request: PermissionRequest, facts: CallFacts, limits: PreviewLimits): string {
  const call = renderInput(request, facts, limits);
  // K7: the person is asked because hooks asked; they must see why.
  const reasons = request.askReasons ?? [];
  if (request.askReasons === undefined) return call;
  if (reasons.length === 0) return `${call}\nA hook asked for confirmation.`;
  return [call, 'A hook asked for confirmation:', ...reasons.map((reason) => `  - ${escapeForTerminal(reason)}`)].join(
    '\n',
  );
}

/** The call itself, without the hooks' reasons. */
function renderInput(request: PermissionRequest, facts: CallFacts, limits: PreviewLimits): string {
  const where = `${request.cwd === undefined ? '' : `, in ${escapeForTerminal(request.cwd)}`}${rewrittenNote(request)}`;
  const input = request.toolInput;
  const tool = escapeForTerminal(request.toolName);
  if (request.toolName === 'bash_run' && isRecord(input) && typeof input['command'] === 'string') {
    const lines = input['command'].split('\n');
    const shown = lines
      .slice(0, limits.commandLines)
      .map((line, index) => `  ${index === 0 ? '$' : '>'} ${escapeForTerminal(line)}`);
    if (lines.length > limits.commandLines) {
      shown.push(
        `  [${lines.length - limits.commandLines} more lines of this command are not shown: refuse unless you trust all of it]`,
      );
    }
    const timeout = typeof input['timeout'] === 'number' ? [`  (timeout: ${input['timeout']} s)`] : [];
    return [
      `${tool} wants to run${where}:`,
      ...shown,
      ...timeout,
      ...otherFields(input, ['command', 'timeout'], limits),
    ].join('\n');
  }
  if (
    request.toolName === 'fs_write' &&
    isRecord(input) &&
    typeof input['path'] === 'string' &&
    typeof input['content'] === 'string'
  ) {
    const content = input['content'];
    const bytes = Buffer.byteLength(content);
    const path = escapeForTerminal(input['path']);
    const header =
      facts.existingBytes === undefined
        ? `${tool} wants to write ${bytes} ${bytes === 1 ? 'byte' : 'bytes'} to ${path}`
        : facts.existingBytes === null
          ? `${tool} wants to create ${path} (${formatSize(bytes)})`
          : `${tool} wants to replace ${path} (${formatSize(facts.existingBytes)} now, ${formatSize(bytes)} after)`;
    if (content === '') return `${header}${where} (an empty file)`;
    return [
      `${header}${where}:`,
      ...preview(
        content.split('\n').map((line) => `  | ${line}`),
        limits,
      ),
      ...otherFields(input, ['path', 'content'], limits),
    ].join('\n');
  }
  if (request.toolName === 'fs_read' && isRecord(input) && typeof input['path'] === 'string') {
    return [
      `${tool} wants to read ${escapeForTerminal(input['path'])}${where}`,
      ...otherFields(input, ['path'], limits),
    ].join('\n');
  }
  if (request.toolName === 'find_grep' && isRecord(input) && typeof input['pattern'] === 'string') {
    const inPath = typeof input['path'] === 'string' ? input['path'] : '.';
    return [
      `${tool} wants to search for /${escapeForTerminal(input['pattern'])}/ in ${escapeForTerminal(inPath)}${where}`,
      ...otherFields(input, ['pattern', 'path'], limits),
    ].join('\n');
  }
  const json = JSON.stringify(input, null, 2) ?? String(input);
  return [
    `${tool} wants to run${where} with this input:`,
    ...preview(
      json.split('\n').map((line) => `  ${line}`),
      limits,
    ),
  ].join('\n');
}

/** Fields a tool's rendering does not show (an input that is not what the tool expects). */
function otherFields(input: Record<string, unknown>, shown: readonly string[], limits: PreviewLimits): string[] {
  const rest = Object.fromEntries(Object.entries(input).filter(([key]) => !shown.includes(key)));
  if (Object.keys(rest).length === 0) return [];
  return [
    '  other input fields:',
    ...preview(
      (JSON.stringify(rest, null, 2) ?? '').split('\n').map((line) => `    ${line}`),
      limits,
    ),
  ];
}

function preview(lines: readonly string[], limits: PreviewLimits): string[] {
  const shown = lines.slice(0, limits.previewLines).map((line) => {
    const visible = escapeForTerminal(line);
    return visible.length > limits.lineCharacters ? `${visible.slice(0, limits.lineCharacters)}…` : visible;
  });
  if (lines.length > limits.previewLines) shown.push(`  … (${lines.length - limits.previewLines} more lines)`);
  return shown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
