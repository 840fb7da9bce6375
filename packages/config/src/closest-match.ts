/**
 * Edit distance with adjacent transpositions counted as one edit (optimal string alignment),
 * so `PerToolUse` is one edit from `PreToolUse`, as a person would count it.
 */
export function editDistance(from: string, to: string): number {
  const rows = from.length + 1;
  const columns = to.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  const at = (row: number, column: number): number => table[row]?.[column] ?? 0;
  for (let row = 1; row < rows; row += 1) {
    for (let column = 1; column < columns; column += 1) {
      const cost = from[row - 1] === to[column - 1] ? 0 : 1;
      let best = Math.min(at(row - 1, column) + 1, at(row, column - 1) + 1, at(row - 1, column - 1) + cost);
      if (row > 1 && column > 1 && from[row - 1] === to[column - 2] && from[row - 2] === to[column - 1]) {
        best = Math.min(best, at(row - 2, column - 2) + 1);
      }
      (table[row] as number[])[column] = best;
    }
  }
  return at(rows - 1, columns - 1);
}

/** Options of {@link suggestClosest}. */
export interface SuggestOptions {
  /**
   * Also suggest a candidate that `input` is a part of, or that is a part of `input` (`grep` →
   * `find_grep`, `bash` → `bash_run`): for names people shorten, such as tool names. Off for
   * setup.json's own keys, where a shared file's unrelated keys must not look like our typos.
   */
  readonly parts?: boolean;
}

/**
 * The "did you mean" of every Cosh message: the candidate closest to `input`, or undefined when
 * none is close enough to be a plausible typo. Case, `_` and `-` count as nothing (`pretooluse`,
 * `on_error`); otherwise a candidate must be within a third of its length (1 to 3 edits), or
 * `input` must abbreviate it (`cmd` → `command`, `match` → `matcher`), or, with `parts`, one of
 * the two must contain the other. So `Stop` suggests nothing rather than something unrelated.
 */
export function suggestClosest(
  input: string,
  candidates: readonly string[],
  options: SuggestOptions = {},
): string | undefined {
  const wanted = normalize(input);
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    const score = similarity(wanted, normalize(candidate), options.parts === true);
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

function normalize(word: string): string {
  return word.toLowerCase().replace(/[-_]/g, '');
}

/** Lower is closer; infinity means "not a plausible typo". */
function similarity(input: string, candidate: string, parts: boolean): number {
  const allowed = Math.min(3, Math.max(1, Math.floor(candidate.length / 3)));
  // The distance is at least the difference in length: a name far longer than any candidate
  // (a tool name a model made up, megabytes of it) never builds the quadratic table.
  const distance =
    Math.abs(input.length - candidate.length) > allowed ? Number.POSITIVE_INFINITY : editDistance(input, candidate);
  if (distance <= allowed) return distance;
  if (abbreviates(input, candidate) || abbreviates(candidate, input)) return allowed + 0.5;
  const contains = (long: string, short: string): boolean => short.length >= 2 && long.includes(short);
  if (parts && (contains(candidate, input) || contains(input, candidate))) return allowed + 0.5;
  return Number.POSITIVE_INFINITY;
}

/** `short` keeps the first letter of `long` and then some of its letters in order (`cmd`). */
function abbreviates(short: string, long: string): boolean {
  if (short.length < 3 || short.length >= long.length || short[0] !== long[0]) return false;
  let position = 0;
  for (const letter of long) {
    if (letter === short[position]) position += 1;
    if (position === short.length) return true;
  }
  return false;
}
