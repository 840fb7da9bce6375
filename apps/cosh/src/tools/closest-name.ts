/**
 * The known name a mistyped one most likely meant, or `undefined` when none is close: used
 * for "did you mean …?" hints on tool names and input fields.
 *
 * A candidate is close when one name contains the other (`bash` → `bash_run`, `grep` →
 * `find_grep`, `cmd` → `command`) or when few edits separate them (`fs_raed` → `fs_read`). Case is ignored.
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  const wanted = name.toLowerCase();
  if (wanted.length === 0) return undefined;
  let best: { candidate: string; score: number } | undefined;
  for (const candidate of candidates) {
    const known = candidate.toLowerCase();
    // Containment counts as close whatever the length difference (a one-letter name would be
    // "contained" in almost anything, so it needs two letters), and so does an abbreviation
    // that keeps the letters in order (`cmd` → `command`), from three letters on.
    const contained =
      (wanted.length >= 2 && (known.includes(wanted) || wanted.includes(known))) ||
      (wanted.length >= 3 && isSubsequence(wanted, known));
    const distance = editDistance(wanted, known);
    const allowed = Math.max(1, Math.floor(Math.max(wanted.length, known.length) / 3));
    if (!contained && distance > allowed) continue;
    const score = contained ? Math.min(distance, 1) : distance;
    if (best === undefined || score < best.score) best = { candidate, score };
  }
  return best?.candidate;
}

function isSubsequence(short: string, long: string): boolean {
  let position = 0;
  for (const character of long) {
    if (character === short[position]) position += 1;
    if (position === short.length) return true;
  }
  return false;
}

/** Levenshtein distance with adjacent transpositions (`raed` → `read` is one edit). */
function editDistance(left: string, right: string): number {
  const rows = left.length + 1;
  const columns = right.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  const at = (row: number, column: number): number => table[row]?.[column] ?? Number.POSITIVE_INFINITY;
  for (let row = 1; row < rows; row += 1) {
    for (let column = 1; column < columns; column += 1) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let value = Math.min(at(row - 1, column) + 1, at(row, column - 1) + 1, at(row - 1, column - 1) + cost);
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) {
        value = Math.min(value, at(row - 2, column - 2) + 1);
      }
      const tableRow = table[row];
      if (tableRow !== undefined) tableRow[column] = value;
    }
  }
  return at(rows - 1, columns - 1);
}
