import { describe, expect, it } from 'vitest';
import { applyTextEdits, type TextEdit } from './apply-text-edits.ts';
import { countTextLines, describeChangedLines, lineChanges } from './line-changes.ts';

function changesOf(before: string, edits: TextEdit[]) {
  const outcome = applyTextEdits(before, edits);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return lineChanges(before, outcome.text, outcome.regions);
}
const edit = (oldString: string, newString: string, replaceAll = false): TextEdit => ({
  oldString,
  newString,
  replaceAll,
});

describe('lineChanges', () => {
  it('T: a change inside one line is that line in both texts', () => {
    expect(changesOf('a\nlet x = 1\nc\n', [edit('x = 1', 'y = 2')])).toEqual([
      { oldStart: 2, oldLines: 1, newStart: 2, newLines: 1 },
    ]);
  });

  it('T: lines added before a line do not count that line as changed', () => {
    expect(changesOf('a\nb\nc\n', [edit('b\n', 'x\ny\nb\n')])).toEqual([
      { oldStart: 2, oldLines: 1, newStart: 2, newLines: 3 },
    ]);
    expect(changesOf('a\nb\nc\n', [edit('a\nb', 'a\nnew\nb')])).toEqual([
      { oldStart: 1, oldLines: 2, newStart: 1, newLines: 3 },
    ]);
  });

  it('T: whole lines removed are a change of 0 new lines', () => {
    expect(changesOf('a\nb\nc\n', [edit('b\n', '')])).toEqual([{ oldStart: 2, oldLines: 1, newStart: 2, newLines: 0 }]);
  });

  it('T: the last line without a final newline, and one losing its newline', () => {
    expect(changesOf('a\nb', [edit('b', 'c')])).toEqual([{ oldStart: 2, oldLines: 1, newStart: 2, newLines: 1 }]);
    expect(changesOf('a\nb\n', [edit('b\n', 'c')])).toEqual([{ oldStart: 2, oldLines: 1, newStart: 2, newLines: 1 }]);
  });

  it('T: replacements on one line are one change; far apart ones are several', () => {
    expect(changesOf('x x\nkeep\nx\n', [edit('x', 'y', true)])).toEqual([
      { oldStart: 1, oldLines: 1, newStart: 1, newLines: 1 },
      { oldStart: 3, oldLines: 1, newStart: 3, newLines: 1 },
    ]);
  });
});

describe('describeChangedLines', () => {
  it('T: lines are listed as numbers and ranges of the edited file', () => {
    const changes = changesOf('1\n2\n3\n4\n5\n6\n', [edit('2', 'two'), edit('5\n', 'five\nand more\n')]);
    expect(describeChangedLines(changes, 7)).toEqual({ count: 3, text: '2, 5-6' });
  });

  it('T: a removal at the end of the file names its last line', () => {
    const changes = changesOf('a\nb\n', [edit('\nb\n', '\n')]);
    expect(describeChangedLines(changes, countTextLines('a\n'))).toEqual({ count: 1, text: '1' });
  });
});
