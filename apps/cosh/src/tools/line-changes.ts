import type { ChangedRegion } from './apply-text-edits.ts';

/**
 * Whole lines that changed, 1-based, in unified-diff terms: `oldLines` lines from `oldStart` of
 * the original became `newLines` lines from `newStart` of the result. A count of 0 means lines
 * were only added (or only removed); its start is then the line where they went in (or came out).
 */
export interface LineChange {
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
}

/**
 * The changed character stretches of an edit as whole lines of both texts, in order; stretches
 * that share a line become one change. A line counts as changed when any of its characters did,
 * so `let a` → `let b` is line 1 in both texts. A stretch that ends where a line ends in both texts
 * leaves the next line alone (inserting `x\n` before line 3 adds a line 3 and changes none).
 *
 * @example
 * lineChanges('a\nb\nc\n', 'a\nB\nc\n', [{ oldStart: 2, oldEnd: 3, newStart: 2, newEnd: 3 }]);
 * // [{ oldStart: 2, oldLines: 1, newStart: 2, newLines: 1 }]
 */
export function lineChanges(before: string, after: string, regions: readonly ChangedRegion[]): LineChange[] {
  const oldLines = lineStarts(before);
  const newLines = lineStarts(after);
  const changes: { oldFirst: number; oldLast: number; newFirst: number; newLast: number }[] = [];
  for (const region of regions) {
    // The text after a stretch, up to its line's end, is the same in both texts: when both
    // stretches end at a line start, that line is untouched and not part of the change.
    const endsLine = atLineStart(before, region.oldEnd) && atLineStart(after, region.newEnd);
    const oldFirst = lineOf(oldLines, region.oldStart);
    const newFirst = lineOf(newLines, region.newStart);
    const oldLast = Math.min(lineOf(oldLines, region.oldEnd) - (endsLine ? 1 : 0), lineCount(before, oldLines));
    const newLast = Math.min(lineOf(newLines, region.newEnd) - (endsLine ? 1 : 0), lineCount(after, newLines));
    const previous = changes.at(-1);
    if (previous !== undefined && (oldFirst <= previous.oldLast || newFirst <= previous.newLast)) {
      previous.oldLast = Math.max(previous.oldLast, oldLast);
      previous.newLast = Math.max(previous.newLast, newLast);
    } else {
      changes.push({ oldFirst, oldLast, newFirst, newLast });
    }
  }
  return changes.map((change) => ({
    oldStart: change.oldFirst,
    oldLines: Math.max(0, change.oldLast - change.oldFirst + 1),
    newStart: change.newFirst,
    newLines: Math.max(0, change.newLast - change.newFirst + 1),
  }));
}

/**
 * The changed lines of the result as people read them: `4`, `10-12`, joined with `, `. A change
 * that only removed lines is named by the line where they were (clamped to the file).
 *
 * @example
 * describeChangedLines([{ oldStart: 4, oldLines: 1, newStart: 4, newLines: 1 }, { oldStart: 9, oldLines: 1, newStart: 10, newLines: 3 }], 20);
 * // { count: 4, text: '4, 10-12' }
 */
export function describeChangedLines(
  changes: readonly LineChange[],
  lineCountAfter: number,
): { readonly count: number; readonly text: string } {
  const ranges: { first: number; last: number }[] = [];
  for (const change of changes) {
    const first = Math.max(1, Math.min(change.newStart, lineCountAfter));
    const last = Math.max(first, change.newStart + change.newLines - 1);
    const previous = ranges.at(-1);
    // Changes on neighbouring lines read as one range (`1-4`, not `1-3, 4`).
    if (previous !== undefined && first <= previous.last + 1) previous.last = Math.max(previous.last, last);
    else ranges.push({ first, last });
  }
  const count = ranges.reduce((total, range) => total + range.last - range.first + 1, 0);
  const text = ranges.map((range) => (range.first === range.last ? `${range.first}` : `${range.first}-${range.last}`));
  return { count, text: text.join(', ') };
}

/** Lines in `text`, a final newline ending the last line rather than starting another; `''` has none. */
export function countTextLines(text: string): number {
  return lineCount(text, lineStarts(text));
}

/** Offsets where each line starts: 0, then one past every `\n`. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** The 1-based line that holds offset `position` (the offset right after a `\n` is on the next line). */
function lineOf(starts: readonly number[], position: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= position) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

function lineCount(text: string, starts: readonly number[]): number {
  if (text === '') return 0;
  return text.endsWith('\n') ? starts.length - 1 : starts.length;
}

function atLineStart(text: string, position: number): boolean {
  return position === 0 || text[position - 1] === '\n';
}
