import type { HookEvent } from '@cosh/config';
import { escapeForTerminal, printableText, shortenText } from '../terminal-text.ts';
import type { HookRow, SettingsRow, SettingsState } from './settings-state.ts';

type ReadyState = Extract<SettingsState, { status: 'ready' }>;

/** A line of the scrolling list: a row that can be toggled, or a note under one. */
export type ListLine =
  | { readonly kind: 'row'; readonly rowIndex: number }
  | {
      readonly kind: 'note';
      /** The row the note belongs to: it scrolls into view with that row. */
      readonly rowIndex: number;
      readonly text: string;
      readonly tone: 'warning' | 'muted';
    };

/** The texts of one row, shared by the screen and the plain-text output. */
export interface RowCells {
  /** `[on ]` or `[off]`. */
  readonly switchText: string;
  /** The event's name or the hook's name. */
  readonly label: string;
  /** Events: how many hooks, and whether they run. Hooks: the matcher (`(any tool)` when blank). */
  readonly detail: string;
  /** Hooks only: `60s`. */
  readonly timeout: string;
  /** True when the row has no effect: a hook that is off, or whose event is off. */
  readonly inactive: boolean;
  /**
   * Said after the name of a hook that is on but does not run, its event being off
   * (` (event off)`), so it reads as not running without colour too; else `''`.
   */
  readonly nameNote: string;
}

/** The footer: the keys used most, and `?` for the others (it must fit 60 columns). */
export const KEYS_HELP = '↑↓/jk move · space toggle · ? all keys · q/esc quit';
/** The footer of the trust review (SPEC S4). */
export const REVIEW_KEYS_HELP = 'y trust this file · n/esc back · ↑↓/jk scroll';

/** Every key of the screen and what it does, for the `?` view. */
export const ALL_KEYS: readonly (readonly [keys: string, does: string])[] = [
  ['↑ ↓  j k', 'move one row'],
  ['PgUp PgDn', 'move one page'],
  ['Home End  g G', 'go to the first or last row'],
  ['space', 'switch the event or hook under the cursor on or off (saved at once)'],
  ['enter', "show the hook's whole command, timeout, onError and file:line (enter or esc: back)"],
  ['e', "open $EDITOR at the hook's line; the file is reloaded when you come back"],
  ['t', 'review what changed in a file not trusted yet, and trust it (y) or not (n)'],
  ['r', 'read the file again'],
  ['?', 'show or hide this list'],
  ['q  esc', 'quit (esc first closes the details or this list)'],
  ['ctrl-c', 'quit at once (exit 130)'],
];
/** The footer of a hook's detail view. */
export const DETAIL_KEYS_HELP = 'enter/esc back · e edit in $EDITOR · ? all keys · q quit';
/** The footer of the `?` view. */
export const HELP_KEYS_HELP = '? or esc back · q quit';
/** The footer of the read-only screen. */
export const READ_ONLY_KEYS_HELP = '↑↓/jk scroll · r reload · q/esc quit';

/** The texts of `row`; `rows` gives a hook its event's switch. */
export function rowCells(row: SettingsRow, rows: readonly SettingsRow[]): RowCells {
  const switchText = row.enabled ? '[on ]' : '[off]';
  if (row.kind === 'event') {
    const count = row.hookCount === 0 ? 'no hooks' : row.hookCount === 1 ? '1 hook' : `${row.hookCount} hooks`;
    const note = !row.enabled && row.hookCount > 0 ? ' · none of them run' : '';
    return {
      switchText,
      label: row.event,
      detail: `${count}${note}`,
      timeout: '',
      inactive: !row.enabled,
      nameNote: '',
    };
  }
  if (row.kind === 'layer-hook') {
    // Another layer's hook: shown where it runs, its own state (its switches are in its file).
    return {
      switchText,
      label: `[${row.layer}] ${row.name}`,
      detail: row.matcher === '' ? '(any tool)' : row.matcher,
      timeout: `${row.timeout}s`,
      inactive: !row.enabled,
      nameNote: '',
    };
  }
  const eventOn = eventEnabled(rows, row.event);
  return {
    switchText,
    label: row.name,
    detail: row.matcher === '' ? '(any tool)' : row.matcher,
    // D1: a rule takes no time, so it has no timeout.
    timeout: row.rule === undefined ? `${row.timeout}s` : 'rule',
    inactive: !row.enabled || !eventOn,
    nameNote: row.enabled && !eventOn ? ' (event off)' : '',
  };
}

function eventEnabled(rows: readonly SettingsRow[], event: HookEvent): boolean {
  return rows.find((row) => row.kind === 'event' && row.event === event)?.enabled ?? true;
}

/**
 * `rows` with switches not yet saved shown at their new value, keyed by {@link SettingsRow.key}:
 * the screen answers a key press at once and the file catches up.
 */
export function withPendingChanges(rows: readonly SettingsRow[], pending: ReadonlyMap<string, boolean>): SettingsRow[] {
  return rows.map((row) => {
    const enabled = pending.get(row.key);
    return enabled === undefined || enabled === row.enabled ? row : { ...row, enabled };
  });
}

/** Every line of the list: each row, then its warnings; warnings of no hook at the end. */
export function listLines(state: ReadyState): ListLine[] {
  const lines: ListLine[] = [];
  state.rows.forEach((row, rowIndex) => {
    lines.push({ kind: 'row', rowIndex });
    if (row.kind !== 'event') {
      for (const warning of row.warnings) lines.push({ kind: 'note', rowIndex, text: warning, tone: 'warning' });
    }
  });
  const last = state.rows.length - 1;
  if (state.otherWarnings.length > 0) {
    lines.push({ kind: 'note', rowIndex: last, text: 'Other warnings:', tone: 'muted' });
    for (const warning of state.otherWarnings)
      lines.push({ kind: 'note', rowIndex: last, text: `⚠ ${warning}`, tone: 'warning' });
  }
  return lines;
}

/** Which part of a list is on screen. */
export interface ListWindow {
  /** Index of the first visible line. */
  readonly top: number;
  /** Lines hidden above and below. */
  readonly above: number;
  readonly below: number;
}

/**
 * The window of `height` lines that shows the cursor's row with its notes, moving as little as
 * possible from `previousTop` (a list scrolls with the cursor, it does not jump). The last row
 * owns the trailing notes, so moving to it reveals them.
 */
export function scrollWindow(
  lines: readonly ListLine[],
  cursorRow: number,
  height: number,
  previousTop: number,
): ListWindow {
  const visible = Math.max(1, height);
  const maximumTop = Math.max(0, lines.length - visible);
  let top = Math.min(Math.max(0, previousTop), maximumTop);
  const first = lines.findIndex((line) => line.rowIndex === cursorRow);
  if (first >= 0) {
    let last = first;
    while (last + 1 < lines.length && lines[last + 1]?.rowIndex === cursorRow) last += 1;
    if (last >= top + visible) top = Math.min(first, last - visible + 1);
    if (first < top) top = first;
  }
  return { top, above: top, below: Math.max(0, lines.length - top - visible) };
}

/** How the screen splits the terminal's height. */
export interface ScreenHeights {
  /** Lines of the scrolling list. */
  readonly list: number;
  /** Lines of the message under the list. */
  readonly message: number;
}

/**
 * Title, column heads, a "more above" line, the list, a "more below" line, the message (two
 * lines) and the footer, one line short of the terminal: a frame as tall as the terminal makes
 * ink clear the whole screen, scroll-back included, on every change.
 */
export function screenHeights(terminalRows: number): ScreenHeights {
  const rows = terminalRows > 0 ? terminalRows : 24;
  // A short terminal gives the list the message's second line: hooks matter more than a wrap.
  const message = rows < SHORT_TERMINAL_ROWS ? 1 : 2;
  return { list: Math.max(1, rows - 6 - message), message };
}

/** Below this many rows (for the list, after the layer lines) the message keeps one line. */
const SHORT_TERMINAL_ROWS = 16;

/** Column widths of a terminal `columns` wide (the last column is left free: no auto-wrap). */
export interface ColumnWidths {
  readonly name: number;
  readonly matcher: number;
  readonly timeout: number;
}

/** Cursor mark, indent, switch, then name, matcher and timeout with two spaces between. */
export const ROW_PREFIX_WIDTH = 2 + 2 + 6;

/** Notes start under their hook's switch, leaving them most of the line. */
export const NOTE_INDENT = 2 + 2;

/**
 * The widths of the name, matcher and timeout columns of a hook row. With `rows`, the matcher
 * column takes the width its longest matcher needs when the names leave it free (long regular
 * expressions are read whole where there is room); without, or when both are long, it takes
 * about a third.
 */
export function columnWidths(columns: number, rows: readonly SettingsRow[] = []): ColumnWidths {
  // The screen's own width (settings-screen.tsx): a row never passes it, however narrow.
  const usable = Math.max(MINIMUM_SCREEN_WIDTH, (columns > 0 ? columns : 80) - 1);
  // Narrow, the timeout column goes first (Enter still shows it): name and matcher keep room.
  const timeout = usable >= NARROW_SCREEN_WIDTH ? 7 : 0;
  const gaps = timeout > 0 ? 4 : 2;
  const free = Math.max(2, usable - ROW_PREFIX_WIDTH - gaps - timeout);
  const minimumName = Math.min(8, Math.ceil(free / 2));
  const share = Math.min(24, Math.max(10, Math.floor(usable * 0.3)), free - minimumName);
  const hooks = rows.filter((row) => row.kind === 'hook');
  const longest = (texts: readonly string[]): number => Math.max(0, ...texts.map((text) => [...text].length));
  const nameNeeds = Math.max(8, longest(hooks.map((row) => `${row.name}${rowCells(row, rows).nameNote}`)));
  const matcherNeeds = Math.max(10, longest(hooks.map((row) => rowCells(row, rows).detail)));
  // The matcher gets what the names leave, at least its usual share; the names keep 8 at least
  // (half the room on a narrow screen), so the two columns never run into each other.
  const matcher = Math.max(share, Math.min(matcherNeeds, free - nameNeeds, free - minimumName));
  return { name: free - matcher, matcher, timeout };
}

/** The narrowest the screen draws itself (settings-screen.tsx); narrower terminals cut lines. */
export const MINIMUM_SCREEN_WIDTH = 20;

/** Below this width a hook row has no timeout column. */
const NARROW_SCREEN_WIDTH = 50;

/** The width a hook row takes with `widths`: the prefix, the columns and the gaps between them. */
export function hookRowWidth(widths: ColumnWidths): number {
  return ROW_PREFIX_WIDTH + widths.name + 2 + widths.matcher + (widths.timeout > 0 ? 2 + widths.timeout : 0);
}

/**
 * `text` cut into lines of at most `width` characters, at spaces where it can; at most
 * `maximumLines`, the last one ending in an ellipsis when text was left out.
 */
export function wrapText(text: string, width: number, maximumLines = Number.POSITIVE_INFINITY): string[] {
  const limit = Math.max(1, width);
  const lines: string[] = [];
  let rest = [...text];
  while (rest.length > 0) {
    if (lines.length === maximumLines - 1 && rest.length > limit) {
      lines.push(shortenText(rest.join(''), limit));
      return lines;
    }
    if (rest.length <= limit) {
      lines.push(rest.join(''));
      break;
    }
    let cut = rest.lastIndexOf(' ', limit);
    if (cut <= 0) cut = limit;
    lines.push(rest.slice(0, cut).join('').trimEnd());
    rest = rest.slice(cut);
    while (rest[0] === ' ') rest = rest.slice(1);
  }
  return lines;
}

/**
 * The lines about layers and trust under the title (SPEC C10, S7): each layer's file and its
 * trust state, then the notices (trust on first use, `COSH_TRUST=all`); none for a file alone.
 */
export function layerLines(state: SettingsState): string[] {
  if (state.status !== 'ready' || state.layers === null) return [];
  const lines = state.layers.files.map(
    (file) =>
      `${file.layer.padEnd(7)} ${printableText(file.file)}: ${file.trust}${file.file === state.file ? ' (edited here)' : ''}`,
  );
  for (const notice of state.layers.notices) lines.push(printableText(notice));
  if (state.layers.toReview.length > 0) {
    lines.push(
      `${state.layers.toReview.length === 1 ? 'A file needs' : 'Files need'} your review: press t (or run cosh hooks trust).`,
    );
  }
  return lines;
}

/** The problems of a config that does not load, one `line:col error: message` text each. */
export function problemTexts(state: Extract<SettingsState, { status: 'broken' }>): string[] {
  return state.error.problems.map((problem) =>
    printableText(`${problem.line}:${problem.column} ${problem.severity}: ${problem.message}`),
  );
}

/** The hint of the read-only screen and output. */
export function readOnlyHint(file: string): string {
  return `Fix the file, or run \`cosh hooks validate --config ${printableText(file)}\` to see every problem.`;
}

/**
 * The settings as plain text, for when there is no terminal to draw on: the same rows as the
 * screen, then how to change them without one.
 */
export function settingsText(state: SettingsState): string[] {
  const lines = [`Cosh settings: ${printableText(state.file)}`];
  if (state.status === 'broken') {
    lines.push('Read-only: the config has errors, so nothing can be changed.', readOnlyHint(state.file));
    return lines;
  }
  lines.push(...layerLines(state));
  if (!state.exists) lines.push('No config file yet: these are the defaults (the first change creates the file).');
  const hookRows = state.rows.filter((row) => row.kind === 'hook');
  const nameWidth = Math.min(
    52,
    Math.max(
      4,
      ...hookRows.map((row) => [...`${shortenText(row.name, 40)}${rowCells(row, state.rows).nameNote}`].length),
    ),
  );
  const matcherWidth = Math.min(30, Math.max(10, ...hookRows.map((row) => [...shortenText(row.matcher, 30)].length)));
  const pad = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - [...text].length));
  for (const row of state.rows) {
    const cells = rowCells(row, state.rows);
    if (row.kind === 'event') {
      lines.push('', `${cells.switchText} ${pad(cells.label, 11)}  ${cells.detail}`);
      continue;
    }
    const name = pad(`${shortenText(cells.label, 40)}${cells.nameNote}`, nameWidth);
    const matcher = pad(shortenText(cells.detail, 30), matcherWidth);
    lines.push(`  ${cells.switchText} ${name}  ${matcher}  ${cells.timeout}`);
    for (const warning of row.warnings) lines.push(`        ${warning}`);
  }
  if (state.otherWarnings.length > 0) {
    lines.push('', 'Other warnings:');
    for (const warning of state.otherWarnings) lines.push(`  ⚠ ${warning}`);
  }
  lines.push(
    '',
    'Not a terminal, so nothing can be toggled here: use `cosh hooks enable|disable <PreToolUse|PostToolUse>`,',
    'or set a hook\'s "enabled" in the file.',
  );
  return lines;
}

/** A line of a hook's detail view. */
export interface DetailLine {
  readonly text: string;
  readonly tone: 'title' | 'label' | 'plain' | 'warning';
}

/**
 * Everything about one hook, for the detail view (Enter): the whole command (each of its lines
 * wrapped to `width`, control characters escaped), matcher, timeout, onError, protocol, switch,
 * and `file:line` of its entry, then its warnings. `rows` gives it its event's switch.
 */
export function detailLines(row: HookRow, rows: readonly SettingsRow[], file: string, width: number): DetailLine[] {
  const siblings = rows.filter((other) => other.kind === 'hook' && other.event === row.event);
  const place = siblings.findIndex((other) => other.key === row.key) + 1;
  const eventOn = eventEnabled(rows, row.event);
  const switchText = !row.enabled ? 'off' : eventOn ? 'on' : `on, but ${row.event} is off: it does not run`;
  const onError =
    row.onError === 'deny'
      ? 'deny (a failure or invalid output blocks the call)'
      : 'ignore (a failure or invalid output lets the call run)';
  const field = (label: string, value: string): DetailLine[] =>
    wrapText(`${label.padEnd(10)}${value}`, width).map((text, index) => ({
      text: index === 0 ? text : `${' '.repeat(10)}${text}`,
      tone: 'plain',
    }));
  // D1: a rule hook shows its rule where another hook shows what it runs.
  const what = row.rule !== undefined ? 'rule' : row.identity.command === null ? 'url' : 'command';
  const command = (row.rule ?? row.identity.command ?? row.identity.url ?? '').split('\n');
  return [
    { text: shortenText(row.name, width), tone: 'title' },
    ...field('event', `${row.event}, hook ${place} of ${siblings.length}`),
    ...field('switch', switchText),
    ...field('matcher', row.matcher === '' ? '(any tool)' : row.matcher),
    ...(row.rule === undefined
      ? field('timeout', `${row.timeout}s`)
      : field('kind', 'rule (runs in Cosh, no process)')),
    ...field('onError', onError),
    ...field('protocol', row.protocol),
    // Only for a hook whose kind has a note (R12), or that is async (R13).
    ...(row.kindNote === undefined ? [] : field(row.kindNote.label, `yes (${row.kindNote.note})`)),
    ...(row.async === true ? field('async', 'yes (the call does not wait for it)') : []),
    ...field('file', `${printableText(file)}${row.line === null ? '' : `:${row.line}`}`),
    { text: what, tone: 'label' },
    ...command.flatMap((line) =>
      wrapText(escapeForTerminal(line), width - 2).map((text): DetailLine => ({ text: `  ${text}`, tone: 'plain' })),
    ),
    ...row.warnings.map((warning): DetailLine => ({ text: warning, tone: 'warning' })),
  ];
}

/** The `?` view: every key, its description wrapped under it when the line is narrow. */
export function allKeysLines(width: number): DetailLine[] {
  const keyWidth = 16;
  const lines: DetailLine[] = [{ text: 'Keys', tone: 'title' }];
  for (const [keys, does] of ALL_KEYS) {
    wrapText(does, Math.max(10, width - keyWidth)).forEach((text, index) => {
      lines.push({ text: `${(index === 0 ? keys : '').padEnd(keyWidth)}${text}`, tone: 'plain' });
    });
  }
  return lines;
}

/**
 * The event the list's top line belongs to, when its switch has scrolled out of view above
 * (`PreToolUse [on ]`): the screen keeps it in sight, so a hook is never read without its
 * event. `undefined` when the event's own row is visible, or the top line is no hook's.
 */
export function stickyEvent(lines: readonly ListLine[], rows: readonly SettingsRow[], top: number): string | undefined {
  const first = lines[top];
  const row = first === undefined ? undefined : rows[first.rowIndex];
  if (row === undefined || row.kind !== 'hook') return undefined;
  const event = rows.find((other) => other.kind === 'event' && other.event === row.event);
  return event === undefined ? undefined : `${event.event} ${rowCells(event, rows).switchText}`;
}
