// Drives `cosh mcp serve|proxy` as an MCP client would: the built binary, started by the SDK's
// StdioClientTransport, spoken to by the SDK's Client. No hand-written JSON-RPC.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { TRUST_ALL_ENV } from '@cosh/test-utils';
import { type CallToolResult, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { isProcessAlive, waitUntil } from '@cosh/test-utils';
import { coshBin } from './cli-run.ts';

/** The downstream MCP server of the proxy tests. */
export const downstreamFixture = fileURLToPath(new URL('./mcp-downstream.mjs', import.meta.url));

/** The 1×1 PNG the fixture's `picture` tool returns. */
export const pixelPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export interface McpSession {
  readonly client: Client;
  readonly transport: StdioClientTransport;
  /** The pid of the process the transport started (`node bin/cosh.js …`, or the fixture itself). */
  readonly pid: number;
  /** Everything written on stderr so far. */
  stderr(): string;
  /** Waits until stderr contains `text`, at most `timeoutMs`. */
  waitForStderr(text: string | RegExp, timeoutMs?: number): Promise<string>;
  /** Calls a tool and returns the result as the server sent it (no output-schema check). */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Closes the client (stdin EOF, then SIGTERM after 2 s, as the SDK does) and waits for the process to exit. */
  close(): Promise<void>;
  /** Resolves with the exit code (or signal) once the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `command args` as a stdio MCP server and connects an SDK client to it. */
export async function startMcpSession(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command,
    args: [...args],
    cwd: options.cwd,
    // A clean environment: no COSH_CONFIG or XDG_CONFIG_HOME of the machine leaks in.
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: options.cwd, ...TRUST_ALL_ENV, ...options.env },
    stderr: 'pipe',
  });
  let stderr = '';
  const waiters = new Set<() => void>();
  // With `stderr: 'pipe'` the transport gives a PassThrough, a readable stream.
  const stderrStream = transport.stderr as NodeJS.ReadableStream | null;
  stderrStream?.setEncoding('utf8');
  stderrStream?.on('data', (chunk: string) => {
    stderr += chunk;
    for (const waiter of waiters) waiter();
  });
  const client = new Client({ name: 'cosh-test-client', version: '1.0.0' });
  await client.connect(transport);
  const pid = transport.pid;
  if (pid === null) throw new Error('the MCP server has no pid');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const poll = setInterval(() => {
      try {
        process.kill(pid, 0);
      } catch {
        clearInterval(poll);
        resolve({ code: null, signal: null });
      }
    }, 20);
  });
  return {
    client,
    transport,
    pid,
    stderr: () => stderr,
    waitForStderr(text, timeoutMs = 10_000) {
      const found = () => (typeof text === 'string' ? stderr.includes(text) : text.test(stderr));
      if (found()) return Promise.resolve(stderr);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`stderr never contained ${String(text)}; it has:\n${stderr}`));
        }, timeoutMs);
        const check = () => {
          if (!found()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(stderr);
        };
        waiters.add(check);
      });
    },
    async call(name, args = {}) {
      // request(), not callTool(): the test sees exactly what the server sent.
      return await client.request({ method: 'tools/call', params: { name, arguments: args } }, CallToolResultSchema);
    },
    async close() {
      await client.close();
      await exited;
    },
    exited,
  };
}

/** Starts `cosh <args>` (the built binary) as an MCP server. */
export function startCosh(
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<McpSession> {
  return startMcpSession(process.execPath, [coshBin, ...args], options);
}

/**
 * Waits until none of `pids` is alive, at most `timeoutMs`; returns those still alive. A zombie
 * counts as dead (it runs nothing; this container's init may reap it late), as in the runner's
 * own tests of R6.
 */
export async function waitForExit(pids: readonly number[], timeoutMs: number): Promise<number[]> {
  await waitUntil(() => !pids.some(isProcessAlive), timeoutMs);
  return pids.filter(isProcessAlive);
}
