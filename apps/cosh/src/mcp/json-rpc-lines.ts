import { escapeForTerminal, shortenText } from '@cosh/cosh-cli';
import { deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Bytes one message line may take before it is dropped (a base64 image is big, a runaway stream bigger). */
export const maxMessageLineBytes = 64 * 1024 * 1024;

/** What one chunk of a server's stdout gave: the messages, and lines that were not messages. */
export interface JsonRpcLines {
  readonly messages: JSONRPCMessage[];
  /** Each line that did not parse, or was too long, with what was wrong; for the log. */
  readonly problems: string[];
}

/**
 * Splits a stdio MCP stream into JSON-RPC messages, one per line (the stdio transport's
 * framing). Unlike the SDK's reader it says which line was wrong, so a server that prints a
 * banner on stdout is reported with that banner, and a line over {@link maxMessageLineBytes}
 * is dropped up to its end instead of poisoning every message after it.
 */
export class JsonRpcLineReader {
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #discarding = false;
  readonly #maxLineBytes: number;

  /** @param maxLineBytes @internal Tests pass a small limit; the proxy leaves the default. */
  constructor(maxLineBytes = maxMessageLineBytes) {
    this.#maxLineBytes = maxLineBytes;
  }

  /** Takes the next chunk; returns every message and problem completed by it. */
  push(chunk: Buffer): JsonRpcLines {
    const messages: JSONRPCMessage[] = [];
    const problems: string[] = [];
    let start = 0;
    for (let newline = chunk.indexOf(0x0a, start); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      const tail = chunk.subarray(start, newline);
      start = newline + 1;
      if (this.#discarding) {
        this.#discarding = false;
        continue;
      }
      const line = this.#pendingBytes === 0 ? tail : Buffer.concat([...this.#pending, tail]);
      this.#pending = [];
      this.#pendingBytes = 0;
      if (line.length > this.#maxLineBytes) {
        problems.push(tooLong(this.#maxLineBytes));
        continue;
      }
      this.#parseLine(line, messages, problems);
    }
    const rest = chunk.subarray(start);
    if (rest.length > 0 && !this.#discarding) {
      this.#pending.push(rest);
      this.#pendingBytes += rest.length;
      if (this.#pendingBytes > this.#maxLineBytes) {
        this.#pending = [];
        this.#pendingBytes = 0;
        this.#discarding = true;
        problems.push(tooLong(this.#maxLineBytes));
      }
    }
    return { messages, problems };
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

function tooLong(maxLineBytes: number): string {
  return `a line longer than ${maxLineBytes} bytes, dropped`;
}

/** The start of a line for a log: printable, at most 200 characters and an ellipsis. */
export function preview(text: string): string {
  return shortenText(escapeForTerminal(text), 201);
}
