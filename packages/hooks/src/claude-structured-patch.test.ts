import { describe, expect, it } from 'vitest';
import { claudeStructuredPatch } from './claude-structured-patch.ts';

const numbered = (count: number): string => Array.from({ length: count }, (_, index) => `${index + 1}\n`).join('');

describe('claudeStructuredPatch (K4)', () => {
  it('K4: a changed line with three lines of context each side, cut at the file start', () => {
    const before = numbered(10);
    const after = before.replace('2\n', 'two\n');
    expect(claudeStructuredPatch(before, after, [{ oldStart: 2, oldLines: 1, newStart: 2, newLines: 1 }])).toEqual([
      { oldStart: 1, oldLines: 5, newStart: 1, newLines: 5, lines: [' 1', '-2', '+two', ' 3', ' 4', ' 5'] },
    ]);
  });

  it('K4: changes whose contexts meet share a hunk; far ones get their own', () => {
    const before = numbered(30);
    const after = before.replace('10\n', 'ten\n').replace('16\n', 'sixteen\n').replace('28\n', '');
    const hunks = claudeStructuredPatch(before, after, [
      { oldStart: 10, oldLines: 1, newStart: 10, newLines: 1 },
      { oldStart: 16, oldLines: 1, newStart: 16, newLines: 1 },
      { oldStart: 28, oldLines: 1, newStart: 28, newLines: 0 },
    ]);
    expect(hunks.map(({ lines: _lines, ...range }) => range)).toEqual([
      { oldStart: 7, oldLines: 13, newStart: 7, newLines: 13 },
      { oldStart: 25, oldLines: 6, newStart: 25, newLines: 5 },
    ]);
    expect(hunks[1]?.lines).toEqual([' 25', ' 26', ' 27', '-28', ' 29', ' 30']);
  });

  it('K4: added lines, and a last line without a newline, as a unified diff shows them', () => {
    expect(claudeStructuredPatch('a\nb', 'a\nb\nc', [{ oldStart: 2, oldLines: 1, newStart: 2, newLines: 2 }])).toEqual([
      {
        oldStart: 1,
        oldLines: 2,
        newStart: 1,
        newLines: 3,
        lines: [' a', '-b', '\\ No newline at end of file', '+b', '+c', '\\ No newline at end of file'],
      },
    ]);
    expect(
      claudeStructuredPatch('a\nb\n', 'a\nx\ny\nb\n', [{ oldStart: 2, oldLines: 0, newStart: 2, newLines: 2 }]),
    ).toEqual([{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 4, lines: [' a', '+x', '+y', ' b'] }]);
  });
});
