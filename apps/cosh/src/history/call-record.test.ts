import { describe, expect, it } from 'vitest';
import type { PreToolUseResult } from '@cosh/hooks';
import type { ToolCallResult } from '../tool-host-types.ts';
import { callRecord, unrunRecord } from './call-record.ts';

const recordKeys = [
  'id',
  'timestamp',
  'tool_name',
  'status',
  'error_code',
  'blocked_by',
  'output',
  'tool_input_as_given',
  'tool_input',
  'pre_tool_use',
  'post_tool_use',
  'halt',
  'halt_reasons',
  'permission_message',
  'durations_ms',
];

const pre: PreToolUseResult = {
  event: 'PreToolUse',
  toolName: 'bash_run',
  decision: 'deny',
  halt: false,
  reasons: ['no'],
  context: 'see policy',
  toolInput: { command: 'rm -rf /' },
  hooks: [
    {
      name: 'guard',
      command: 'exit 2',
      index: 0,
      layer: 'user',
      file: '/home/ada/.config/cosh/setup.json',
      outcome: 'deny',
      exitCode: 2,
      signal: null,
      timedOut: false,
      truncated: false,
      durationMs: 4.6,
      deduplicated: false,
      duplicateOf: null,
      reason: 'no',
      context: null,
      updatedInput: null,
      stdin: '{"event":"PreToolUse","tool_name":"bash_run","tool_input":{"command":"rm -rf /"}}\n',
      stdout: 'x'.repeat(1000),
      stderr: 'no',
    },
    {
      name: 'guard again',
      command: 'exit 2',
      index: 1,
      layer: 'user',
      file: '/home/ada/.config/cosh/setup.json',
      outcome: null,
      exitCode: null,
      signal: null,
      timedOut: false,
      truncated: false,
      durationMs: null,
      deduplicated: true,
      duplicateOf: 'guard',
      reason: null,
      context: null,
      updatedInput: null,
      stdin: '',
      stdout: '',
      stderr: '',
    },
  ],
  diagnostics: [{ level: 'warning', hook: null, message: 'something' }],
  durationMs: 5.2,
};

const blocked: Omit<ToolCallResult, 'historyError'> = {
  timestamp: '2025-01-02T03:04:05.000Z',
  toolName: 'bash_run',
  status: 'blocked',
  rejected: null,
  blockedBy: 'hook',
  output: 'Blocked by hook: no\nsee policy',
  inputAsGiven: { command: 'rm -rf /' },
  inputAsRun: null,
  toolOutput: null,
  pre,
  post: null,
  halt: false,
  haltReasons: [],
  permissionMessage: null,
  durations: { preToolUseMs: 5.4, permissionMs: null, toolMs: null, postToolUseMs: null, totalMs: 6.5 },
};

describe('callRecord', () => {
  it('L2: is snake_case, every key present in a fixed order, hooks summarised without their stdout and stderr', () => {
    const record = callRecord(blocked, 'c1');
    expect(Object.keys(record)).toEqual(recordKeys);
    expect(record).toEqual({
      id: 'c1',
      timestamp: '2025-01-02T03:04:05.000Z',
      tool_name: 'bash_run',
      status: 'blocked',
      error_code: null,
      blocked_by: 'hook',
      output: 'Blocked by hook: no\nsee policy',
      tool_input_as_given: { command: 'rm -rf /' },
      tool_input: null,
      pre_tool_use: {
        decision: 'deny',
        halt: false,
        reasons: ['no'],
        context: 'see policy',
        diagnostics: [{ level: 'warning', hook: null, message: 'something' }],
        hooks: [
          {
            name: 'guard',
            outcome: 'deny',
            exit_code: 2,
            signal: null,
            timed_out: false,
            truncated: false,
            duration_ms: 5,
            deduplicated: false,
            layer: 'user',
            reason: 'no',
            context: null,
          },
          {
            name: 'guard again',
            outcome: null,
            exit_code: null,
            signal: null,
            timed_out: false,
            truncated: false,
            duration_ms: null,
            deduplicated: true,
            layer: 'user',
            reason: null,
            context: null,
          },
        ],
        duration_ms: 5,
        tool_input: { command: 'rm -rf /' },
      },
      post_tool_use: null,
      halt: false,
      halt_reasons: [],
      permission_message: null,
      durations_ms: { pre_tool_use: 5, permission: null, tool: null, post_tool_use: null, total: 7 },
    });
  });

  it('has id null when the caller gave none', () => {
    expect(callRecord(blocked).id).toBeNull();
  });
});

describe('unrunRecord', () => {
  it('L3: a skipped call has the same keys, and nothing ran', () => {
    const record = unrunRecord({
      id: 7,
      toolName: 'fs_read',
      status: 'skipped',
      errorCode: null,
      output: 'Skipped: …',
      inputAsGiven: { path: 'a' },
    });
    expect(Object.keys(record)).toEqual(recordKeys);
    expect(record).toMatchObject({
      id: 7,
      status: 'skipped',
      tool_input: null,
      pre_tool_use: null,
      post_tool_use: null,
      halt: false,
    });
  });
});
