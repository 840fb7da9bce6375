/** One exact-text replacement of `fs_edit`. */
export interface TextEdit {
  readonly oldString: string;
  readonly newString: string;
  /** Replace every occurrence; otherwise `oldString` must occur exactly once. */
  readonly replaceAll: boolean;
}

/**
 * A stretch of the text that the edits changed: `[oldStart, oldEnd)` in the original text became
 * `[newStart, newEnd)` in the result (character offsets). Outside these stretches the two texts
 * are the same, in order.
 */
export interface ChangedRegion {
  readonly oldStart: number;
  readonly oldEnd: number;
  readonly newStart: number;
  readonly newEnd: number;
}

/** Why an edit could not be applied. */
export type EditProblem =
  | { readonly kind: 'empty' }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'not found' }
  | { readonly kind: 'not unique'; readonly occurrences: number };

/** The edits applied, or the first one that could not be (nothing is applied then). */
export type EditOutcome =
  | {
      readonly ok: true;
      readonly text: string;
      /** Occurrences replaced, over every edit. */
      readonly replacements: number;
      /** What changed, in order, neither overlapping nor touching. */
      readonly regions: readonly ChangedRegion[];
    }
  | { readonly ok: false; readonly index: number; readonly problem: EditProblem };

/**
 * Apply `edits` to `text` in order, each to the result of the one before, all or nothing (SPEC T).
 * An edit fails when its `oldString` is empty, equals its `newString`, does not occur, or occurs
 * more than once without `replaceAll`. Occurrences are counted and replaced left to right without
 * overlapping (`aa` occurs once in `aaa`), as exact text: no pattern, no `$` substitution.
 *
 * The result also says which stretches of the original became which stretches of the result, so
 * that the changed line numbers can be reported without diffing the two texts afterwards.
 *
 * @example
 * applyTextEdits('let a = 1;\nlet b = a;\n', [{ oldString: 'a', newString: 'x', replaceAll: true }]);
 * // { ok: true, text: 'let x = 1;\nlet b = x;\n', replacements: 2, regions: [{…4..5→4..5}, {…19..20→19..20}] }
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): EditOutcome {
  let current = text;
  let regions: Region[] = [];
  let replacements = 0;
  for (const [index, edit] of edits.entries()) {
    if (edit.oldString === '') return { ok: false, index, problem: { kind: 'empty' } };
    if (edit.oldString === edit.newString) return { ok: false, index, problem: { kind: 'unchanged' } };
    const positions = occurrencesOf(current, edit.oldString, edit.replaceAll ? Number.POSITIVE_INFINITY : 2);
    if (positions.length === 0) return { ok: false, index, problem: { kind: 'not found' } };
    if (positions.length > 1 && !edit.replaceAll) {
      const occurrences = occurrencesOf(current, edit.oldString, Number.POSITIVE_INFINITY).length;
      return { ok: false, index, problem: { kind: 'not unique', occurrences } };
    }
    regions = mergeReplacements(regions, positions, edit.oldString.length, edit.newString.length);
    current = replaceAt(current, positions, edit.oldString.length, edit.newString);
    replacements += positions.length;
  }
  return {
    ok: true,
    text: current,
    replacements,
    regions: regions.map((region) => ({
      oldStart: region.origStart,
      oldEnd: region.origEnd,
      newStart: region.curStart,
      newEnd: region.curEnd,
    })),
  };
}

/** A changed stretch while edits are applied: where it came from, and where it is in the current text. */
interface Region {
  readonly origStart: number;
  readonly origEnd: number;
  readonly curStart: number;
  readonly curEnd: number;
}

/** Start offsets of `needle` in `haystack`, left to right without overlapping, at most `limit` of them. */
function occurrencesOf(haystack: string, needle: string, limit: number): number[] {
  const positions: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1 && positions.length < limit; ) {
    positions.push(at);
    at = haystack.indexOf(needle, at + needle.length);
  }
  return positions;
}

function replaceAt(text: string, positions: readonly number[], oldLength: number, replacement: string): string {
  const pieces: string[] = [];
  let from = 0;
  for (const position of positions) {
    pieces.push(text.slice(from, position), replacement);
    from = position + oldLength;
  }
  pieces.push(text.slice(from));
  return pieces.join('');
}

/**
 * The regions after replacing, in the current text, `oldLength` characters at each of `positions`
 * by `newLength` characters. One sweep over both sorted lists: replacements and earlier regions
 * that overlap or touch become one region, whose original extent is known because between
 * regions the current text is the original shifted by the growth of the regions before.
 */
function mergeReplacements(
  regions: readonly Region[],
  positions: readonly number[],
  oldLength: number,
  newLength: number,
): Region[] {
  type Span = { start: number; end: number; region: Region | null };
  const spans: Span[] = [];
  let r = 0;
  let p = 0;
  while (r < regions.length || p < positions.length) {
    const region = regions[r];
    const position = positions[p];
    if (region !== undefined && (position === undefined || region.curStart <= position)) {
      spans.push({ start: region.curStart, end: region.curEnd, region });
      r += 1;
    } else if (position !== undefined) {
      spans.push({ start: position, end: position + oldLength, region: null });
      p += 1;
    }
  }

  const merged: Region[] = [];
  // How much longer the current text is than the original before the span looked at (regions
  // only), and how much the replacements made so far in this sweep add.
  let growthBefore = 0;
  let shift = 0;
  let index = 0;
  while (index < spans.length) {
    const first = spans[index] as Span;
    const curStart = first.start;
    let curEnd = first.end;
    let regionGrowth = 0;
    let replaced = 0;
    const origStart = first.region === null ? curStart - growthBefore : first.region.origStart;
    for (; index < spans.length && (spans[index] as Span).start <= curEnd; index += 1) {
      const span = spans[index] as Span;
      curEnd = Math.max(curEnd, span.end);
      if (span.region === null) replaced += 1;
      else regionGrowth += span.region.curEnd - span.region.curStart - (span.region.origEnd - span.region.origStart);
    }
    const origEnd = origStart + (curEnd - curStart) - regionGrowth;
    const added = replaced * (newLength - oldLength);
    merged.push({ origStart, origEnd, curStart: curStart + shift, curEnd: curEnd + shift + added });
    growthBefore += regionGrowth;
    shift += added;
  }
  return merged;
}
