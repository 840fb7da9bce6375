// The settings screen's pieces every view scrolls with: the "more" lines, blank filler rows, and
// a list of lines under a headline that stays put.
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';

/** What a scrolled view is given: its lines (the first one stays put), the first of the rest on screen, its rows. */
export interface ScrolledViewProps<Line> {
  readonly lines: readonly Line[];
  readonly top: number;
  readonly height: number;
  readonly color: boolean;
}

/**
 * The first of `lines` as a headline that stays put, then the rest from `top` (kept so the last
 * lines fill the view) in `height` rows, with a "more" line above and below: the review and the
 * broken file's problems.
 */
export function ScrolledLines<Line>(
  props: ScrolledViewProps<Line> & {
    readonly headline: (line: Line | undefined) => ReactNode;
    readonly render: (line: Line) => ReactNode;
  },
): ReactNode {
  const { height, color } = props;
  const [headline, ...lines] = props.lines;
  const top = Math.min(props.top, Math.max(0, lines.length - height));
  const visible = lines.slice(top, top + height);
  return (
    <>
      <Box height={1}>{props.headline(headline)}</Box>
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
export function BlankLines(props: { readonly count: number }): ReactNode {
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
