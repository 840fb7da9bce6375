// The settings screen's list: a row per event (its switch, the tool events and the session
// events alike), a row per hook under its event (its switch, name, matcher, timeout), and the
// notes between them.
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { shortenText } from '../terminal-text.ts';
import { BlankLines, MoreLine } from './scrolled-lines.tsx';
import {
  type ColumnWidths,
  type ListLine,
  NOTE_INDENT,
  ROW_PREFIX_WIDTH,
  type RowCells,
  rowCells,
  scrollWindow,
  stickyEvent,
} from './settings-layout.ts';
import type { SettingsRow } from './settings-state.ts';

export function ReadyList(props: {
  readonly rows: readonly SettingsRow[];
  readonly lines: readonly ListLine[];
  readonly cursorIndex: number;
  readonly height: number;
  readonly width: number;
  readonly widths: ColumnWidths;
  readonly color: boolean;
  readonly listTop: { current: number };
}): ReactNode {
  const { rows, lines, cursorIndex, height, width, widths, color } = props;
  const window = scrollWindow(lines, cursorIndex, height, props.listTop.current);
  // Remembered between frames so the list scrolls only when the cursor leaves it.
  props.listTop.current = window.top;
  const visible = lines.slice(window.top, window.top + height);
  const heads = `${' '.repeat(ROW_PREFIX_WIDTH)}${'NAME'.padEnd(widths.name)}  ${'MATCHER'.padEnd(widths.matcher)}${widths.timeout > 0 ? `  ${'TIMEOUT'.padStart(widths.timeout)}` : ''}`;
  return (
    <>
      <Box height={1}>
        <Text wrap="truncate-end" dimColor={color}>
          {heads}
        </Text>
      </Box>
      <MoreLine count={window.above} direction="above" color={color} event={stickyEvent(lines, rows, window.top)} />
      {visible.map((line, position) => {
        const key = `line-${window.top + position}`;
        const row = rows[line.rowIndex];
        if (line.kind === 'note' || row === undefined) {
          return (
            <Box key={key} height={1} paddingLeft={NOTE_INDENT} width={width}>
              <Text
                wrap="truncate-end"
                color={color && line.kind === 'note' && line.tone === 'warning' ? 'yellow' : undefined}
                dimColor={color && line.kind === 'note' && line.tone === 'muted'}
              >
                {line.kind === 'note' ? line.text : ''}
              </Text>
            </Box>
          );
        }
        const shown: RowProps = {
          row,
          cells: rowCells(row, rows),
          selected: line.rowIndex === cursorIndex,
          width,
          color,
        };
        return row.kind === 'event' ? (
          <EventRowLine key={key} {...shown} />
        ) : (
          <HookRowLine key={key} {...shown} widths={widths} />
        );
      })}
      <BlankLines count={height - visible.length} />
      <MoreLine count={window.below} direction="below" color={color} />
    </>
  );
}

/** What a row of the list is drawn from. */
interface RowProps {
  readonly row: SettingsRow;
  readonly cells: RowCells;
  readonly selected: boolean;
  readonly width: number;
  readonly color: boolean;
}

/** An event's row: its switch, its name and what it is for. */
function EventRowLine(props: RowProps): ReactNode {
  const { cells, width, color } = props;
  return (
    <Box height={1} width={width}>
      <RowSwitch {...props} />
      <Box width={Math.max(1, width - 8)}>
        <Text wrap="truncate-end">
          <Text bold={color}>{cells.label}</Text>
          {'  '}
          <Text dimColor={color}>{cells.detail}</Text>
        </Text>
      </Box>
    </Box>
  );
}

/** A hook's row, under its event: its switch, name, matcher and timeout in columns. */
function HookRowLine(props: RowProps & { readonly widths: ColumnWidths }): ReactNode {
  const { cells, selected, width, widths, color } = props;
  const dim = color && cells.inactive;
  return (
    <Box height={1} width={width}>
      <RowSwitch {...props} />
      <Box width={widths.name}>
        <Text wrap="truncate-end" dimColor={dim} bold={color && selected && !cells.inactive}>
          {cells.nameNote === ''
            ? cells.label
            : `${shortenText(cells.label, Math.max(1, widths.name - cells.nameNote.length))}${cells.nameNote}`}
        </Text>
      </Box>
      <Box width={2} />
      <Box width={widths.matcher}>
        <Text wrap="truncate-end" dimColor={dim}>
          {cells.detail}
        </Text>
      </Box>
      {widths.timeout > 0 ? (
        <>
          <Box width={2} />
          <Box width={widths.timeout} justifyContent="flex-end">
            <Text wrap="truncate-end" dimColor={dim}>
              {cells.timeout}
            </Text>
          </Box>
        </>
      ) : null}
    </Box>
  );
}

/** The cursor's mark and the row's switch (on/off), as every row starts: a hook's indented under its event's. */
function RowSwitch(props: RowProps): ReactNode {
  const { row, cells, selected, color } = props;
  return (
    <>
      <Box width={row.kind === 'event' ? 2 : 4}>
        <Text color={color ? 'cyan' : undefined} bold={color}>
          {selected ? '›' : ' '}
        </Text>
      </Box>
      <Box width={6}>
        <Text color={color ? (row.enabled ? 'green' : 'yellow') : undefined} bold={color && selected}>
          {cells.switchText}
        </Text>
      </Box>
    </>
  );
}
