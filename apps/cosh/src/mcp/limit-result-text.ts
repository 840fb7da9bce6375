import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js';

/**
 * The most text one tool result carries (SPEC X), counted as the bytes it takes in the JSON-RPC
 * message (UTF-8, escaped): a client's SDK refuses a message over 10 MiB and closes the
 * connection, and a text of 4 MiB with its escapes, the appended hook lines and the envelope
 * stays well below that.
 */
export const maxResultTextBytes = 4 * 1024 * 1024;

/** The bytes `text` takes inside a JSON message, quotes excluded. */
export function escapedByteLength(text: string): number {
  return Buffer.byteLength(JSON.stringify(text)) - 2;
}

/** `text` cut so that it takes at most `maxBytes` escaped, never inside a surrogate pair. */
function cutToEscapedBytes(text: string, maxBytes: number): string {
  const total = escapedByteLength(text);
  if (total <= maxBytes) return text;
  // Escapes are unevenly spread: start from the average and shrink until the prefix fits.
  let length = Math.floor((text.length * maxBytes) / total);
  for (;;) {
    const code = text.charCodeAt(length - 1);
    if (code >= 0xd800 && code <= 0xdbff) length -= 1;
    const prefix = text.slice(0, length);
    if (escapedByteLength(prefix) <= maxBytes) return prefix;
    length = Math.floor(length * 0.9);
  }
}

function cutNote(totalBytes: number, maxBytes: number): string {
  return `\n[cut by cosh: the text was ${totalBytes} bytes as sent, more than one answer may carry; the first ${maxBytes} bytes are shown]`;
}

/** One text, cut to {@link maxResultTextBytes} with a note saying so; unchanged when it fits. */
export function limitText(text: string, maxBytes = maxResultTextBytes): string {
  const total = escapedByteLength(text);
  if (total <= maxBytes) return text;
  return `${cutToEscapedBytes(text, maxBytes)}${cutNote(total, maxBytes)}`;
}

/**
 * A result's content with its text items held to {@link maxResultTextBytes} together: items
 * are kept in order while they fit, the one that crosses the limit is cut and ends with a note
 * saying how much there was, later text items are left out. Images, audio and resources pass
 * untouched (SPEC X). Unchanged (the same array) when the text fits.
 */
export function limitContentText(
  content: readonly ContentBlock[],
  maxBytes = maxResultTextBytes,
): readonly ContentBlock[] {
  const sizes = content.map((item) => (item.type === 'text' ? escapedByteLength(item.text) : 0));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= maxBytes) return content;
  const limited: ContentBlock[] = [];
  let budget = maxBytes;
  let noted = false;
  content.forEach((item, position) => {
    if (item.type !== 'text') {
      limited.push(item);
      return;
    }
    if (noted) return;
    const size = sizes[position] ?? 0;
    if (size < budget) {
      limited.push(item);
      budget -= size;
      return;
    }
    limited.push({ ...item, text: `${cutToEscapedBytes(item.text, budget)}${cutNote(total, maxBytes)}` });
    noted = true;
  });
  return limited;
}
