import type { ScreenMessage } from './open-editor.ts';
import type { SaveQueue } from './save-queue.ts';
import type { SettingsRow, SettingsState } from './settings-state.ts';

/**
 * What the settings screen's key actions read and do, at the moment of the key press: the
 * latest state (key presses can arrive several to a chunk, before React renders again), the row
 * under the cursor, the message line and the queue of writes to the file.
 */
export interface ScreenContext {
  readonly file: string;
  readonly saves: SaveQueue;
  state(): SettingsState;
  /** The row under the cursor, drawn with the toggles still being saved. */
  cursorRow(): SettingsRow | undefined;
  setMessage(message: ScreenMessage): void;
  /** Reads the file again and shows `outcome` (or why the file could not be read). */
  reloadAfter(outcome: ScreenMessage): Promise<void>;
}
