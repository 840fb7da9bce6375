import type { SettingsKey } from './settings-keys.ts';

/** What the key handler can ask of the settings screen (settings-screen.tsx gives these). */
export interface ScreenControls {
  /** Ctrl-C was pressed once: the screen ends once its saves are in. */
  readonly leaving: () => boolean;
  readonly interrupt: () => void;
  /** A file's review (`t`) is open: every key is its answer. */
  readonly reviewing: () => boolean;
  readonly answerReview: (press: SettingsKey) => void;
  readonly helpOpen: () => boolean;
  readonly showHelp: (open: boolean) => void;
  readonly detailsOpen: () => boolean;
  readonly showDetails: (open: boolean) => void;
  readonly quit: () => void;
  readonly startReview: () => void;
  /** Enter or `e` on the row under the cursor; true when the screen ended (handed to the editor). */
  readonly detailsOrEdit: (press: 'details' | 'edit') => boolean;
  /** Moves the cursor by `delta` rows; `±Infinity` to an end. */
  readonly move: (delta: number) => void;
  /** Rows one page moves. */
  readonly page: () => number;
  readonly toggle: () => void;
  readonly reload: () => void;
}

/**
 * Handles the key presses of one input event in order, on the screen's refs (several can come
 * in one chunk, before React renders again). Which keys count depends on what is open: a
 * review takes every key, the `?` list closes on any key (which then also does its own thing,
 * but for `?` and Esc), Esc closes the details before it quits. Stops at a key that ends the
 * screen.
 */
export function handlePresses(presses: readonly SettingsKey[], screen: ScreenControls): void {
  for (const press of presses) {
    // Leaving (Ctrl-C pressed once): only a second Ctrl-C still counts.
    if (screen.leaving() && press !== 'interrupt') continue;
    if (press === 'interrupt') {
      screen.interrupt();
      return;
    }
    if (screen.reviewing()) {
      screen.answerReview(press);
      continue;
    }
    if (screen.helpOpen() && press !== 'quit') {
      screen.showHelp(false);
      // ? and Esc only close the list; any other key also does what it does.
      if (press === 'help' || press === 'back') continue;
    } else if (press === 'help') {
      screen.showHelp(true);
      continue;
    }
    if (press === 'back' && screen.detailsOpen()) {
      screen.showDetails(false);
      continue;
    }
    if (press === 'quit' || press === 'back') {
      screen.quit();
      return;
    }
    if (press === 'details' || press === 'edit') {
      if (screen.detailsOrEdit(press)) return;
      continue;
    }
    if (press === 'trust') screen.startReview();
    else if (press === 'yes' || press === 'no') continue;
    else if (press === 'up') screen.move(-1);
    else if (press === 'down') screen.move(1);
    else if (press === 'pageUp') screen.move(-screen.page());
    else if (press === 'pageDown') screen.move(screen.page());
    else if (press === 'top') screen.move(Number.NEGATIVE_INFINITY);
    else if (press === 'bottom') screen.move(Number.POSITIVE_INFINITY);
    else if (press === 'toggle') screen.toggle();
    else screen.reload();
  }
}
