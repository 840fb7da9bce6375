import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { StdioServerTransport, type StdioServerTransportOptions } from './stdio-server-transport.ts';

const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: {} } });
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A transport on two in-memory streams; what the server received, wrote and logged is kept. */
async function open(limits: StdioServerTransportOptions['limits'], stdoutHighWaterMark = 16 * 1024) {
  const stdin = new PassThrough();
  const stdout = new PassThrough({ highWaterMark: stdoutHighWaterMark });
  const logged: string[] = [];
  const received: JSONRPCMessage[] = [];
  const transport = new StdioServerTransport({ stdin, stdout }, { log: (text) => logged.push(text), limits });
  transport.onmessage = (message) => received.push(message);
  await transport.start();
  const written = (): unknown[] =>
    String(stdout.read() ?? '')
      .split('\n')
      .filter((text) => text !== '')
      .map((text) => JSON.parse(text));
  return { stdin, stdout, logged, received, transport, written };
}

describe('StdioServerTransport', () => {
  it('X: a message over the limit is answered with a JSON-RPC error when its id shows; the connection stays up', async () => {
    const { stdin, logged, received, written, transport } = await open({ maxMessageBytes: 1000 });
    const big = 'z'.repeat(5000);
    stdin.write(line({ ...call(7), params: { name: 'fs_write', arguments: { content: big } } }));
    stdin.write(line({ jsonrpc: '2.0', method: 'notifications/message', params: { data: big } }));
    stdin.write(line({ jsonrpc: '2.0', id: 8, method: 'ping' }));
    await settle();
    expect(written()).toEqual([
      {
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: -32600,
          message: expect.stringMatching(/^the message is 5\d{3} bytes, over this server's limit of 1000 bytes/),
        },
      },
    ]);
    expect(logged).toEqual([
      expect.stringMatching(/^refused a message of 5\d{3} bytes, over this server's limit of 1000 bytes \(id 7\)$/),
      expect.stringMatching(/^dropped a message of 5\d{3} bytes, .*; its id could not be read, so it is not answered$/),
    ]);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 8, method: 'ping' }]);
    await transport.close();
  });

  it('X: stops reading while the results the client has not read pass the limit, and reads again once it has', async () => {
    const { stdin, stdout, received, transport } = await open({ maxUnreadResultBytes: 1000 }, 64);
    stdin.write(line(call(1)));
    await settle();
    expect(received).toHaveLength(1);
    // Not awaited: it resolves only once the client has read it.
    const sent = transport.send({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'r'.repeat(5000) }] },
    });
    expect(stdin.isPaused()).toBe(true);
    stdin.write(line(call(2)));
    await settle();
    expect(received).toHaveLength(1);
    // The client reads its result: the stream drains, and reading goes on.
    stdout.resume();
    await settle();
    await settle();
    expect(stdin.isPaused()).toBe(false);
    expect(received).toHaveLength(2);
    await sent;
    await transport.close();
  });

  it('X: a call already read but waiting for a slot does not start while the results the client has not read pass the limit', async () => {
    const { stdin, stdout, received, transport } = await open({ maxUnreadResultBytes: 1000, maxCallsInFlight: 1 }, 64);
    stdin.write(line(call(1)) + line(call(2)));
    await settle();
    expect(received).toHaveLength(1);
    const sent = transport.send({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'r'.repeat(5000) }] },
    });
    await settle();
    expect(received).toHaveLength(1);
    stdout.resume();
    await sent;
    await settle();
    expect(received).toHaveLength(2);
    await transport.close();
  });

  it('runs at most maxCallsInFlight calls at once; the next start in order as answers go out; a cancelled waiting call never runs', async () => {
    const { stdin, received, transport } = await open({ maxCallsInFlight: 2 });
    for (const id of [1, 2, 3, 4]) stdin.write(line(call(id)));
    stdin.write(line({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } }));
    stdin.write(line({ jsonrpc: '2.0', id: 9, method: 'ping' }));
    await settle();
    const ids = () => received.map((message) => ('id' in message ? message.id : 'method' in message && message.method));
    expect(ids()).toEqual([1, 2, 9]);
    await transport.send({ jsonrpc: '2.0', id: 1, result: { content: [] } });
    await settle();
    expect(ids()).toEqual([1, 2, 9, 4]);
    await transport.close();
  });
});
