// The interactive settings screen (ink + react). Only `run-settings.ts` imports this module,
// lazily and only on a terminal, so no other command pays for loading react.
import type { TrustCandidate } from '@cosh/config';
import { type Key, render, useApp, useInput } from 'ink';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { printableText } from '../terminal-text.ts';
import {
  columnWidths,
  allKeysLines,
  DETAIL_KEYS_HELP,
  detailLines,
  HELP_KEYS_HELP,
  KEYS_HELP,
  layerLines,
  MINIMUM_SCREEN_WIDTH,
  listLines,
  READ_ONLY_KEYS_HELP,
  REVIEW_KEYS_HELP,
  screenHeights,
  withPendingChanges,
} from './settings-layout.ts';
import { openEditor, type ScreenMessage } from './open-editor.ts';
import { SaveQueue } from './save-queue.ts';
import { handlePresses } from './settings-key-handler.ts';
import { settingsKeys } from './settings-keys.ts';
import type { SaveOutcome } from './save-toggle.ts';
import type { SettingsRow, SettingsState } from './settings-state.ts';
import { BrokenList, brokenScreenLines } from './settings-broken-view.tsx';
import { DetailView } from './settings-detail-view.tsx';
import { ReadyList } from './settings-list-view.tsx';
import { answerReview, type ReviewPlace, startReview } from './settings-review.ts';
import { type Review, ReviewView, reviewLines } from './settings-review-view.tsx';
import type { ScreenContext } from './settings-screen-context.ts';
import { toggleUnderCursor } from './settings-toggle.ts';
import { useTerminalSize } from './use-terminal-size.ts';
import { SettingsFrame } from './settings-frame.tsx';
import { useRefState } from './use-ref-state.ts';

/** How the screen was left: q or Esc, or Ctrl-C. */
export type ScreenExit = 'quit' | 'interrupted';

/** What {@link runSettingsScreen} needs. */
export interface SettingsScreenOptions {
  /** A terminal: raw mode is switched on while the screen is open, and off again after. */
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly file: string;
  readonly initialState: SettingsState;
  /** Whether to use colour and bold (the CLI's rules: a terminal, no `NO_COLOR`, not `TERM=dumb`). */
  readonly color: boolean;
  /** Reads the file again; after each save, the file is the truth. */
  readonly load: (file: string) => Promise<SettingsState>;
  /** Writes one switch; never throws. */
  readonly save: (file: string, row: SettingsRow, enabled: boolean) => Promise<SaveOutcome>;
  /** Records a file the person reviewed and accepted as trusted (SPEC S4); the screen is on a terminal. */
  readonly trust?: ((candidate: TrustCandidate) => Promise<void>) | undefined;
  /**
   * The editor `e` opens, as a shell command line (`$VISUAL`, else `$EDITOR`, else `vi`): it is
   * run as `<editor> +<line> <file>`, which vi, vim, nano, emacs, micro and kakoune all read.
   */
  readonly editor: string;
}

/** How one drawing of the screen ended: left, or handed to the editor at a line. */
type ScreenEnd =
  | { readonly kind: 'quit' | 'interrupted' }
  | { readonly kind: 'edit'; readonly line: number; readonly cursorKey: string };

/** Where a drawing of the screen starts: after the editor, on the row it was opened from. */
interface ScreenStart {
  readonly state: SettingsState;
  readonly cursorKey?: string;
  readonly message?: Message;
}

/**
 * Draws the settings screen until q, Esc or Ctrl-C, then restores the terminal (cursor shown,
 * raw mode off) and waits for any save still running, so the process never exits mid-write.
 */
export async function runSettingsScreen(options: SettingsScreenOptions): Promise<ScreenExit> {
  let start: ScreenStart = { state: options.initialState };
  for (;;) {
    const end = await drawScreen(options, start);
    if (end.kind !== 'edit') return end.kind;
    const message = await openEditor({ ...options, line: end.line });
    start = { state: await options.load(options.file), cursorKey: end.cursorKey, message };
  }
}

/** One drawing of the screen, until it is left or handed to the editor. */
async function drawScreen(options: SettingsScreenOptions, start: ScreenStart): Promise<ScreenEnd> {
  const { stdin } = options;
  const saves = new SaveQueue();
  // Ink turns raw mode on only after its first frame is drawn; a Ctrl-C typed as the screen
  // appears would reach the terminal's line discipline and become a SIGINT for the whole
  // process group (the user's shell script included). Raw from the start, it is a key press.
  stdin.setRawMode(true);
  const instance = render(<SettingsScreen {...options} start={start} saves={saves} />, {
    stdin,
    stdout: options.stdout,
    stderr: options.stderr,
    // Ctrl-C is ours to handle: it must exit 130, where ink's own handler would resolve as a quit.
    exitOnCtrlC: false,
    patchConsole: false,
  });
  // A SIGINT sent from elsewhere (`kill -INT`) ends the screen as Ctrl-C does, through the
  // same unmount that restores the terminal.
  let interrupted = false;
  const onInterrupt = (): void => {
    // As Ctrl-C: the queued saves land while the screen still draws, then it ends.
    if (interrupted) return;
    interrupted = true;
    void saves.idle().then(() => setTimeout(() => instance.unmount(), 0));
  };
  process.on('SIGINT', onInterrupt);
  let result: unknown;
  try {
    result = await instance.waitUntilExit();
  } finally {
    process.off('SIGINT', onInterrupt);
    // Ink has switched raw mode off on unmount; this covers a screen that failed before that.
    if (stdin.isRaw) stdin.setRawMode(false);
    await saves.idle();
  }
  if (interrupted || result === 'interrupted') return { kind: 'interrupted' };
  if (isEditRequest(result)) return result;
  return { kind: 'quit' };
}

function isEditRequest(value: unknown): value is Extract<ScreenEnd, { kind: 'edit' }> {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'edit';
}

/** How long a confirmation stays under the list. */
const MESSAGE_FADE_MS = 4000;
type Message = ScreenMessage;

interface Cursor {
  /** The row's key, so the cursor stays on its row when a reload moves rows around. */
  readonly key: string;
  readonly index: number;
}

function SettingsScreen(
  props: SettingsScreenOptions & { readonly start: ScreenStart; readonly saves: SaveQueue },
): ReactNode {
  const { file, color, load, save, saves, start } = props;
  const { exit } = useApp();
  const { columns, rows: terminalRows } = useTerminalSize();
  // Key presses can arrive several to a chunk, handled before React renders again: they read
  // and write these refs, and the state copies only drive rendering.
  const [state, stateRef, setState] = useRefState<SettingsState>(start.state);
  // Toggles drawn as done while their save is queued or running, by row key.
  const [pending, pendingRef, setPending] = useRefState<ReadonlyMap<string, boolean>>(() => new Map());
  const [cursor, cursorRef, setCursor] = useRefState<Cursor>({ key: start.cursorKey ?? 'event:PreToolUse', index: 0 });
  // The first problem shown on the read-only screen.
  const [problemTop, problemTopRef, updateProblemTop] = useRefState(0);
  const [message, setMessage] = useState<Message | undefined>(() => start.message ?? initialMessage(start.state));
  // The detail view (Enter) of the hook under the cursor.
  const [details, detailsRef, showDetails] = useRefState(false);
  // The list of every key (?), over whatever else is shown.
  const [help, helpRef, showHelp] = useRefState(false);
  const listTop = useRef(0);
  // Ctrl-C was pressed: the screen ends once the queued saves are in the file.
  const leavingRef = useRef(false);
  // The file under review (`t`, SPEC S4) and how far its diff is scrolled; null on the list.
  const [review, reviewRef, updateReview] = useRefState<Review | null>(null);

  const header = layerLines(state);
  const heights = screenHeights(terminalRows - header.length);
  const width = Math.max(MINIMUM_SCREEN_WIDTH, columns - 1);
  const rows = state.status === 'ready' ? withPendingChanges(state.rows, pending) : [];
  const cursorIndex = cursorIndexIn(rows, cursor);
  const brokenLines = state.status === 'broken' ? brokenScreenLines(state, width) : [];
  const cursorRow = rows[cursorIndex];
  const detailRow = details && cursorRow?.kind === 'hook' ? cursorRow : undefined;

  const currentRows = (): SettingsRow[] => {
    const current = stateRef.current;
    return current.status === 'ready' ? withPendingChanges(current.rows, pendingRef.current) : [];
  };
  const updatePending = (change: (current: ReadonlyMap<string, boolean>) => ReadonlyMap<string, boolean>): void =>
    setPending(change(pendingRef.current));

  const apply = (next: SettingsState): void => {
    setState(next);
    if (next.status === 'broken') updateProblemTop(0);
  };

  const reloadAfter = async (outcome: Message): Promise<void> => {
    try {
      const before = stateRef.current;
      const next = await load(file);
      apply(next);
      // A file deleted behind the screen reads as the defaults: say so, not "Reloaded".
      const gone = before.status === 'ready' && before.exists && next.status === 'ready' && !next.exists;
      setMessage(
        gone
          ? {
              tone: 'error',
              text: `The file is gone: ${printableText(file)}. Showing the defaults; the next change creates it again.`,
            }
          : outcome,
      );
    } catch (error) {
      setMessage({
        tone: 'error',
        text: `Could not read the file again: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };

  /** Moves the cursor (or, read-only, the problem list) by `delta` rows; `±Infinity` to an end. */
  const move = (delta: number): void => {
    if (stateRef.current.status === 'broken') {
      const lines = brokenScreenLines(stateRef.current, width);
      const maximum = Math.max(0, lines.length - heights.list - 1);
      updateProblemTop(clamp(problemTopRef.current + delta, 0, maximum));
      return;
    }
    const current = currentRows();
    const index = clamp(cursorIndexIn(current, cursorRef.current) + delta, 0, current.length - 1);
    const row = current[index];
    if (row === undefined) return;
    setCursor({ key: row.key, index });
  };

  // What the key actions read and do (settings-toggle.ts, settings-review.ts).
  const screen: ScreenContext = {
    file,
    saves,
    state: () => stateRef.current,
    cursorRow: () => {
      const current = currentRows();
      return current[cursorIndexIn(current, cursorRef.current)];
    },
    setMessage,
    reloadAfter,
  };
  const reviewPlace: ReviewPlace = {
    current: () => reviewRef.current,
    update: updateReview,
    height: heights.list,
    width,
  };

  /**
   * Ctrl-C: toggles still queued are saved while the screen still draws, so its last frame shows
   * the file as they left it (never a switch drawn as done that the file does not hold, nor one
   * saved after drawing stopped). A second Ctrl-C leaves at once.
   */
  const interrupt = (): void => {
    if (leavingRef.current) {
      exit('interrupted');
      return;
    }
    leavingRef.current = true;
    if (pendingRef.current.size > 0) {
      setMessage({ tone: 'muted', text: 'Saving your last changes before quitting… (ctrl-c again: quit at once)' });
    }
    // After the last save's reload is drawn: the timer lets React commit it first.
    void saves.idle().then(() => setTimeout(() => exit('interrupted'), 0));
  };

  /** Enter (the hook's details) or `e` (the editor at its line); true when the screen ends. */
  const detailsOrEdit = (press: 'details' | 'edit'): boolean => {
    const current = stateRef.current;
    const row = screen.cursorRow();
    if (current.status !== 'ready' || row?.kind !== 'hook') {
      setMessage({ tone: 'muted', text: 'Move to a hook (↓) to see its details or edit it.' });
      return false;
    }
    if (press === 'details') {
      showDetails(!detailsRef.current);
      return false;
    }
    if (!current.exists) {
      setMessage({ tone: 'error', text: 'No file yet: nothing to edit. Toggle a switch to create it.' });
      return false;
    }
    const end: ScreenEnd = { kind: 'edit', line: row.line ?? 1, cursorKey: row.key };
    exit(end);
    return true;
  };

  // One input can hold several key presses (`jj`): each is handled in turn, on the refs.
  useInput((input: string, key: Key) =>
    handlePresses(settingsKeys(input, key), {
      leaving: () => leavingRef.current,
      interrupt,
      reviewing: () => reviewRef.current !== null,
      answerReview: (press) => answerReview(screen, reviewPlace, press, props.trust),
      helpOpen: () => helpRef.current,
      showHelp,
      detailsOpen: () => detailsRef.current,
      showDetails,
      quit: () => exit('quit'),
      startReview: () => startReview(screen, reviewPlace),
      detailsOrEdit,
      move,
      page: () => Math.max(1, heights.list - 1),
      toggle: () => toggleUnderCursor(screen, { update: updatePending }, save),
      // Queued behind any save still running, so it shows the file as that save left it.
      reload: () => saves.add(() => reloadAfter({ tone: 'muted', text: 'Reloaded from the file.', fades: true })),
    }),
  );

  // A confirmation (Saved: …, Reloaded …) goes after a few seconds: a stale one reads as news.
  useEffect(() => {
    if (message === undefined || message.tone === 'error' || message.text.endsWith('…')) return undefined;
    if (message.tone === 'muted' && !message.fades) return undefined;
    const timer = setTimeout(
      () => setMessage((current) => (current === message ? undefined : current)),
      MESSAGE_FADE_MS,
    );
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <SettingsFrame
      file={file}
      width={width}
      color={color}
      header={header}
      message={message}
      messageHeight={heights.message}
      keysHelp={
        review !== null
          ? REVIEW_KEYS_HELP
          : help
            ? HELP_KEYS_HELP
            : detailRow !== undefined
              ? DETAIL_KEYS_HELP
              : state.status === 'ready'
                ? KEYS_HELP
                : READ_ONLY_KEYS_HELP
      }
    >
      {review !== null ? (
        <ReviewView lines={reviewLines(review.file, width)} top={review.top} height={heights.list} color={color} />
      ) : help ? (
        <DetailView lines={allKeysLines(width)} height={heights.list + 3} width={width} color={color} />
      ) : detailRow !== undefined ? (
        <DetailView
          lines={detailLines(detailRow, rows, file, width)}
          height={heights.list + 3}
          width={width}
          color={color}
        />
      ) : state.status === 'ready' ? (
        <ReadyList
          rows={rows}
          lines={listLines({ ...state, rows })}
          cursorIndex={cursorIndex}
          height={heights.list}
          width={width}
          widths={columnWidths(columns, rows)}
          color={color}
          listTop={listTop}
        />
      ) : (
        <BrokenList lines={brokenLines} top={problemTop} height={heights.list} color={color} />
      )}
    </SettingsFrame>
  );
}

function initialMessage(state: SettingsState): Message | undefined {
  if (state.status === 'ready' && !state.exists) {
    return { tone: 'muted', text: 'No config file yet: these are the defaults. The first change creates the file.' };
  }
  return undefined;
}

function clamp(value: number, minimum: number, maximum: number): number {
  return Math.min(Math.max(value, minimum), Math.max(minimum, maximum));
}

function cursorIndexIn(rows: readonly SettingsRow[], cursor: Cursor): number {
  const found = rows.findIndex((row) => row.key === cursor.key);
  if (found >= 0) return found;
  return Math.min(Math.max(0, cursor.index), Math.max(0, rows.length - 1));
}
