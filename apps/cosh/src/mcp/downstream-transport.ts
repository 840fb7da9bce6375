import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { type ProcessGroupChild, spawnProcessGroup } from '@cosh/runner';
import { JsonRpcLineReader, type OversizedLine } from './json-rpc-lines.ts';

/**
 * The `data` of the error that stands for an answer too long to read: the error is the proxy's,
 * not the server's, and is reported in its own words.
 */
export const droppedAnswerData = { droppedBy: 'cosh mcp proxy' } as const;

/** How the downstream server's process ended. */
export interface DownstreamExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** Options of {@link DownstreamTransport}. */
export interface DownstreamTransportOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** Its whole environment: a proxy is transparent, so the server sees what the client gave us. */
  readonly env: NodeJS.ProcessEnv;
  /** Each chunk of the server's stderr, as it comes. */
  onStderr(chunk: Buffer): void;
  /** The server's stderr has ended. */
  onStderrEnd?(): void;
  /** The server's stdout held something that is not a message (a banner, a log line). */
  onProblem?(problem: string): void;
  /**
   * How long {@link DownstreamTransport.close} waits after closing the server's stdin before
   * SIGTERM, and after SIGTERM before SIGKILL. Default 1000 ms each, so a client that waits
   * 2 s before killing us (the SDK's StdioClientTransport) still sees us stop the server.
   * @internal Tests shorten it; the proxy leaves the default.
   */
  readonly graceMs?: number;
}

/** `exit code 3`, `signal SIGKILL`. */
export function describeExit(exit: DownstreamExit): string {
  if (exit.signal !== null) return `signal ${exit.signal}`;
  return `exit code ${exit.code ?? 'unknown'}`;
}

/** Why a command could not be started, in words (`cannot run \`srv\`: command not found`). */
function describeStartError(command: string, error: NodeJS.ErrnoException): string {
  const reasons: Record<string, string> = {
    ENOENT: 'command not found (or the working directory does not exist)',
    EACCES: 'permission denied (not executable?)',
  };
  return `cannot run \`${command}\`: ${(error.code !== undefined && reasons[error.code]) || error.message}`;
}

// Not unref'd: while we wait for the server to go, nothing else may keep this process alive.
function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/**
 * The MCP client side of stdio, like the SDK's `StdioClientTransport`, with what a proxy needs
 * that it lacks: the server runs in a process group of its own and is stopped whole (the
 * wrappers `npx` and `uvx` start the real server as a child, which a kill of the wrapper
 * alone would leave running), its exit code or signal is known, its stderr comes in chunks for
 * us to prefix, its full environment is ours, and a line on its stdout that is not a message is
 * reported with its text.
 *
 * The connection counts as closed (`onclose`) as soon as the server process exits, even if a
 * process it left behind still holds its stdout; what is left of its group is then stopped.
 */
export class DownstreamTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;

  readonly #options: DownstreamTransportOptions;
  readonly #graceMs: number;
  readonly #reader = new JsonRpcLineReader();
  readonly #queue: JSONRPCMessage[] = [];
  #delivering = false;
  #closePending = false;
  #child: ProcessGroupChild['child'] | undefined;
  #group: ProcessGroupChild | undefined;
  #exit: DownstreamExit | null = null;
  #closed = false;
  #stopping: Promise<void> | undefined;
  readonly #exited: Promise<DownstreamExit>;
  #resolveExited: (exit: DownstreamExit) => void = () => undefined;

  constructor(options: DownstreamTransportOptions) {
    this.#options = options;
    this.#graceMs = options.graceMs ?? 1000;
    this.#exited = new Promise((resolve) => {
      this.#resolveExited = resolve;
    });
  }

  /** The server's pid (and process group), once started. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** How the server ended; `null` while it runs. */
  get exit(): DownstreamExit | null {
    return this.#exit;
  }

  /** Whether the connection counts as closed: the server exited, or we are stopping it. */
  get closed(): boolean {
    return this.#closed || this.#stopping !== undefined;
  }

  /** Resolves when the server process has exited. */
  get exited(): Promise<DownstreamExit> {
    return this.#exited;
  }

  /** Starts the server; rejects when it cannot be started (command not found, not executable). */
  start(): Promise<void> {
    if (this.#child !== undefined) return Promise.reject(new Error('the downstream MCP server is already started'));
    return new Promise((resolve, reject) => {
      // Its own process group (a new session), so it can be stopped with all it started; the
      // runner kills the group if this process exits some other way (a crash, process.exit).
      const group = spawnProcessGroup(this.#options.command, this.#options.args, {
        cwd: this.#options.cwd,
        env: this.#options.env,
      });
      const { child } = group;
      this.#group = group;
      this.#child = child;
      let started = false;
      child.once('spawn', () => {
        started = true;
        resolve();
      });
      child.once('error', (error) => {
        if (!started) {
          this.#exit = { code: null, signal: null };
          this.#resolveExited(this.#exit);
          this.#finish();
          reject(new Error(describeStartError(this.#options.command, error), { cause: error }));
        } else {
          this.onerror?.(error);
        }
      });
      child.once('exit', (code, signal) => this.#onExit({ code, signal }));
      child.stdin?.on('error', (error: NodeJS.ErrnoException) => {
        // The server closed its stdin or exited: the exit handler reports that.
        if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') this.onerror?.(error);
      });
      child.stdout?.on('data', (chunk: Buffer) => {
        const { messages, problems, oversized } = this.#reader.push(chunk);
        for (const problem of problems) this.#options.onProblem?.(problem);
        for (const line of oversized) this.#queue.push(...this.#refuseOversized(line));
        this.#queue.push(...messages);
        this.#deliver();
      });
      child.stderr?.on('data', (chunk: Buffer) => this.#options.onStderr(chunk));
      child.stderr?.on('end', () => this.#options.onStderrEnd?.());
    });
  }

  /**
   * A line too long to read: logged, and when it is an answer whose id shows, the request it
   * answers fails at once with an error saying why (instead of waiting for its timeout).
   */
  #refuseOversized(line: OversizedLine): JSONRPCMessage[] {
    const limit = this.#reader.maxLineBytes;
    this.#options.onProblem?.(`a message of ${line.bytes} bytes, over the proxy's limit of ${limit} bytes, dropped`);
    // A request of the server's own (sampling, …) is not ours to answer for it.
    if (line.id === undefined || line.isRequest) return [];
    return [
      {
        jsonrpc: '2.0',
        id: line.id,
        error: {
          code: ErrorCode.InternalError,
          message: `the downstream MCP server's answer was ${line.bytes} bytes, over the proxy's limit of ${limit} bytes, and was dropped`,
          data: droppedAnswerData,
        },
      },
    ];
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (
      stdin === undefined ||
      stdin === null ||
      this.#exit !== null ||
      this.#stopping !== undefined ||
      !stdin.writable
    ) {
      return Promise.reject(new Error('the downstream MCP server is not running'));
    }
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /**
   * Stops the server: closes its stdin (a well-behaved server exits then), after the grace
   * SIGTERM to its whole group, after another grace SIGKILL. Resolves when nothing of the group
   * is left (or SIGKILL was sent), and calls `onclose`.
   */
  close(): Promise<void> {
    this.#stopping ??= this.#stop();
    return this.#stopping;
  }

  async #stop(): Promise<void> {
    const child = this.#child;
    if (child?.pid !== undefined) {
      // While the server still lives its children are linked to it: remember them now, since a
      // server that exits on stdin EOF leaves a setsid child that nothing links to it after.
      this.#group?.collectDescendants();
      child.stdin?.end();
      if (this.#exit === null) await Promise.race([this.#exited, delay(this.#graceMs)]);
      await this.#stopGroup();
    }
    this.#finish();
  }

  /** What is left of the group (and its escaped descendants): stopped as a hook's timeout stops one. */
  async #stopGroup(): Promise<void> {
    await this.#group?.stop(this.#graceMs);
    // SIGKILL is not refused; wait for the exit so that how it ended is known.
    if (this.#child?.pid !== undefined && this.#exit === null) await Promise.race([this.#exited, delay(500)]);
  }

  /**
   * Hands messages to the protocol in the order they came. The SDK handles a notification a
   * tick later than a response, so a call's last progress notification followed at once by its
   * result would find the call already answered and be lost; after a notification the next
   * message waits for that tick.
   */
  #deliver(): void {
    if (this.#delivering) return;
    this.#delivering = true;
    const step = () => {
      while (this.#queue.length > 0) {
        const message = this.#queue.shift() as JSONRPCMessage;
        this.onmessage?.(message);
        if (!('id' in message) && this.#queue.length > 0) {
          setImmediate(step);
          return;
        }
      }
      this.#delivering = false;
      if (this.#closePending) this.#finish();
    };
    step();
  }

  #onExit(exit: DownstreamExit): void {
    this.#exit = exit;
    this.#resolveExited(exit);
    // Processes the server left behind are garbage now; they must not outlive it.
    if (this.#stopping === undefined) void this.#stopGroup();
    // Let the last messages on stdout arrive before the connection is declared closed.
    const stdout = this.#child?.stdout;
    if (stdout === undefined || stdout === null || stdout.readableEnded || stdout.destroyed) {
      this.#finish();
    } else {
      const finishOnce = () => this.#finish();
      stdout.once('end', finishOnce).once('close', finishOnce);
      setTimeout(finishOnce, 100);
    }
  }

  #finish(): void {
    // Messages the server sent before it went reach the protocol before the close does.
    if (this.#delivering) {
      this.#closePending = true;
      return;
    }
    if (this.#closed) return;
    this.#closed = true;
    this.#child?.stdout?.destroy();
    this.onclose?.();
  }
}
