import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { appendedText, type LifecycleOutcome, resultForOutcome, textOfContent } from './tool-call-result.ts';

const image = { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' };
const input = { text: 'hi' };

describe('textOfContent', () => {
  it("X: PostToolUse's tool_output is the text items joined with \\n; other items have no text", () => {
    expect(textOfContent([{ type: 'text', text: 'one' }, image, { type: 'text', text: 'two' }])).toBe('one\ntwo');
    expect(textOfContent([image])).toBe('');
    expect(textOfContent([])).toBe('');
  });
});

describe('appendedText', () => {
  it('P2: takes what was appended, without the separating newline', () => {
    expect(appendedText('out\nctx\n[hook] flagged', 'out')).toBe('ctx\n[hook] flagged');
    expect(appendedText('out\nctx', 'out\n')).toBe('ctx');
    expect(appendedText('ctx', '')).toBe('ctx');
    expect(appendedText('out', 'out')).toBe('');
    expect(appendedText('out\n', 'out\n')).toBe('');
  });

  it('keeps a context that itself starts with a newline after an output ending in one', () => {
    expect(appendedText('out\n\nctx', 'out\n')).toBe('\nctx');
  });

  it('says when the composed text does not start with the output', () => {
    expect(appendedText('other', 'out')).toBeUndefined();
  });
});

describe('resultForOutcome', () => {
  it('L2: a blocked call is one text item with the message, isError', () => {
    const outcome: LifecycleOutcome = {
      status: 'blocked',
      output: 'Blocked by hook: no rm -rf\nsee policy',
      inputAsRun: null,
    };
    expect(resultForOutcome(outcome, undefined)).toEqual({
      content: [{ type: 'text', text: 'Blocked by hook: no rm -rf\nsee policy' }],
      isError: true,
    });
  });

  it('L2: a call halted before it ran, and one refused by the permission system, are isError text', () => {
    expect(resultForOutcome({ status: 'halted', output: 'Halted by hook: stop', inputAsRun: null }, undefined)).toEqual(
      {
        content: [{ type: 'text', text: 'Halted by hook: stop' }],
        isError: true,
      },
    );
    expect(
      resultForOutcome({ status: 'blocked', output: 'Permission denied: fs_write', inputAsRun: null }, undefined),
    ).toEqual({
      content: [{ type: 'text', text: 'Permission denied: fs_write' }],
      isError: true,
    });
  });

  it('X, P2: success keeps the content untouched and adds the appended lines as one more text item', () => {
    const toolResult: CallToolResult = {
      content: [image, { type: 'text', text: 'a pixel' }],
      structuredContent: { width: 1 },
      _meta: { trace: 'x' },
    };
    const outcome: LifecycleOutcome = {
      status: 'ok',
      output: 'a pixel\npre context\n[hook] flagged',
      inputAsRun: input,
    };
    expect(resultForOutcome(outcome, toolResult)).toEqual({
      content: [image, { type: 'text', text: 'a pixel' }, { type: 'text', text: 'pre context\n[hook] flagged' }],
      structuredContent: { width: 1 },
      _meta: { trace: 'x' },
    });
  });

  it('P2: with nothing appended the result is the tool result as it was', () => {
    const toolResult: CallToolResult = { content: [{ type: 'text', text: 'plain' }] };
    expect(resultForOutcome({ status: 'ok', output: 'plain', inputAsRun: input }, toolResult)).toEqual(toolResult);
  });

  it('P4: a PostToolUse halt after the call ran still returns the composed output, not an error', () => {
    const toolResult: CallToolResult = { content: [{ type: 'text', text: 'done' }] };
    expect(resultForOutcome({ status: 'halted', output: 'done\npost context', inputAsRun: input }, toolResult)).toEqual(
      {
        content: [
          { type: 'text', text: 'done' },
          { type: 'text', text: 'post context' },
        ],
      },
    );
  });

  it("L4: a server's isError result keeps its content, gets the PreToolUse context as one more item, and stays isError", () => {
    const toolResult: CallToolResult = { content: [{ type: 'text', text: 'failed: disk full' }], isError: true };
    expect(
      resultForOutcome(
        { status: 'error', output: 'failed: disk full\nchecked by policy', inputAsRun: input },
        toolResult,
      ),
    ).toEqual({
      content: [
        { type: 'text', text: 'failed: disk full' },
        { type: 'text', text: 'checked by policy' },
      ],
      isError: true,
    });
  });

  it('L4: a failure without content of its own (timeout, crash, built-in error) is one text item, isError', () => {
    expect(resultForOutcome({ status: 'error', output: 'hang: no answer\nctx', inputAsRun: input }, undefined)).toEqual(
      {
        content: [{ type: 'text', text: 'hang: no answer\nctx' }],
        isError: true,
      },
    );
  });

  it('never loses the composed text when it does not start with the output', () => {
    const toolResult: CallToolResult = { content: [{ type: 'text', text: 'raw' }] };
    expect(resultForOutcome({ status: 'ok', output: 'something else', inputAsRun: input }, toolResult).content).toEqual(
      [
        { type: 'text', text: 'raw' },
        { type: 'text', text: 'something else' },
      ],
    );
  });
});
