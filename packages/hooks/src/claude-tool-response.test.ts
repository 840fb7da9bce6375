import { describe, expect, it } from 'vitest';
import { claudeToolResponse, countLines } from './claude-tool-response.ts';

describe('claudeToolResponse (K4)', () => {
  it('K4: Bash gets stdout and stderr apart, as the host knew them', () => {
    const output = 'hello\n[stderr]\nwarning\n[exit code: 0]';
    expect(
      claudeToolResponse('bash_run', { command: 'x' }, { output, stdout: 'hello\n', stderr: 'warning\n' }),
    ).toEqual({
      stdout: 'hello\n',
      stderr: 'warning\n',
      interrupted: false,
      isImage: false,
    });
    // A host that only has the text gives it as stdout: never parsed back.
    expect(claudeToolResponse('bash_run', { command: 'x' }, { output })).toEqual({
      stdout: output,
      stderr: '',
      interrupted: false,
      isImage: false,
    });
  });

  it('K4: Read gets the file with its path and line counts', () => {
    expect(claudeToolResponse('fs_read', { file_path: '/repo/a.txt' }, { output: 'one\ntwo\n' })).toEqual({
      type: 'text',
      file: { filePath: '/repo/a.txt', content: 'one\ntwo\n', numLines: 2, startLine: 1, totalLines: 2 },
    });
  });

  it('K4: Write says create or update, with what was written', () => {
    const input = { file_path: '/repo/a.txt', content: 'new text' };
    expect(claudeToolResponse('fs_write', input, { output: 'wrote 8 bytes', created: true })).toEqual({
      type: 'create',
      filePath: '/repo/a.txt',
      content: 'new text',
      success: true,
    });
    expect(claudeToolResponse('fs_write', input, { output: 'wrote 8 bytes', created: false })).toMatchObject({
      type: 'update',
    });
    expect(claudeToolResponse('fs_write', input, { output: 'wrote 8 bytes' })).toMatchObject({ type: 'update' });
  });

  it("K4: Edit gets Claude Code's shape: the strings, the original file and a structured patch", () => {
    const input = { file_path: '/repo/a.txt', old_string: 'b', new_string: 'B', replace_all: false };
    const edit = {
      before: 'a\nb\nc\n',
      after: 'a\nB\nc\n',
      changes: [{ oldStart: 2, oldLines: 1, newStart: 2, newLines: 1 }],
    };
    expect(claudeToolResponse('fs_edit', input, { output: 'edited …', edit })).toEqual({
      filePath: '/repo/a.txt',
      oldString: 'b',
      newString: 'B',
      originalFile: 'a\nb\nc\n',
      structuredPatch: [{ oldStart: 1, oldLines: 3, newStart: 1, newLines: 3, lines: [' a', '-b', '+B', ' c'] }],
      userModified: false,
      replaceAll: false,
    });
  });

  it("K4: MultiEdit gets Claude Code's shape: the edits, the original file and a structured patch", () => {
    const edits = [{ old_string: 'a', new_string: 'A' }];
    const edit = { before: 'a\n', after: 'A\n', changes: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1 }] };
    expect(claudeToolResponse('fs_edit', { file_path: '/repo/a.txt', edits }, { output: 'edited …', edit })).toEqual({
      filePath: '/repo/a.txt',
      edits,
      originalFileContents: 'a\n',
      structuredPatch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '+A'] }],
      userModified: false,
    });
    // Without the edit's parts (a host that has only the text): no patch, no original.
    expect(claudeToolResponse('fs_edit', { file_path: '/a', edits }, { output: 'edited' })).toMatchObject({
      originalFileContents: null,
      structuredPatch: [],
    });
  });

  it('K4: Grep gets the rows in content mode with their count', () => {
    expect(claudeToolResponse('find_grep', { pattern: 'x' }, { output: 'a.ts:1:x\nb.ts:9:x' })).toEqual({
      mode: 'content',
      content: 'a.ts:1:x\nb.ts:9:x',
      numLines: 2,
    });
  });

  it('K4: an MCP tool (or any other) gets one text item', () => {
    expect(claudeToolResponse('create_issue', {}, { output: 'created #4' }, 'github')).toEqual([
      { type: 'text', text: 'created #4' },
    ]);
    expect(claudeToolResponse('bash_run', {}, { output: 'proxied' }, 'shell')).toEqual([
      { type: 'text', text: 'proxied' },
    ]);
    expect(claudeToolResponse('other', {}, { output: '' })).toEqual([{ type: 'text', text: '' }]);
  });
});

describe('countLines', () => {
  it('K4: a final newline ends a line; an empty text has none', () => {
    expect(['', 'a', 'a\n', 'a\nb', 'a\nb\n', '\n', '\n\n', 'a\r\nb'].map(countLines)).toEqual([
      0, 1, 1, 2, 2, 1, 2, 2,
    ]);
  });
});
