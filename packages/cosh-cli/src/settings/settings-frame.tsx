// What the settings screen shows around its view: the title and file, the layers' lines, the
// message under the view, and the keys of what is shown.
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { printableText } from '../terminal-text.ts';
import type { ScreenMessage } from './open-editor.ts';
import { wrapText } from './settings-layout.ts';

export function SettingsFrame(props: {
  readonly file: string;
  readonly width: number;
  readonly color: boolean;
  /** The layers' lines under the title. */
  readonly header: readonly string[];
  readonly message: ScreenMessage | undefined;
  /** The rows the message gets, filled with blanks. */
  readonly messageHeight: number;
  readonly keysHelp: string;
  /** The view: the list, a hook's details, the review, every key, or the broken file's problems. */
  readonly children: ReactNode;
}): ReactNode {
  const { file, width, color, message } = props;
  const paint = palette(color);
  const messageLines = message === undefined ? [] : wrapText(message.text, width, props.messageHeight);
  return (
    <Box flexDirection="column" width={width}>
      <Box height={1}>
        <Text bold={color}>Cosh settings </Text>
        <Box width={Math.max(10, width - 14)}>
          <Text wrap="truncate-start">{printableText(file)}</Text>
        </Box>
      </Box>
      {props.header.map((line, position) => (
        <Box key={`layer-${position}`} height={1}>
          <Text wrap="truncate-end" dimColor={color}>
            {line}
          </Text>
        </Box>
      ))}
      {props.children}
      {Array.from({ length: props.messageHeight }, (_, line) => (
        <Box key={`message-${line}`} height={1}>
          <Text
            wrap="truncate-end"
            color={message === undefined ? undefined : paint[message.tone]}
            dimColor={color && message?.tone === 'muted'}
          >
            {messageLines[line] ?? ''}
          </Text>
        </Box>
      ))}
      <Box height={1}>
        <Text wrap="truncate-end" dimColor={color}>
          {props.keysHelp}
        </Text>
      </Box>
    </Box>
  );
}

function palette(color: boolean): Record<ScreenMessage['tone'], string | undefined> {
  return color
    ? { ok: 'green', error: 'red', muted: undefined }
    : { ok: undefined, error: undefined, muted: undefined };
}
