/**
 * Whole lines an edit changed, 1-based, in unified-diff terms: `oldLines` lines from `oldStart` of
 * the text before became `newLines` lines from `newStart` of the text after (`fs_edit` reports
 * them; a count of 0 means lines were only added or only removed there).
 */
export interface LineChange {
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
}

/** One hunk of Claude Code's `structuredPatch` (the `diff` package's shape). */
export interface PatchHunk {
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
  /** Each line prefixed with ` ` (context), `-` (removed) or `+` (added). */
  readonly lines: readonly string[];
}

/** Lines of context around each change, as Claude Code's patches have. */
const CONTEXT = 3;
const NO_NEWLINE = '\\ No newline at end of file';

/** The lines of `text` without their `\n`; a final newline ends the last line rather than starting one. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

/**
 * The `structuredPatch` of Claude Code's Edit and MultiEdit `tool_response` (K4), built from what
 * `fs_edit` knows: the text before and after and the lines that changed, with 3 lines of context;
 * changes whose contexts meet share a hunk. A last line without a newline is followed by `\ No
 * newline at end of file`, as in a unified diff.
 *
 * @example
 * claudeStructuredPatch('a\nb\nc\n', 'a\nB\nc\n', [{ oldStart: 2, oldLines: 1, newStart: 2, newLines: 1 }]);
 * // [{ oldStart: 1, oldLines: 3, newStart: 1, newLines: 3, lines: [' a', '-b', '+B', ' c'] }]
 */
export function claudeStructuredPatch(before: string, after: string, changes: readonly LineChange[]): PatchHunk[] {
  const oldLines = splitLines(before);
  const newLines = splitLines(after);
  const oldLacksNewline = before !== '' && !before.endsWith('\n');
  const newLacksNewline = after !== '' && !after.endsWith('\n');

  // Changes whose gap is at most two contexts share one hunk.
  const groups: LineChange[][] = [];
  for (const change of changes) {
    const group = groups.at(-1);
    const previous = group?.at(-1);
    if (group !== undefined && previous !== undefined) {
      const gap = change.oldStart - (previous.oldStart + previous.oldLines);
      if (gap <= 2 * CONTEXT) {
        group.push(change);
        continue;
      }
    }
    groups.push([change]);
  }

  return groups.map((group) => {
    const first = group[0] as LineChange;
    const last = group.at(-1) as LineChange;
    const lines: string[] = [];
    // 0-based indexes of the next old and new line to emit.
    let oldIndex = Math.max(0, first.oldStart - 1 - CONTEXT);
    let newIndex = first.newStart - 1 - (first.oldStart - 1 - oldIndex);
    const hunkOldStart = oldIndex;
    const hunkNewStart = newIndex;

    const emitOld = (prefix: '-' | ' ', withNew: boolean): void => {
      lines.push(`${prefix}${oldLines[oldIndex] ?? ''}`);
      const lastOld = oldIndex === oldLines.length - 1 && oldLacksNewline;
      const lastNew = withNew && newIndex === newLines.length - 1 && newLacksNewline;
      if (lastOld || lastNew) lines.push(NO_NEWLINE);
      oldIndex += 1;
      if (withNew) newIndex += 1;
    };
    const context = (untilOld: number): void => {
      while (oldIndex < untilOld && oldIndex < oldLines.length) emitOld(' ', true);
    };

    for (const change of group) {
      context(change.oldStart - 1);
      for (let count = 0; count < change.oldLines; count += 1) emitOld('-', false);
      for (let count = 0; count < change.newLines; count += 1) {
        lines.push(`+${newLines[newIndex] ?? ''}`);
        if (newIndex === newLines.length - 1 && newLacksNewline) lines.push(NO_NEWLINE);
        newIndex += 1;
      }
    }
    context(last.oldStart - 1 + last.oldLines + CONTEXT);

    const oldCount = oldIndex - hunkOldStart;
    const newCount = newIndex - hunkNewStart;
    return {
      oldStart: oldCount === 0 ? hunkOldStart : hunkOldStart + 1,
      oldLines: oldCount,
      newStart: newCount === 0 ? hunkNewStart : hunkNewStart + 1,
      newLines: newCount,
      lines,
    };
  });
}
