// `cosh connect`'s report of the fence (SPEC B9) and the way it writes an agent's JSON settings
// (X, fourth round: the file's own indentation, two spaces when new, one key per line).
import { editJsonText, type JsonTextEdit, locateJsonPath, readJsonText } from '@cosh/config';
import type { AgentConnection } from '../agents/agent-connection.ts';
import type { CliContext } from '../cli-context.ts';

/**
 * `text` with `edits` applied, ending with a line break. A new (or empty) file, and a file that
 * is JSON on one line, is laid out with two spaces, one key per line; any other keeps its own
 * indentation and comments (C8's way), and a top-level object written on one line that an edit
 * changes is written out whole, one key per line, instead of half inline.
 */
export function settingsText(text: string, edits: readonly JsonTextEdit[]): string {
  const oneLine = text.trim() === '' || !/[\r\n]/.test(text.trim());
  if (oneLine) {
    try {
      return `${JSON.stringify(JSON.parse(editJsonText(text, edits)), null, 2)}\n`;
    } catch {
      // Comments or trailing commas: edited as they are.
    }
  }
  const inline = new Set<string>();
  for (const edit of edits) {
    const key = edit.path[0];
    if (typeof key === 'string' && edit.path.length > 1 && writtenOnOneLine(text, key)) inline.add(key);
  }
  let next: string;
  if (inline.size === 0) {
    next = editJsonText(text, edits);
  } else {
    const merged = readJsonText(editJsonText(text, edits), 'settings');
    const value = merged.ok && isRecord(merged.value) ? merged.value : {};
    next = editJsonText(text, [
      ...edits.filter((edit) => !inline.has(String(edit.path[0]))),
      ...[...inline].map((key) => ({ path: [key], value: value[key] })),
    ]);
  }
  return next.endsWith('\n') ? next : `${next}\n`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when the object or list at the top-level `key` opens and closes on one line. */
function writtenOnOneLine(text: string, key: string): boolean {
  const start = locateJsonPath(text, [key]);
  if (start === undefined) return false;
  const lines = text.split('\n');
  const rest = (lines[start.line - 1] ?? '').slice(start.column - 1);
  if (rest[0] !== '{' && rest[0] !== '[') return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < rest.length; index += 1) {
    const character = rest[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '{' || character === '[') depth += 1;
    else if (character === '}' || character === ']') {
      depth -= 1;
      if (depth === 0) return true;
    }
  }
  return false;
}

/** What `connect` says of the fence after writing: kept weak settings, missing programs, the verdict on every layer. */
export function reportFence(context: CliContext, connection: AgentConnection, kept: readonly string[]): void {
  const out = context.out;
  out.line('');
  for (const line of kept) out.line(`Kept: ${line}.`);
  for (const line of connection.fenceNeeds(context)) out.line(line);
  const fence = connection.checkFence(context.env, context.cwd);
  if (fence.fenced) {
    out.line(`The agent's shell is fenced here (SPEC B9): it cannot change Cosh's files.`);
    return;
  }
  out.line(`The agent's shell is NOT fenced here (SPEC B9): it can change your guards.`);
  for (const reason of fence.reasons) out.line(`  - ${reason}`);
  out.line(connection.reportAdvice);
}
