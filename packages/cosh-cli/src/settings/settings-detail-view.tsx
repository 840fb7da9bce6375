import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { BlankLines } from './scrolled-lines.tsx';
import type { DetailLine } from './settings-layout.ts';

/** A hook's details (or every key) in place of the list, as many lines as the list takes (heads and "more" lines included). */
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
