import { parseConfig } from '@cosh/config';
import { describe, expect, it } from 'vitest';
import {
  columnWidths,
  hookRowWidth,
  detailLines,
  type ListLine,
  listLines,
  ROW_PREFIX_WIDTH,
  rowCells,
  screenHeights,
  scrollWindow,
  settingsText,
  stickyEvent,
  withPendingChanges,
  wrapText,
} from './settings-layout.ts';
import { type HookRow, type SettingsState, settingsStateOf } from './settings-state.ts';

function readyState(text: string, exists = true): Extract<SettingsState, { status: 'ready' }> {
  const parsed = parseConfig(text, '/home/ada/setup.json');
  if (!parsed.ok) throw parsed.error;
  const state = settingsStateOf('/home/ada/setup.json', parsed.config, parsed.warnings, exists);
  if (state.status !== 'ready') throw new Error('expected a ready state');
  return state;
}

const twoEvents = readyState(`{
  "hooksEnabled": {"PostToolUse": false, "Notification": true},
  "hooks": {
    "PreToolUse": [{"name": "Guard", "command": "g", "matcher": "^bash_run$", "timeout": 5}, {"command": "audit", "matcher": "*run", "enabled": false}],
    "PostToolUse": [{"name": "Log", "command": "l", "timeout": 0.5}]
  }
}`);

describe('rowCells', () => {
  it('C7: an event shows its switch and how many hooks it has, and says when they do not run', () => {
    expect(rowCells(twoEvents.rows[0]!, twoEvents.rows)).toMatchObject({
      switchText: '[on ]',
      label: 'PreToolUse',
      detail: '2 hooks',
    });
    expect(rowCells(twoEvents.rows[3]!, twoEvents.rows)).toMatchObject({
      switchText: '[off]',
      detail: '1 hook · none of them run',
      inactive: true,
    });
  });

  it('C5: a hook shows name, matcher (blank: any tool) and timeout; off, or under an event that is off, it is inactive', () => {
    expect(rowCells(twoEvents.rows[1]!, twoEvents.rows)).toEqual({
      switchText: '[on ]',
      label: 'Guard',
      detail: '^bash_run$',
      timeout: '5s',
      inactive: false,
      nameNote: '',
    });
    expect(rowCells(twoEvents.rows[2]!, twoEvents.rows)).toMatchObject({ switchText: '[off]', inactive: true });
    expect(rowCells(twoEvents.rows[4]!, twoEvents.rows)).toMatchObject({
      switchText: '[on ]',
      detail: '(any tool)',
      timeout: '0.5s',
      inactive: true,
      // Issue 13: it reads as not running without colour too.
      nameNote: ' (event off)',
    });
    // A hook that is off itself says nothing more: its own switch says it.
    expect(rowCells(twoEvents.rows[2]!, twoEvents.rows).nameNote).toBe('');
  });
});

describe('withPendingChanges', () => {
  it('shows a switch not yet saved at its new value, and leaves the rest alone', () => {
    const guard = twoEvents.rows[1]!;
    const rows = withPendingChanges(
      twoEvents.rows,
      new Map([
        ['event:PostToolUse', true],
        [guard.key, false],
      ]),
    );
    expect(rows.map((row) => row.enabled)).toEqual([true, false, false, true, true]);
    expect(rows[2]).toBe(twoEvents.rows[2]);
  });
});

describe('listLines', () => {
  it('puts each hook warning under its hook, and warnings of no hook after the last row', () => {
    const lines = listLines(twoEvents);
    expect(
      lines.map((line) => (line.kind === 'row' ? `row ${line.rowIndex}` : `note ${line.rowIndex}: ${line.text}`)),
    ).toEqual([
      'row 0',
      'row 1',
      'row 2',
      'note 2: ⚠ invalid matcher: "*run" (nothing to repeat), never runs; did you mean ".*run"?',
      'row 3',
      'row 4',
      'note 4: Other warnings:',
      expect.stringMatching(/^note 4: ⚠ 2:42 .*"Notification".*/),
    ]);
  });
});

describe('scrollWindow', () => {
  const rowsOnly = (count: number): ListLine[] =>
    Array.from({ length: count }, (_, rowIndex) => ({ kind: 'row', rowIndex }));

  it('does not scroll while the cursor stays in view', () => {
    expect(scrollWindow(rowsOnly(30), 5, 10, 0)).toEqual({ top: 0, above: 0, below: 20 });
    expect(scrollWindow(rowsOnly(30), 12, 10, 5)).toEqual({ top: 5, above: 5, below: 15 });
  });

  it('scrolls by as little as it takes to follow the cursor, down and up', () => {
    expect(scrollWindow(rowsOnly(30), 10, 10, 0).top).toBe(1);
    expect(scrollWindow(rowsOnly(30), 29, 10, 0)).toEqual({ top: 20, above: 20, below: 0 });
    expect(scrollWindow(rowsOnly(30), 3, 10, 20).top).toBe(3);
  });

  it('keeps a row and its notes in view together, and the last row reveals the trailing notes', () => {
    const lines: ListLine[] = [
      ...rowsOnly(8),
      { kind: 'note', rowIndex: 7, text: 'a', tone: 'warning' },
      { kind: 'note', rowIndex: 7, text: 'b', tone: 'warning' },
    ];
    expect(scrollWindow(lines, 7, 5, 0).top).toBe(5);
    // A block taller than the window shows its row first.
    expect(scrollWindow(lines, 7, 2, 0).top).toBe(7);
  });

  it('a list shorter than the window never scrolls, and a stale top is pulled back', () => {
    expect(scrollWindow(rowsOnly(3), 2, 10, 7)).toEqual({ top: 0, above: 0, below: 0 });
  });
});

describe('sizes', () => {
  it('leaves the terminal last line free (a full-height frame makes ink clear the scroll-back)', () => {
    const { list, message } = screenHeights(24);
    // title + column heads + more-above + list + more-below + message + footer
    expect(1 + 1 + 1 + list + 1 + message + 1).toBe(23);
    expect(screenHeights(5).list).toBe(1);
  });

  it('issue 28: however narrow the terminal, a hook row fits it and the name column never runs into the matcher', () => {
    const state = readyState(
      `{"hooks": {"PreToolUse": [{"name": "${'n'.repeat(40)}", "command": "g", "matcher": "^(bash_run|fs_write)$"}]}}`,
    );
    for (let columns = 21; columns <= 140; columns += 1) {
      for (const widths of [columnWidths(columns), columnWidths(columns, state.rows)]) {
        expect(hookRowWidth(widths), `${columns} columns`).toBeLessThanOrEqual(columns - 1);
        expect(widths.name, `${columns} columns`).toBeGreaterThanOrEqual(4);
        expect(widths.matcher, `${columns} columns`).toBeGreaterThanOrEqual(4);
      }
    }
    expect(columnWidths(40).timeout).toBe(0);
    expect(columnWidths(60).timeout).toBe(7);
  });

  it("issue 28: a short terminal gives the list the message's second line", () => {
    expect(screenHeights(12)).toEqual({ list: 5, message: 1 });
    expect(screenHeights(24)).toEqual({ list: 16, message: 2 });
  });

  it('fits a hook row in 79 columns of an 80-column terminal', () => {
    const widths = columnWidths(80);
    expect(ROW_PREFIX_WIDTH + widths.name + 2 + widths.matcher + 2 + widths.timeout).toBe(79);
    expect(widths.name).toBeGreaterThan(widths.matcher);
  });

  it('issue 13: the matcher column takes the width the names leave free, and only that', () => {
    const longMatcher = '^(bash_run|fs_write|find_grep|github__issue)$';
    const state = readyState(
      `{"hooks": {"PreToolUse": [{"name": "Guard", "command": "g", "matcher": ${JSON.stringify(longMatcher)}}]}}`,
    );
    const widths = columnWidths(80, state.rows);
    expect(widths.matcher).toBe(longMatcher.length);
    expect(ROW_PREFIX_WIDTH + widths.name + 2 + widths.matcher + 2 + widths.timeout).toBe(79);
    expect(widths.name).toBeGreaterThanOrEqual('Guard'.length);
    // Long names and a long matcher: the matcher keeps its usual share, no more.
    const crowded = readyState(
      `{"hooks": {"PreToolUse": [{"name": "${'n'.repeat(60)}", "command": "g", "matcher": ${JSON.stringify(longMatcher)}}]}}`,
    );
    expect(columnWidths(80, crowded.rows)).toEqual(columnWidths(80));
  });
});

describe('wrapText', () => {
  it('wraps at spaces, cuts words longer than a line, and ends a cut-off text with …', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('one two three four', 9, 2)).toEqual(['one two', 'three fo…']);
    expect(wrapText('', 10)).toEqual([]);
  });
});

describe('settingsText', () => {
  it('prints the same rows as the screen, then how to change them without a terminal', () => {
    const text = settingsText(twoEvents).join('\n');
    expect(text).toContain('Cosh settings: /home/ada/setup.json');
    expect(text).toMatch(/^\[on \] PreToolUse {3}2 hooks$/m);
    expect(text).toMatch(/^ {2}\[on \] Guard {12}\^bash_run\$ {2}5s$/m);
    expect(text).toMatch(/^ {2}\[off\] audit {12}\*run {8}60s$/m);
    expect(text).toMatch(/^ {2}\[on \] Log \(event off\) {2}\(any tool\) {2}0\.5s$/m);
    expect(text).toMatch(/^ {8}⚠ invalid matcher: "\*run"/m);
    expect(text).toMatch(/^\[off\] PostToolUse {2}1 hook · none of them run$/m);
    expect(text).toContain('cosh hooks enable|disable');
  });

  it('says when there is no file yet', () => {
    expect(settingsText(readyState('{}', false)).join('\n')).toContain('No config file yet: these are the defaults');
  });
});

describe('detailLines', () => {
  it('C5: everything about a hook: whole command (each line, escaped), matcher, timeout, onError, protocol, file:line', () => {
    const state = readyState(`{
  "hooksEnabled": {"PostToolUse": false},
  "hooks": {
    "PreToolUse": [{"command": "a"}, {"name": "Guard", "command": "one\\ntwo \\u001b[2K", "matcher": "^bash_run$", "timeout": 5, "onError": "deny"}],
    "PostToolUse": [{"name": "Log", "url": "http://127.0.0.1:1/log"}]
  }
}`);
    const guard = { ...(state.rows[2] as HookRow), line: 4 };
    expect(detailLines(guard, state.rows, '/home/ada/setup.json', 80).map((line) => line.text)).toEqual([
      'Guard',
      'event     PreToolUse, hook 2 of 2',
      'switch    on',
      'matcher   ^bash_run$',
      'timeout   5s',
      'onError   deny (a failure or invalid output blocks the call)',
      'protocol  cosh',
      'file      /home/ada/setup.json:4',
      'command',
      '  one',
      '  two \\u001b[2K',
    ]);
    const log = detailLines(state.rows[4] as HookRow, state.rows, '/f.json', 80).map((line) => line.text);
    // An HTTP hook shows its url; a hook of an event that is off says it does not run; no line known, no :line.
    expect(log).toContain('switch    on, but PostToolUse is off: it does not run');
    expect(log).toContain('file      /f.json');
    expect(log.slice(-2)).toEqual(['url', '  http://127.0.0.1:1/log']);
  });

  it('D1: a rule hook shows its rule where a command would be, and no timeout', () => {
    const state = readyState(
      '{"hooks": {"PreToolUse": [{"name": "No rm", "matcher": "^bash_run$", "rule": {"field": "command", "contains": "rm -rf", "decision": "deny"}}]}}',
    );
    const row = state.rows[1] as HookRow;
    expect(row.rule).toBe('{"field":"command","contains":"rm -rf","decision":"deny"}');
    const lines = detailLines(row, state.rows, '/f.json', 80).map((line) => line.text);
    expect(lines).toContain('kind      rule (runs in Cosh, no process)');
    expect(lines.some((line) => line.startsWith('timeout'))).toBe(false);
    expect(lines.slice(-2)).toEqual(['rule', '  {"field":"command","contains":"rm -rf","decision":"deny"}']);
  });

  it('R12, R13: a resident hook says one process serves every call, an async one that the call does not wait', () => {
    const state = readyState(
      '{"hooks": {"PostToolUse": [{"command": "guard", "resident": true, "async": true}, {"command": "plain"}]}}',
    );
    const [guard, plain] = state.rows.filter((row): row is HookRow => row.kind === 'hook');
    const lines = detailLines(guard as HookRow, state.rows, '/f.json', 80).map((line) => line.text);
    expect(lines).toContain('resident  yes (one process serves every call)');
    expect(lines).toContain('async     yes (the call does not wait for it)');
    const plainLines = detailLines(plain as HookRow, state.rows, '/f.json', 80).map((line) => line.text);
    expect(plainLines.some((line) => line.startsWith('resident') || line.startsWith('async'))).toBe(false);
  });

  it('C5: a long command wraps to the width instead of being cut', () => {
    const state = readyState(
      `{"hooks": {"PreToolUse": [{"name": "Long", "command": "${'word '.repeat(30).trim()}"}]}}`,
    );
    const lines = detailLines(state.rows[1] as HookRow, state.rows, '/f.json', 40).map((line) => line.text);
    const command = lines.slice(lines.indexOf('command') + 1);
    expect(command.length).toBeGreaterThan(3);
    expect(command.every((line) => line.length <= 40)).toBe(true);
    expect(command.join(' ').replaceAll(/\s+/g, ' ').trim()).toBe('word '.repeat(30).trim());
  });
});

describe('stickyEvent', () => {
  it('issue 13: names the event (and its switch) whose hooks the list continues with once its row scrolled away', () => {
    const lines = listLines(twoEvents);
    expect(stickyEvent(lines, twoEvents.rows, 0)).toBeUndefined();
    expect(stickyEvent(lines, twoEvents.rows, 1)).toBe('PreToolUse [on ]');
    // A warning line under a hook belongs to that hook's event too.
    expect(
      stickyEvent(
        lines,
        twoEvents.rows,
        lines.findIndex((line) => line.kind === 'note'),
      ),
    ).toBe('PreToolUse [on ]');
    const postEvent = lines.findIndex(
      (line) => line.kind === 'row' && twoEvents.rows[line.rowIndex]?.kind === 'event' && line.rowIndex > 0,
    );
    expect(stickyEvent(lines, twoEvents.rows, postEvent)).toBeUndefined();
    expect(stickyEvent(lines, twoEvents.rows, postEvent + 1)).toBe('PostToolUse [off]');
  });
});
