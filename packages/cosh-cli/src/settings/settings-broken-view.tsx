// The read-only screen of a config with errors: what is wrong, each problem, the hint.
import { Text } from 'ink';
import type { ReactNode } from 'react';
import { ScrolledLines, type ScrolledViewProps } from './scrolled-lines.tsx';
import { problemTexts, readOnlyHint, wrapText } from './settings-layout.ts';
import type { SettingsState } from './settings-state.ts';

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

/** The first line (what is wrong) stays put; the problems under it scroll. */
export function BrokenList(props: ScrolledViewProps<BrokenLine>): ReactNode {
  const { color } = props;
  return (
    <ScrolledLines
      {...props}
      headline={(line) => (
        <Text wrap="truncate-end" color={color ? 'red' : undefined} bold={color}>
          {line?.text ?? ''}
        </Text>
      )}
      render={(line) => (
        <Text wrap="truncate-end" color={color && line.tone === 'error' ? 'red' : undefined}>
          {line.text}
        </Text>
      )}
    />
  );
}
