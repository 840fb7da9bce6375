import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  isJSONRPCNotification,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcLineReader, type OversizedLine } from './json-rpc-lines.ts';

/** The longest message read from the client: the SDK's own stdio limit, which clients share. */
export const maxClientMessageBytes = 10 * 1024 * 1024;

/** Bytes of results the client has not read yet past which we stop reading its requests. */
export const maxUnreadResultBytes = 16 * 1024 * 1024;

/** Tool calls run at once; further calls wait, in order, before they are handed to the server. */
export const maxCallsInFlight = 64;

/** Options of {@link StdioServerTransport}. */
export interface StdioServerTransportOptions {
  /** A line for the log: something was dropped or refused that the client will not be told about. */
  readonly log: (message: string) => void;
  /** @internal Tests shrink the limits; the commands leave the defaults. */
  readonly limits?: {
    readonly maxMessageBytes?: number;
    readonly maxUnreadResultBytes?: number;
    readonly maxCallsInFlight?: number;
  };
}

/** The streams an MCP server over stdio speaks on. */
export interface StdioStreams {
  readonly stdin: NodeJS.ReadableStream & { readonly readableEnded?: boolean };
  readonly stdout: NodeJS.WritableStream & { readonly writableLength?: number };
}

interface WaitingCall {
  readonly message: JSONRPCMessage & { readonly id: RequestId };
  readonly bytes: number;
}

/**
 * The server side of MCP over stdio, in place of the SDK's `StdioServerTransport`, with limits
 * a client cannot push us past (SPEC X):
 *
 * - A message over 10 MiB does not close the connection (the SDK's reader throws and closes
 *   it): it is dropped, and answered with a JSON-RPC error when its `id` can be read, else
 *   logged.
 * - Reading stops while more than 16 MiB of results wait for the client to read them, and
 *   resumes once it has (backpressure): a client that sends calls and never reads the answers
 *   holds the server back instead of filling its memory.
 * - At most 64 tool calls run at once; the next ones wait in order, and reading stops while
 *   more than 16 MiB of them wait. A cancellation of a waiting call removes it (it never runs).
 *   Other requests (ping, tools/list) and notifications are handed on at once.
 */
export class StdioServerTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;

  readonly #streams: StdioStreams;
  readonly #log: (message: string) => void;
  readonly #reader: JsonRpcLineReader;
  readonly #maxUnreadResultBytes: number;
  readonly #maxCallsInFlight: number;
  readonly #waiting: WaitingCall[] = [];
  #waitingBytes = 0;
  // Ids of tool calls handed to the server and not answered yet.
  readonly #inFlight = new Set<RequestId>();
  readonly #drainWaiters: (() => void)[] = [];
  #paused = false;
  #awaitingDrain = false;
  #closed = false;

  constructor(streams: StdioStreams, options: StdioServerTransportOptions) {
    this.#streams = streams;
    this.#log = options.log;
    this.#reader = new JsonRpcLineReader(options.limits?.maxMessageBytes ?? maxClientMessageBytes);
    this.#maxUnreadResultBytes = options.limits?.maxUnreadResultBytes ?? maxUnreadResultBytes;
    this.#maxCallsInFlight = options.limits?.maxCallsInFlight ?? maxCallsInFlight;
  }

  async start(): Promise<void> {
    this.#streams.stdin.on('data', this.#onData);
    this.#streams.stdin.on('error', this.#onError);
  }

  /** Writes a message; resolves once the stream took it (at once, or at its next drain). */
  send(message: JSONRPCMessage): Promise<void> {
    if ('id' in message && !('method' in message) && message.id !== undefined) this.#answered(message.id);
    const { stdout } = this.#streams;
    return new Promise((resolve) => {
      const accepted = stdout.write(serializeMessage(message));
      this.#updateReading();
      if (accepted) return resolve();
      // One drain listener for every write waiting on it, however many calls answer meanwhile.
      this.#drainWaiters.push(resolve);
      if (this.#drainWaiters.length === 1) stdout.once('drain', this.#onDrain);
    });
  }

  readonly #onDrain = (): void => {
    for (const resolve of this.#drainWaiters.splice(0)) resolve();
  };

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#streams.stdin.off('data', this.#onData);
    this.#streams.stdin.off('error', this.#onError);
    this.#streams.stdin.pause();
    this.#waiting.length = 0;
    this.onclose?.();
  }

  readonly #onError = (error: Error): void => {
    this.onerror?.(error);
  };

  readonly #onData = (chunk: Buffer | string): void => {
    const { messages, problems, oversized } = this.#reader.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    for (const problem of problems) this.#log(`ignored on stdin: ${problem}`);
    for (const line of oversized) this.#refuseOversized(line);
    for (const message of messages) this.#receive(message);
    this.#startWaitingCalls();
    this.#updateReading();
  };

  #refuseOversized(line: OversizedLine): void {
    const what = `a message of ${line.bytes} bytes, over this server's limit of ${this.#reader.maxLineBytes} bytes`;
    if (line.id === undefined) {
      this.#log(`dropped ${what}; its id could not be read, so it is not answered`);
      return;
    }
    this.#log(`refused ${what} (id ${JSON.stringify(line.id)})`);
    void this.send({
      jsonrpc: '2.0',
      id: line.id,
      error: {
        code: ErrorCode.InvalidRequest,
        message: `the message is ${line.bytes} bytes, over this server's limit of ${this.#reader.maxLineBytes} bytes; it was not read`,
      },
    });
  }

  #receive(message: JSONRPCMessage): void {
    if (isJSONRPCRequest(message) && message.method === 'tools/call') {
      const bytes = Buffer.byteLength(JSON.stringify(message.params ?? null));
      this.#waiting.push({ message, bytes });
      this.#waitingBytes += bytes;
      return;
    }
    // A cancellation of a call that has not started: it is dropped and never runs (MCP lets a
    // receiver leave a cancelled request unanswered).
    if (isJSONRPCNotification(message) && message.method === 'notifications/cancelled') {
      const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      const index = this.#waiting.findIndex((call) => call.message.id === id);
      if (index !== -1) {
        const [dropped] = this.#waiting.splice(index, 1);
        this.#waitingBytes -= dropped?.bytes ?? 0;
        return;
      }
      // A running call the client cancelled is never answered (the SDK drops its result): its
      // slot is free now, while its hooks and tool are being stopped.
      if (id !== undefined && this.#inFlight.delete(id)) queueMicrotask(() => this.#startWaitingCalls());
    }
    this.onmessage?.(message);
  }

  /** Whether the results the client has not read yet pass the limit. */
  #tooMuchUnread(): boolean {
    return (this.#streams.stdout.writableLength ?? 0) > this.#maxUnreadResultBytes;
  }

  #startWaitingCalls(): void {
    // A call started while the client does not read would add one more result to the pile:
    // waiting calls wait for the client too.
    while (
      this.#waiting.length > 0 &&
      this.#inFlight.size < this.#maxCallsInFlight &&
      !this.#closed &&
      !this.#tooMuchUnread()
    ) {
      const call = this.#waiting.shift() as WaitingCall;
      this.#waitingBytes -= call.bytes;
      this.#inFlight.add(call.message.id);
      this.onmessage?.(call.message);
    }
  }

  #answered(id: RequestId): void {
    if (!this.#inFlight.delete(id)) return;
    // Handed on after the answer is written, so a call never overtakes the answer before it.
    queueMicrotask(() => {
      this.#startWaitingCalls();
      this.#updateReading();
    });
  }

  /** Stops reading while too much waits on either side; reads again once both are below the limits. */
  #updateReading(): void {
    if (this.#closed) return;
    const { stdin, stdout } = this.#streams;
    const unreadResults = this.#tooMuchUnread();
    const holdBack = unreadResults || this.#waitingBytes > this.#maxUnreadResultBytes;
    if (holdBack !== this.#paused) {
      this.#paused = holdBack;
      if (holdBack) stdin.pause();
      else stdin.resume();
    }
    // The client reading its results is what lets us read again: look once more when it has.
    if (unreadResults && !this.#awaitingDrain) {
      this.#awaitingDrain = true;
      stdout.once('drain', () => {
        this.#awaitingDrain = false;
        this.#startWaitingCalls();
        this.#updateReading();
      });
    }
  }
}
