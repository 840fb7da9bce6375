import type { Key } from 'ink';

/** What one key press asks of the settings screen. */
export type SettingsKey =
  | 'interrupt'
  | 'quit'
  | 'back'
  | 'up'
  | 'down'
  | 'pageUp'
  | 'pageDown'
  | 'top'
  | 'bottom'
  | 'toggle'
  | 'reload'
  | 'trust'
  | 'yes'
  | 'no'
  | 'details'
  | 'edit'
  | 'help';

/**
 * The key presses in one input event of ink's `useInput`, in order. Ink cuts what one read of
 * the terminal held at escape sequences (an arrow is one event), but hands over a run of plain
 * characters whole: `jj` typed quickly, or a held `j` repeating, is one event with `input` `jj`,
 * which matches no key. Each character of such a run is a key press of its own here. The
 * remnant of an escape sequence ink does not know (`[200~`, its ESC stripped) is no key at all.
 */
export function settingsKeys(input: string, key: Key): SettingsKey[] {
  const characters = [...input];
  if (characters.length <= 1) {
    const press = keyOf(input, key);
    return press === undefined ? [] : [press];
  }
  if (isEscapeSequenceRemnant(input)) return [];
  return characters.flatMap((character) => {
    const press = keyOf(character, undefined);
    return press === undefined ? [] : [press];
  });
}

/**
 * One key: `input` and ink's `key` for a key press on its own, or one character of a run
 * (`key` undefined: the character is the key, control characters included).
 */
function keyOf(input: string, key: Key | undefined): SettingsKey | undefined {
  if (input === '\u0003' || (key?.ctrl === true && input === 'c')) return 'interrupt';
  // Other Ctrl combinations (ink reports Ctrl-K as `k` with ctrl) are not the letter's key.
  if (key?.ctrl === true) return undefined;
  if (input === 'q') return 'quit';
  // Esc closes the detail view, where there is one open; else it quits, as q does.
  if (key?.escape === true) return 'back';
  if (key?.upArrow === true || input === 'k') return 'up';
  if (key?.downArrow === true || input === 'j') return 'down';
  if (key?.pageUp === true) return 'pageUp';
  if (key?.pageDown === true) return 'pageDown';
  if (key?.home === true || input === 'g') return 'top';
  if (key?.end === true || input === 'G') return 'bottom';
  if (input === ' ') return 'toggle';
  if (input === 'r') return 'reload';
  if (input === 't') return 'trust';
  if (input === 'y' || input === 'Y') return 'yes';
  if (input === 'n' || input === 'N') return 'no';
  // Enter: ink names it `return`; inside a run of characters it is the CR a terminal sends.
  if (key?.return === true || input === '\r') return 'details';
  if (input === 'e') return 'edit';
  if (input === '?') return 'help';
  return undefined;
}

/**
 * A CSI (`[` parameters, intermediates, one final byte) or SS3 (`O` and one byte) sequence
 * without its ESC, as ink passes on the sequences it does not name. A typed run that happens to
 * look like one (`[j`) is dropped with it, which costs nothing worse than a repeat.
 */
function isEscapeSequenceRemnant(input: string): boolean {
  return /^\[\[?[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]$/.test(input) || /^O[\x40-\x7e]$/.test(input);
}
