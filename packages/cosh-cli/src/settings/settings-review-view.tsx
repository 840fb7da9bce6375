// The trust review (`t`, SPEC S4): the file, its state, its diff, the scripts that changed.
import type { ConfigLayerFile } from '@cosh/config';
import { Text } from 'ink';
import type { ReactNode } from 'react';
import { trustDiffLines } from '../commands/trust-diff.ts';
import { printableText } from '../terminal-text.ts';
import { trustStateText } from '../trust-state-text.ts';
import { ScrolledLines, type ScrolledViewProps } from './scrolled-lines.tsx';
import { wrapText } from './settings-layout.ts';

/** A file under review: which one, and the first line of its diff on screen. */
export interface Review {
  readonly file: ConfigLayerFile;
  readonly top: number;
}

/** What the review shows: its headline first. */
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

/** The review's headline stays put; the diff under it scrolls, added lines green, removed ones red. */
export function ReviewView(props: ScrolledViewProps<string>): ReactNode {
  const { color } = props;
  return (
    <ScrolledLines
      {...props}
      headline={(line) => (
        <Text wrap="truncate-end" bold={color}>
          {line ?? ''}
        </Text>
      )}
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
