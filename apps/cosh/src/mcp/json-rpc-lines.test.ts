import { describe, expect, it } from 'vitest';
import { JsonRpcLineReader, preview } from './json-rpc-lines.ts';

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

  it('drops a line longer than the limit up to its end, once, and reads the next one', () => {
    const reader = new JsonRpcLineReader(100);
    const problems: string[] = [];
    const messages: unknown[] = [];
    for (const chunk of ['x'.repeat(60), 'x'.repeat(60), 'x'.repeat(60), `xx\n${line(ping)}`]) {
      const result = reader.push(Buffer.from(chunk));
      problems.push(...result.problems);
      messages.push(...result.messages);
    }
    expect(problems).toEqual(['a line longer than 100 bytes, dropped']);
    expect(messages).toEqual([ping]);
  });

  it('drops a complete line longer than the limit that came in one chunk', () => {
    const reader = new JsonRpcLineReader(100);
    const result = reader.push(Buffer.from(`${'y'.repeat(150)}\n${line(ping)}`));
    expect(result).toEqual({ messages: [ping], problems: ['a line longer than 100 bytes, dropped'] });
  });
});

describe('preview', () => {
  it('makes control characters visible and cuts at 200 characters', () => {
    expect(preview('a\u001b[2Jb\u0007')).toBe('a\\u001b[2Jb\\u0007');
    expect(preview('z'.repeat(300))).toBe(`${'z'.repeat(200)}…`);
  });
});
