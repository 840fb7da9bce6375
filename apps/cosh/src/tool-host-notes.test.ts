import type { PostToolUseResult, PreToolUseResult } from '@cosh/hooks';
import { describe, expect, it } from 'vitest';
import { callNotes } from './tool-host-notes.ts';

const verdict = {
  decision: 'none',
  halt: false,
  reasons: [],
  context: '',
  toolInput: {},
  hooks: [],
  diagnostics: [],
  durationMs: 1,
} as const;
const pre: PreToolUseResult = { ...verdict, event: 'PreToolUse', toolName: 'bash_run' };
const post: PostToolUseResult = { ...verdict, event: 'PostToolUse', toolName: 'bash_run', toolOutput: '' };

describe('callNotes', () => {
  it('says nothing about a clean call', () => {
    expect(
      callNotes({ toolName: 'bash_run', pre, post, blockedBy: null, permissionMessage: null, historyError: null }),
    ).toEqual([]);
  });

  it('lists diagnostics by event, made inert, then the refusal hint, a late halt and a history failure', () => {
    const notes = callNotes({
      toolName: 'bash_run',
      pre: { ...pre, diagnostics: [{ level: 'error', hook: 'h', message: "hook 'h' exited 1: \u001b[31mboom\nline" }] },
      post: { ...post, halt: true, reasons: ['stop'], diagnostics: [{ level: 'warning', hook: null, message: 'w' }] },
      blockedBy: null,
      permissionMessage: null,
      historyError: 'cannot write to history file',
    });
    expect(notes).toEqual([
      "PreToolUse: error: hook 'h' exited 1: \\u001b[31mboom\\nline",
      'PostToolUse: warning: w',
      'a PostToolUse hook halted the turn after bash_run ran: stop',
      'warning: cannot write to history file',
    ]);
  });

  it('X: says why the permission system refused and how to allow it', () => {
    const notes = callNotes({
      toolName: 'fs_write',
      pre,
      post: null,
      blockedBy: 'permission',
      permissionMessage: 'no terminal to ask on; pass --permission allow',
      historyError: null,
    });
    expect(notes).toEqual(['fs_write was not run: no terminal to ask on; pass --permission allow']);
  });
});
