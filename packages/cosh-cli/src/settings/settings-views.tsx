// The parts of the settings screen that only draw: the hook list and its rows, the detail, review
// and read-only views, and the "more" lines. Pure components of their props; the state and the
// keys are settings-screen.tsx's.
import type { ConfigLayerFile } from '@cosh/config';
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { trustDiffLines } from '../commands/trust-diff.ts';
import { printableText, shortenText } from '../terminal-text.ts';
import { trustStateText } from '../trust-state-text.ts';
import {
  type ColumnWidths,
  type DetailLine,
  type ListLine,
  NOTE_INDENT,
  problemTexts,
  readOnlyHint,
  ROW_PREFIX_WIDTH,
  rowCells,
  scrollWindow,
  stickyEvent,
  wrapText,
} from './settings-layout.ts';
import type { SettingsRow, SettingsState } from './settings-state.ts';

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
        return (
          <RowLine
            key={key}
            row={row}
            rows={rows}
            selected={line.rowIndex === cursorIndex}
            width={width}
            widths={widths}
            color={color}
          />
        );
      })}
      <BlankLines count={height - visible.length} />
      <MoreLine count={window.below} direction="below" color={color} />
    </>
  );
}

export function RowLine(props: {
  readonly row: SettingsRow;
  readonly rows: readonly SettingsRow[];
  readonly selected: boolean;
  readonly width: number;
  readonly widths: ColumnWidths;
  readonly color: boolean;
}): ReactNode {
  const { row, rows, selected, width, widths, color } = props;
  const cells = rowCells(row, rows);
  const dim = color && cells.inactive;
  const mark = (
    <Box width={row.kind === 'event' ? 2 : 4}>
      <Text color={color ? 'cyan' : undefined} bold={color}>
        {selected ? '›' : ' '}
      </Text>
    </Box>
  );
  const toggle = (
    <Box width={6}>
      <Text color={color ? (row.enabled ? 'green' : 'yellow') : undefined} bold={color && selected}>
        {cells.switchText}
      </Text>
    </Box>
  );
  if (row.kind === 'event') {
    return (
      <Box height={1} width={width}>
        {mark}
        {toggle}
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
  return (
    <Box height={1} width={width}>
      {mark}
      {toggle}
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

/** A file under review: which one, and the first line of its diff on screen. */
export interface Review {
  readonly file: ConfigLayerFile;
  readonly top: number;
}

/** What the review shows (SPEC S4): the file, its state, its diff, the scripts that changed. */
export function reviewLines(file: ConfigLayerFile, width: number): string[] {
  const lines = [`Review: ${file.layer} ${printableText(file.file)}: ${trustStateText(file)}`];
  const diff = trustDiffLines(file.file, file.snapshot, file.text);
  for (const line of diff) lines.push(...wrapText(line, width - 2));
  for (const script of file.scriptChanges) {
    const change = script.change === 'new' ? 'added' : script.change === 'missing' ? 'removed' : 'changed';
    lines.push(printableText(`script ${change}: ${script.path}`));
  }
  if (diff.length === 0 && file.scriptChanges.length === 0) lines.push('(no difference in the file itself)');
  return lines;
}

export function ReviewView(props: {
  readonly lines: readonly string[];
  readonly top: number;
  readonly height: number;
  readonly color: boolean;
}): ReactNode {
  const { lines, top, height, color } = props;
  const [headline, ...rest] = lines;
  return (
    <ScrolledLines
      headline={
        <Text wrap="truncate-end" bold={color}>
          {headline ?? ''}
        </Text>
      }
      lines={rest}
      top={top}
      height={height}
      color={color}
      render={(line) => (
        <Text
          wrap="truncate-end"
          color={color ? (line.startsWith('+') ? 'green' : line.startsWith('-') ? 'red' : undefined) : undefined}
        >
          {line}
        </Text>
      )}
    />
  );
}

/** A hook's details in place of the list, as many lines as the list takes (heads and "more" lines included). */
export function DetailView(props: {
  readonly lines: readonly DetailLine[];
  readonly height: number;
  readonly width: number;
  readonly color: boolean;
}): ReactNode {
  const { lines, height, width, color } = props;
  const cut = lines.length > height;
  const visible = cut
    ? [
        ...lines.slice(0, height - 1),
        {
          text: `… ${lines.length - height + 1} more lines (a taller terminal shows them)`,
          tone: 'label' as const,
        },
      ]
    : lines;
  return (
    <>
      {visible.map((line, position) => (
        <Box key={`detail-${position}`} height={1} width={width}>
          <Text
            wrap="truncate-end"
            bold={color && line.tone === 'title'}
            dimColor={color && line.tone === 'label'}
            color={color && line.tone === 'warning' ? 'yellow' : undefined}
          >
            {line.text}
          </Text>
        </Box>
      ))}
      <BlankLines count={height - visible.length} />
    </>
  );
}

export function BrokenList(props: {
  readonly lines: readonly BrokenLine[];
  readonly top: number;
  readonly height: number;
  readonly color: boolean;
}): ReactNode {
  const { lines, top, height, color } = props;
  // The first line (what is wrong) stays put; the problems under it scroll.
  const [headline, ...rest] = lines;
  return (
    <ScrolledLines
      headline={
        <Text wrap="truncate-end" color={color ? 'red' : undefined} bold={color}>
          {headline?.text ?? ''}
        </Text>
      }
      lines={rest}
      top={top}
      height={height}
      color={color}
      render={(line) => (
        <Text wrap="truncate-end" color={color && line.tone === 'error' ? 'red' : undefined}>
          {line.text}
        </Text>
      )}
    />
  );
}

/**
 * A first line that stays put, then `lines` from `top` (kept so the last lines fill the view) in
 * `height` rows, with a "more" line above and below: the review and the broken file's problems.
 */
function ScrolledLines<Line>(props: {
  readonly headline: ReactNode;
  readonly lines: readonly Line[];
  readonly top: number;
  readonly height: number;
  readonly color: boolean;
  readonly render: (line: Line) => ReactNode;
}): ReactNode {
  const { lines, height, color } = props;
  const top = Math.min(props.top, Math.max(0, lines.length - height));
  const visible = lines.slice(top, top + height);
  return (
    <>
      <Box height={1}>{props.headline}</Box>
      <MoreLine count={top} direction="above" color={color} />
      {visible.map((line, position) => (
        <Box key={`line-${top + position}`} height={1}>
          {props.render(line)}
        </Box>
      ))}
      <BlankLines count={height - visible.length} />
      <MoreLine count={Math.max(0, lines.length - top - height)} direction="below" color={color} />
    </>
  );
}

/** `count` empty rows (none when it is not above 0), so a view keeps the height the screen gave it. */
function BlankLines(props: { readonly count: number }): ReactNode {
  return Array.from({ length: Math.max(0, props.count) }, (_, line) => <Box key={`blank-${line}`} height={1} />);
}

export function MoreLine(props: {
  readonly count: number;
  readonly direction: 'above' | 'below';
  readonly color: boolean;
  /** The event whose hooks the list continues with, its switch scrolled away (sticky header). */
  readonly event?: string | undefined;
}): ReactNode {
  const arrow = props.direction === 'above' ? '↑' : '↓';
  return (
    <Box height={1}>
      <Text wrap="truncate-end">
        {props.event === undefined ? '' : <Text bold={props.color}>{props.event}</Text>}
        <Text dimColor={props.color}>
          {props.count > 0 ? `${props.event === undefined ? '' : ' '} ${arrow} ${props.count} more` : ''}
        </Text>
      </Text>
    </Box>
  );
}

export interface BrokenLine {
  readonly text: string;
  readonly tone: 'error' | 'plain';
}

/** The read-only screen's lines: what is wrong, each problem wrapped to the width, the hint. */
export function brokenScreenLines(state: Extract<SettingsState, { status: 'broken' }>, width: number): BrokenLine[] {
  const lines: BrokenLine[] = [
    { text: 'Read-only: this config has errors, so nothing can be changed here.', tone: 'error' },
  ];
  for (const problem of problemTexts(state)) {
    for (const [index, text] of wrapText(problem, width - 2).entries())
      lines.push({ text: `${index === 0 ? '' : '  '}${text}`, tone: 'error' });
  }
  lines.push({ text: '', tone: 'plain' });
  for (const text of wrapText(`${readOnlyHint(state.file)} Then press r to reload.`, width))
    lines.push({ text, tone: 'plain' });
  return lines;
}
