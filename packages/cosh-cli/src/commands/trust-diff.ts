import { structuredPatch } from 'diff';
import { escapeForTerminal } from '../terminal-text.ts';

/**
 * The line diff of a file against its trusted copy (SPEC S4), as unified-diff lines without
 * colour: `--- <file> (trusted)`, `+++ <file> (now)`, then each hunk (`@@ -1,3 +1,4 @@`, and
 * lines starting with ` `, `-` or `+`, three lines of context). A file never trusted is all `+`;
 * a removed one all `-`. Each line is printable: what a file holds cannot drive the terminal.
 * Empty when the texts are equal.
 */
export function trustDiffLines(file: string, trusted: string | null, now: string | null): string[] {
  if (trusted === now) return [];
  const patch = structuredPatch(file, file, trusted ?? '', now ?? '', '', '', { context: 3 });
  const name = escapeForTerminal(file);
  const lines = [
    `--- ${name} (${trusted === null ? 'never trusted' : 'trusted'})`,
    `+++ ${name} (${now === null ? 'removed' : 'now'})`,
  ];
  for (const hunk of patch.hunks) {
    lines.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`);
    for (const line of hunk.lines) lines.push(escapeForTerminal(line));
  }
  return lines;
}
