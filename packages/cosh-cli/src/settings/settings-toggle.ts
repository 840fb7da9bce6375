import type { SaveOutcome } from './save-toggle.ts';
import type { ScreenContext } from './settings-screen-context.ts';
import { describeRow, layerHookNotice, type SettingsRow } from './settings-state.ts';

/** The switches drawn as done while their save is queued or running, by row key. */
export interface PendingToggles {
  update(change: (current: ReadonlyMap<string, boolean>) => ReadonlyMap<string, boolean>): void;
}

/**
 * Space: the switch under the cursor (an event's or a hook's) flips at once on screen and is
 * saved behind any save still running; the file then shows it.
 */
export function toggleUnderCursor(
  screen: ScreenContext,
  pending: PendingToggles,
  save: (file: string, row: SettingsRow, enabled: boolean) => Promise<SaveOutcome>,
): void {
  if (screen.state().status === 'broken') {
    screen.setMessage({ tone: 'error', text: 'Read-only: fix the errors in the file first, then press r.' });
    return;
  }
  const row = screen.cursorRow();
  if (row === undefined) return;
  if (row.kind === 'layer-hook') {
    screen.setMessage({ tone: 'error', text: layerHookNotice(row) });
    return;
  }
  const enabled = !row.enabled;
  pending.update((pendingNow) => new Map(pendingNow).set(row.key, enabled));
  screen.setMessage({ tone: 'muted', text: `Saving: ${describeRow(row)} ${enabled ? 'on' : 'off'}…` });
  screen.saves.add(async () => {
    const outcome = await save(screen.file, row, enabled);
    if (!outcome.ok) {
      // After a failed save the screen shows the file as it is: the values of saves still
      // queued are dropped too, and each shows again once it lands.
      pending.update(() => new Map());
      // The file no longer holds what the screen shows: rows moved under the cursor without
      // a word would invite the next wrong toggle, so the screen stays as it was until r.
      if (outcome.fileChanged) {
        screen.setMessage({ tone: 'error', text: outcome.message });
        return;
      }
      await screen.reloadAfter({ tone: 'error', text: outcome.message });
      return;
    }
    // Saved: the row keeps showing the new value until the reloaded file shows it too. Cleared
    // before the reload, the row showed the old state for a frame (issue 36).
    await screen.reloadAfter({ tone: 'ok', text: outcome.message });
    pending.update((pendingNow) => {
      if (pendingNow.get(row.key) !== enabled) return pendingNow;
      const next = new Map(pendingNow);
      next.delete(row.key);
      return next;
    });
  });
}
