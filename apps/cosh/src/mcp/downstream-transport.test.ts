// The downstream transport with real /bin/sh processes: how a server ends, what is left of its
// group, and what its stdout and stderr carry.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { describeExit, DownstreamTransport, type DownstreamTransportOptions } from './downstream-transport.ts';

const transports: DownstreamTransport[] = [];

afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});

function shell(script: string, options: Partial<DownstreamTransportOptions> = {}): DownstreamTransport {
  const transport = new DownstreamTransport({
    command: '/bin/sh',
    args: ['-c', script],
    cwd: process.cwd(),
    env: process.env,
    onStderr: () => undefined,
    graceMs: 300,
    ...options,
  });
  transports.push(transport);
  return transport;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** Pids printed by the script on stderr, one a line. */
function collectPids(): { onStderr: (chunk: Buffer) => void; pids: () => number[] } {
  let text = '';
  return {
    onStderr: (chunk) => {
      text += chunk.toString('utf8');
    },
    pids: () =>
      text
        .split('\n')
        .filter((line) => /^\d+$/.test(line))
        .map(Number),
  };
}

describe('DownstreamTransport', () => {
  it('rejects start with a plain reason when the command does not exist', async () => {
    const transport = new DownstreamTransport({
      command: '/no/such/server',
      args: [],
      cwd: process.cwd(),
      env: process.env,
      onStderr: () => undefined,
    });
    await expect(transport.start()).rejects.toThrow('cannot run `/no/such/server`: command not found');
  });

  it('reports the exit code and the signal a server ended with, and closes the connection', async () => {
    const exiting = shell('exit 3');
    let closed = false;
    exiting.onclose = () => {
      closed = true;
    };
    await exiting.start();
    expect(await exiting.exited).toEqual({ code: 3, signal: null });
    expect(await waitUntil(() => closed, 2000)).toBe(true);
    expect(describeExit({ code: 3, signal: null })).toBe('exit code 3');

    const killed = shell('kill -9 $$');
    await killed.start();
    expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(describeExit({ code: null, signal: 'SIGKILL' })).toBe('signal SIGKILL');
  });

  it('reads messages in order and reports a line that is not one', async () => {
    const problems: string[] = [];
    const transport = shell(
      `printf '%s\\n' 'hello from a banner' '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}' '{"jsonrpc":"2.0","id":1,"result":{}}'; sleep 5`,
      { onProblem: (problem) => problems.push(problem) },
    );
    const messages: JSONRPCMessage[] = [];
    transport.onmessage = (message) => messages.push(message);
    await transport.start();
    expect(await waitUntil(() => messages.length === 2, 3000)).toBe(true);
    expect(messages.map((message) => ('method' in message ? message.method : 'response'))).toEqual([
      'notifications/progress',
      'response',
    ]);
    expect(problems).toEqual(['a line that is not a JSON-RPC message: hello from a banner']);
  });

  it('hands over every message a server wrote before it exited, then closes', async () => {
    const transport = shell(
      `printf '%s\n' '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"bye"}}' '{"jsonrpc":"2.0","id":1,"result":{}}' '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}' '{"jsonrpc":"2.0","id":2,"result":{}}'`,
    );
    const events: string[] = [];
    transport.onmessage = (message) =>
      events.push('method' in message ? message.method : `response ${String(message.id)}`);
    transport.onclose = () => events.push('closed');
    await transport.start();
    expect(await waitUntil(() => events.includes('closed'), 3000)).toBe(true);
    expect(events).toEqual([
      'notifications/message',
      'response 1',
      'notifications/tools/list_changed',
      'response 2',
      'closed',
    ]);
  });

  it('sends each message as one line on the server stdin, and refuses once the server is gone', async () => {
    const transport = shell('read line; echo "$line" >&2; exit 0', {
      onStderr: (chunk) => received.push(chunk.toString('utf8')),
    });
    const received: string[] = [];
    await transport.start();
    await transport.send({ jsonrpc: '2.0', id: 7, method: 'ping' });
    await transport.exited;
    expect(await waitUntil(() => received.join('') === '{"jsonrpc":"2.0","id":7,"method":"ping"}\n', 2000)).toBe(true);
    await expect(transport.send({ jsonrpc: '2.0', id: 8, method: 'ping' })).rejects.toThrow(
      'the downstream MCP server is not running',
    );
  });

  it('close() stops the whole group: stdin EOF, then SIGTERM, then SIGKILL for what ignores both', async () => {
    const collected = collectPids();
    // The server ignores stdin EOF and SIGTERM, and so does the child it started.
    const transport = shell(
      `trap '' TERM; sh -c 'trap "" TERM; echo $$ >&2; exec sleep 60' & echo $$ >&2; while :; do sleep 1; done`,
      {
        onStderr: collected.onStderr,
      },
    );
    await transport.start();
    expect(await waitUntil(() => collected.pids().length === 2, 3000)).toBe(true);
    const startedAt = performance.now();
    await transport.close();
    // Two graces of 300 ms, and the wait for the kill to be seen (the rest is room for a loaded
    // machine; without the SIGKILL, close() would wait for the 60 s sleep).
    expect(performance.now() - startedAt).toBeLessThan(8_000);
    expect(await waitUntil(() => collected.pids().every((pid) => !isAlive(pid)), 10_000)).toBe(true);
    expect(transport.exit).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('close() is quick for a server that exits when its stdin closes', async () => {
    // A long grace: close() waiting for it (instead of the server's own exit) would take 20 s.
    const transport = shell('cat > /dev/null', { graceMs: 20_000 });
    await transport.start();
    const startedAt = performance.now();
    await transport.close();
    expect(performance.now() - startedAt).toBeLessThan(10_000);
    // It exited on its own at the end of its stdin: no signal was needed.
    expect(transport.exit).toEqual({ code: 0, signal: null });
  });

  it('a server that exits on its own closes the connection even if a child holds its stdout, and the child is stopped', async () => {
    const collected = collectPids();
    const transport = shell(`sleep 60 & echo $! >&2; exit 5`, { onStderr: collected.onStderr });
    let closed = false;
    transport.onclose = () => {
      closed = true;
    };
    await transport.start();
    expect(await transport.exited).toEqual({ code: 5, signal: null });
    expect(await waitUntil(() => closed, 1000)).toBe(true);
    expect(await waitUntil(() => collected.pids().length === 1 && !isAlive(collected.pids()[0] ?? 0), 3000)).toBe(true);
  });
});
