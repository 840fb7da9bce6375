import { describe, expect, it } from 'vitest';
import { JsonRpcLineReader, type OversizedLine, preview, readMessageId } from './json-rpc-lines.ts';

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
const line = (value: unknown) => `${JSON.stringify(value)}\n`;

describe('JsonRpcLineReader', () => {
  it('reads one message per line, across chunks and with CRLF', () => {
    const reader = new JsonRpcLineReader();
    const text = `${line(ping)}${JSON.stringify({ ...ping, id: 2 })}\r\n`;
    const bytes = Buffer.from(text);
    const first = reader.push(bytes.subarray(0, 10));
    const second = reader.push(bytes.subarray(10, 40));
    const third = reader.push(bytes.subarray(40));
    expect(first.messages).toEqual([]);
    expect([...second.messages, ...third.messages]).toEqual([ping, { ...ping, id: 2 }]);
    expect([...first.problems, ...second.problems, ...third.problems]).toEqual([]);
  });

  it('keeps a multibyte character split across chunks whole', () => {
    const reader = new JsonRpcLineReader();
    const message = { jsonrpc: '2.0', method: 'notifications/message', params: { text: 'héllo ✓' } };
    const bytes = Buffer.from(line(message));
    const cut = bytes.indexOf(0xe2) + 1;
    expect(reader.push(bytes.subarray(0, cut)).messages).toEqual([]);
    expect(reader.push(bytes.subarray(cut)).messages).toEqual([message]);
  });

  it('reports a line that is not a message with its text, and goes on with the next one', () => {
    const reader = new JsonRpcLineReader();
    const result = reader.push(Buffer.from(`Server starting on stdio...\n\n${line(ping)}{"jsonrpc":"1.0"}\n`));
    expect(result.messages).toEqual([ping]);
    expect(result.problems).toEqual([
      'a line that is not a JSON-RPC message: Server starting on stdio...',
      'a line that is not a JSON-RPC message: {"jsonrpc":"1.0"}',
    ]);
  });

  it('X: drops a line longer than the limit up to its end, once, and reads the next one', () => {
    const reader = new JsonRpcLineReader(100);
    const oversized: OversizedLine[] = [];
    const messages: unknown[] = [];
    for (const chunk of ['x'.repeat(60), 'x'.repeat(60), 'x'.repeat(60), `xx\n${line(ping)}`]) {
      const result = reader.push(Buffer.from(chunk));
      expect(result.problems).toEqual([]);
      oversized.push(...result.oversized);
      messages.push(...result.messages);
    }
    expect(oversized).toEqual([{ bytes: 182, id: undefined, isRequest: false }]);
    expect(messages).toEqual([ping]);
  });

  it('X: drops a complete line longer than the limit that came in one chunk', () => {
    const reader = new JsonRpcLineReader(100);
    const result = reader.push(Buffer.from(`${'y'.repeat(150)}\n${line(ping)}`));
    expect(result).toEqual({
      messages: [ping],
      problems: [],
      oversized: [{ bytes: 150, id: undefined, isRequest: false }],
    });
  });

  it("X: reads an over-long message's id from its start or its end, so it can be answered", () => {
    const big = 'z'.repeat(20_000);
    const reader = new JsonRpcLineReader(1000);
    // The SDK's order (id last), a Python client's (id first), a string id, and an answer.
    const sdkOrder = {
      method: 'tools/call',
      params: { name: 'fs_write', arguments: { content: big } },
      jsonrpc: '2.0',
      id: 7,
    };
    const idFirst = { jsonrpc: '2.0', id: 'call-8', method: 'tools/call', params: { arguments: { content: big } } };
    const answer = { result: { content: [{ type: 'text', text: big }] }, jsonrpc: '2.0', id: 9 };
    const chunks = Buffer.from([sdkOrder, idFirst, answer].map(line).join(''));
    const oversized: OversizedLine[] = [];
    for (let start = 0; start < chunks.length; start += 4096)
      oversized.push(...reader.push(chunks.subarray(start, start + 4096)).oversized);
    expect(oversized.map(({ id, isRequest }) => ({ id, isRequest }))).toEqual([
      { id: 7, isRequest: true },
      { id: 'call-8', isRequest: true },
      { id: 9, isRequest: false },
    ]);
  });
});

describe('readMessageId', () => {
  const id = (head: string, tail = '') => readMessageId(Buffer.from(head), Buffer.from(tail));

  it('never takes an id nested in params, nor one inside a string, for the message id', () => {
    expect(id('{"method":"tools/call","params":{"id":5,')).toBeUndefined();
    expect(id('{"params":{"x":', '"id":5}}')).toBeUndefined();
    expect(id('{"params":{"x":', '"id":5},"jsonrpc":"2.0"}')).toBeUndefined();
    expect(id('{"params":{"text":"', 'a \\"id\\":5}"}}')).toBeUndefined();
    expect(id('{"method":"notifications/message","params":{', '"level":"info"},"jsonrpc":"2.0"}')).toBeUndefined();
  });

  it('reads numbers and strings (escapes included), at either edge, CRLF or not', () => {
    expect(id('{"jsonrpc":"2.0","id":-3,"method":"x","params":{')).toBe(-3);
    expect(id('{ "id" : "a\\"b" , "params": {')).toBe('a"b');
    expect(id('{"params":{', '},"jsonrpc":"2.0","id":12}\r')).toBe(12);
    expect(id('{"params":{', '},"id":"last","jsonrpc":"2.0"}')).toBe('last');
  });
});

describe('preview', () => {
  it('makes control characters visible and cuts at 200 characters', () => {
    expect(preview('a\u001b[2Jb\u0007')).toBe('a\\u001b[2Jb\\u0007');
    expect(preview('z'.repeat(300))).toBe(`${'z'.repeat(200)}…`);
  });
});
