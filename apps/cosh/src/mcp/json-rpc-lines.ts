import { escapeForTerminal, shortenText } from '@cosh/cosh-cli';
import { deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Bytes one message line may take before it is dropped (a base64 image is big, a runaway stream bigger). */
export const maxMessageLineBytes = 64 * 1024 * 1024;

/** A line that was longer than the limit: dropped, with what could be read of it. */
export interface OversizedLine {
  /** The line's length in bytes, its end of line excluded. */
  readonly bytes: number;
  /** The message's `id`, when its start or end shows it (see {@link readMessageId}); to answer it. */
  readonly id: string | number | undefined;
  /** Whether its start shows a top-level `method`: a request (or notification), not an answer. */
  readonly isRequest: boolean;
}

/** What one chunk of a stream gave: the messages, and lines that were not messages. */
export interface JsonRpcLines {
  readonly messages: JSONRPCMessage[];
  /** Each line that did not parse, with what was wrong; for the log. */
  readonly problems: string[];
  /** Each line over the limit, dropped whole, once its end has come. */
  readonly oversized: OversizedLine[];
}

// How much of the start and of the end of an over-long line is kept to find its id.
const edgeBytes = 4096;

/**
 * Splits a stdio MCP stream into JSON-RPC messages, one per line (the stdio transport's
 * framing). Unlike the SDK's reader it says which line was wrong, so a peer that prints a
 * banner on stdout is reported with that banner, and a line over the limit is dropped up to its
 * end instead of poisoning every message after it (or closing the connection, as the SDK's
 * 10 MiB buffer does). Of a dropped line only its first and last 4 KiB are kept, to read its id.
 */
export class JsonRpcLineReader {
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  // While a line over the limit is being dropped: its length so far, its start and its end.
  #discarded: { bytes: number; head: Buffer; tail: Buffer } | undefined;
  readonly #maxLineBytes: number;

  /** @param maxLineBytes The longest line read; the downstream side leaves the default. */
  constructor(maxLineBytes = maxMessageLineBytes) {
    this.#maxLineBytes = maxLineBytes;
  }

  /** The longest line read, in bytes. */
  get maxLineBytes(): number {
    return this.#maxLineBytes;
  }

  /** Takes the next chunk; returns every message, problem and over-long line completed by it. */
  push(chunk: Buffer): JsonRpcLines {
    const messages: JSONRPCMessage[] = [];
    const problems: string[] = [];
    const oversized: OversizedLine[] = [];
    let start = 0;
    for (let newline = chunk.indexOf(0x0a, start); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      const tail = chunk.subarray(start, newline);
      start = newline + 1;
      if (this.#discarded !== undefined) {
        this.#discard(tail);
        oversized.push(this.#endDiscarded());
        continue;
      }
      const line = this.#pendingBytes === 0 ? tail : Buffer.concat([...this.#pending, tail]);
      this.#pending = [];
      this.#pendingBytes = 0;
      if (line.length > this.#maxLineBytes) {
        const { head, tail: end } = edges(line);
        oversized.push({ bytes: line.length, id: readMessageId(head, end), isRequest: showsMethod(head) });
        continue;
      }
      this.#parseLine(line, messages, problems);
    }
    const rest = chunk.subarray(start);
    if (rest.length > 0) {
      if (this.#discarded !== undefined) {
        this.#discard(rest);
      } else {
        this.#pending.push(rest);
        this.#pendingBytes += rest.length;
        if (this.#pendingBytes > this.#maxLineBytes) {
          const line = Buffer.concat(this.#pending);
          this.#pending = [];
          this.#pendingBytes = 0;
          this.#discarded = { bytes: 0, head: Buffer.alloc(0), tail: Buffer.alloc(0) };
          this.#discard(line);
        }
      }
    }
    return { messages, problems, oversized };
  }

  #discard(part: Buffer): void {
    const discarded = this.#discarded;
    if (discarded === undefined) return;
    discarded.bytes += part.length;
    if (discarded.head.length < edgeBytes) {
      discarded.head = Buffer.concat([discarded.head, part.subarray(0, edgeBytes - discarded.head.length)]);
    }
    discarded.tail =
      part.length >= edgeBytes
        ? Buffer.from(part.subarray(part.length - edgeBytes))
        : Buffer.concat([discarded.tail, part]).subarray(-edgeBytes);
  }

  #endDiscarded(): OversizedLine {
    const discarded = this.#discarded;
    this.#discarded = undefined;
    if (discarded === undefined) return { bytes: 0, id: undefined, isRequest: false };
    return {
      bytes: discarded.bytes,
      id: readMessageId(discarded.head, discarded.tail),
      isRequest: showsMethod(discarded.head),
    };
  }

  #parseLine(line: Buffer, messages: JSONRPCMessage[], problems: string[]): void {
    const text = line.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    try {
      messages.push(deserializeMessage(text));
    } catch {
      problems.push(`a line that is not a JSON-RPC message: ${preview(text)}`);
    }
  }
}

function edges(line: Buffer): { head: Buffer; tail: Buffer } {
  return { head: line.subarray(0, edgeBytes), tail: line.subarray(Math.max(0, line.length - edgeBytes)) };
}

// JSON's pieces, for reading the top level of a message from its edges alone.
const jsonString = String.raw`"(?:[^"\\]|\\.)*"`;
const jsonScalar = String.raw`(?:${jsonString}|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)`;
const idValue = String.raw`(-?\d+|${jsonString})`;
// `{` then scalar members only (so still at the top level), then `"id": <value>`.
const idAtStart = new RegExp(
  String.raw`^\s*\{(?:\s*${jsonString}\s*:\s*${jsonScalar}\s*,)*?\s*"id"\s*:\s*${idValue}\s*[,}]`,
);
// `"id": <value>`, then scalar members only, then the closing `}` of the message.
const idAtEnd = new RegExp(String.raw`"id"\s*:\s*${idValue}\s*(?:,\s*${jsonString}\s*:\s*${jsonScalar}\s*)*\}\s*$`);

// `{` then scalar members only, then `"method":`.
const methodAtStart = new RegExp(String.raw`^\s*\{(?:\s*${jsonString}\s*:\s*${jsonScalar}\s*,)*?\s*"method"\s*:`);

function showsMethod(head: Buffer): boolean {
  return methodAtStart.test(head.toString('utf8'));
}

/**
 * The `id` of a JSON-RPC message too long to parse, from its first and last bytes: found when
 * it comes before the first member whose value is an object or array (`{"jsonrpc":"2.0","id":7,
 * "method":…`) or after the last one (the SDK writes `{"method":…,"params":{…},"jsonrpc":"2.0",
 * "id":7}`). Only scalar members are stepped over, so an `id` inside `params` is never taken
 * for the message's. `undefined` when neither edge shows it (a notification has none).
 */
export function readMessageId(head: Buffer, tail: Buffer): string | number | undefined {
  const found =
    idAtStart.exec(head.toString('utf8'))?.[1] ?? idAtEnd.exec(tail.toString('utf8').replace(/\r$/, ''))?.[1];
  if (found === undefined) return undefined;
  try {
    const id: unknown = JSON.parse(found);
    return typeof id === 'string' || typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The start of a line for a log: printable, at most 200 characters and an ellipsis. */
export function preview(text: string): string {
  return shortenText(escapeForTerminal(text), 201);
}
