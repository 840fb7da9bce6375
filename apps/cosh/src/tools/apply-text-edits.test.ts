import { describe, expect, it } from 'vitest';
import { applyTextEdits, type ChangedRegion, type TextEdit } from './apply-text-edits.ts';

const edit = (oldString: string, newString: string, replaceAll = false): TextEdit => ({
  oldString,
  newString,
  replaceAll,
});

/** Every region's original stretch, put back in place of its new one, gives the original text. */
function undo(after: string, regions: readonly ChangedRegion[], before: string): string {
  let text = after;
  for (const region of [...regions].reverse()) {
    text = text.slice(0, region.newStart) + before.slice(region.oldStart, region.oldEnd) + text.slice(region.newEnd);
  }
  return text;
}

describe('applyTextEdits', () => {
  it('T: replaces the one occurrence and says where', () => {
    expect(applyTextEdits('let a = 1;\n', [edit('a = 1', 'b = 22')])).toEqual({
      ok: true,
      text: 'let b = 22;\n',
      replacements: 1,
      regions: [{ oldStart: 4, oldEnd: 9, newStart: 4, newEnd: 10 }],
    });
  });

  it('T: without replace_all, an old_string that occurs several times fails with the count', () => {
    expect(applyTextEdits('x x x', [edit('x', 'y')])).toEqual({
      ok: false,
      index: 0,
      problem: { kind: 'not unique', occurrences: 3 },
    });
  });

  it('T: replace_all replaces every occurrence, left to right without overlapping', () => {
    const outcome = applyTextEdits('aaa-aaa', [edit('aa', 'b', true)]);
    expect(outcome).toMatchObject({ ok: true, text: 'ba-ba', replacements: 2 });
  });

  it('T: a missing old_string, an empty one and one equal to new_string fail', () => {
    expect(applyTextEdits('abc', [edit('zz', 'y')])).toEqual({ ok: false, index: 0, problem: { kind: 'not found' } });
    expect(applyTextEdits('abc', [edit('', 'y')])).toEqual({ ok: false, index: 0, problem: { kind: 'empty' } });
    expect(applyTextEdits('abc', [edit('b', 'b')])).toEqual({ ok: false, index: 0, problem: { kind: 'unchanged' } });
  });

  it('T: the text is exact: $ patterns, regex characters and case are plain text', () => {
    expect(applyTextEdits('price: a.b (x)', [edit('a.b (x)', "$& $1 $$ $'")])).toMatchObject({
      ok: true,
      text: "price: $& $1 $$ $'",
    });
    expect(applyTextEdits('Hello', [edit('hello', 'x')])).toMatchObject({ ok: false, problem: { kind: 'not found' } });
    expect(applyTextEdits('a\r\nb', [edit('a\nb', 'x')])).toMatchObject({ ok: false, problem: { kind: 'not found' } });
  });

  it('T: edits apply in order, each to the result of the one before', () => {
    const outcome = applyTextEdits('one two', [edit('one', 'three'), edit('three two', 'done')]);
    expect(outcome).toMatchObject({ ok: true, text: 'done', replacements: 2 });
  });

  it('T: a failing later edit fails the whole call and names its index', () => {
    expect(applyTextEdits('one two', [edit('one', '1'), edit('one', '2')])).toEqual({
      ok: false,
      index: 1,
      problem: { kind: 'not found' },
    });
  });

  it('T: regions of several edits stay exact: far apart, overlapping, touching, growing and shrinking', () => {
    const before = 'alpha beta gamma delta epsilon zeta eta theta\n';
    const cases: TextEdit[][] = [
      [edit('beta', 'BETA'), edit('eta theta', 'x')],
      [edit('beta', 'b'), edit('b gamma', 'G'), edit('alpha G', 'start')],
      [edit('a', '[a]', true), edit('[a]l', 'L')],
      [edit('gamma', ''), edit('beta  delta', 'bd')],
      [edit('e', 'EE', true), edit('EE', 'e', true)],
    ];
    for (const edits of cases) {
      const outcome = applyTextEdits(before, edits);
      if (!outcome.ok) throw new Error(`failed: ${JSON.stringify(outcome)}`);
      expect(undo(outcome.text, outcome.regions, before)).toBe(before);
      for (const [index, region] of outcome.regions.entries()) {
        const next = outcome.regions[index + 1];
        if (next !== undefined) {
          expect(next.oldStart).toBeGreaterThan(region.oldEnd);
          expect(next.newStart).toBeGreaterThan(region.newEnd);
        }
      }
    }
  });

  it('T: an edit that overlaps an earlier one merges their regions', () => {
    const outcome = applyTextEdits('abcdef', [edit('b', 'B'), edit('Bc', 'X'), edit('e', 'E')]);
    expect(outcome).toEqual({
      ok: true,
      text: 'aXdEf',
      replacements: 3,
      regions: [
        { oldStart: 1, oldEnd: 3, newStart: 1, newEnd: 2 },
        { oldStart: 4, oldEnd: 5, newStart: 3, newEnd: 4 },
      ],
    });
  });
});
