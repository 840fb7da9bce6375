import type { ScriptChange } from '@cosh/config';
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

/**
 * What the review shows of one script (SPEC S4): a new script in full (all `+` lines), a changed
 * one as a line diff against its trusted text (S3), a removed one as all `-`. Where the trusted
 * text was not kept (a record from before texts were kept, a script over 256 KiB), the script is
 * shown in full; where its text now cannot be shown, nothing ({@link scriptNote} says why).
 */
export function scriptDiffLines(script: ScriptChange): string[] {
  const now = script.text ?? null;
  if (script.change === 'missing')
    return script.trustedText == null ? [] : trustDiffLines(script.path, script.trustedText, null);
  if (now === null) return [];
  return trustDiffLines(script.path, script.trustedText ?? null, now);
}

/** Why a script of the review is not shown as a plain diff, or `null` when it is. */
export function scriptNote(script: ScriptChange): string | null {
  if (script.change === 'missing') return null;
  if (script.text == null) return 'not shown: larger than 256 KiB or not UTF-8 text; read it before you answer';
  if (script.change === 'changed' && script.trustedText == null) {
    return 'its trusted text was not kept, so it is shown in full';
  }
  return null;
}
