import { editDistance } from './closest-match.ts';

/** One character of a pattern: a literal, or any character (`.`). */
type Token = string | typeof ANY;
const ANY = Symbol('any character');

/**
 * A regular expression (source text, anchored) that matches exactly the strings `validateConfig`
 * treats as a near miss of `word` (SPEC C5): the same word in other letter case, or any string
 * within edit distance 2 of it (insertions, deletions, substitutions and swaps of neighbours,
 * as {@link editDistance} counts them), the word itself included. A JSON Schema cannot measure
 * edit distance, so the JSON Schema of setup.json lists every way of making at most two edits,
 * with `.` for an inserted or substituted character.
 */
export function nearMissPattern(word: string): string {
  const anyCase = [...word]
    .map((character) =>
      character.toLowerCase() === character.toUpperCase()
        ? escapeRegExp(character)
        : `[${character.toLowerCase()}${character.toUpperCase()}]`,
    )
    .join('');
  const edited = editSkeletons(word).map((tokens) =>
    tokens.map((token) => (token === ANY ? '.' : escapeRegExp(token))).join(''),
  );
  return `^(?:${[anyCase, ...edited].join('|')})$`;
}

/**
 * Every token sequence reachable from `word` by at most two edits, keeping only those whose
 * every instance is within edit distance 2: a swap followed by an insertion between the two
 * swapped letters costs three edits as {@link editDistance} counts them. Checking an instance
 * where each `.` is a character `word` does not hold is enough: a real character in its place
 * can only make the string closer.
 */
function editSkeletons(word: string): Token[][] {
  const start: Token[] = [...word];
  const seen = new Map<string, Token[]>([[keyOf(start), start]]);
  let frontier: Token[][] = [start];
  for (let round = 0; round < 2; round += 1) {
    const next: Token[][] = [];
    for (const tokens of frontier) {
      for (const candidate of singleEdits(tokens)) {
        const key = keyOf(candidate);
        if (seen.has(key)) continue;
        seen.set(key, candidate);
        next.push(candidate);
      }
    }
    frontier = next;
  }
  const stranger = strangerTo(word);
  return [...seen.values()].filter(
    (tokens) => editDistance(tokens.map((token) => (token === ANY ? stranger : token)).join(''), word) <= 2,
  );
}

function singleEdits(tokens: readonly Token[]): Token[][] {
  const edits: Token[][] = [];
  for (let position = 0; position <= tokens.length; position += 1) {
    edits.push([...tokens.slice(0, position), ANY, ...tokens.slice(position)]);
    if (position === tokens.length) continue;
    edits.push([...tokens.slice(0, position), ...tokens.slice(position + 1)]);
    edits.push([...tokens.slice(0, position), ANY, ...tokens.slice(position + 1)]);
    const following = tokens[position + 1];
    if (following !== undefined) {
      edits.push([...tokens.slice(0, position), following, tokens[position] as Token, ...tokens.slice(position + 2)]);
    }
  }
  return edits;
}

function keyOf(tokens: readonly Token[]): string {
  return tokens.map((token) => (token === ANY ? '\u0000' : `${token}`)).join('\u0001');
}

/** A character that does not occur in `word`. */
function strangerTo(word: string): string {
  for (let code = 0x2400; ; code += 1) {
    const character = String.fromCharCode(code);
    if (!word.includes(character)) return character;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
