import { describe, expect, it } from 'vitest';
import { coshToolOutput } from './claude-tool-output.ts';
import { claudeToolResponse } from './claude-tool-response.ts';

describe('coshToolOutput (K8: Claude tool_response → Cosh tool_output)', () => {
  it('K8: Bash reads as bash_run prints, without the exit code Claude does not report', () => {
    expect(
      coshToolOutput('bash_run', { stdout: 'a\nb', stderr: 'warn\n', interrupted: false, isImage: false }),
    ).toEqual({
      output: 'a\nb\n[stderr]\nwarn\n',
      stdout: 'a\nb',
      stderr: 'warn\n',
    });
    expect(coshToolOutput('bash_run', { stdout: '', stderr: '', interrupted: true }).output).toBe('[interrupted]\n');
  });

  it('K8: Read is the file text; Write says what it wrote; Grep is its content or its file names', () => {
    expect(coshToolOutput('fs_read', { type: 'text', file: { filePath: '/a', content: 'x\n', numLines: 1 } })).toEqual({
      output: 'x\n',
    });
    expect(coshToolOutput('fs_write', { type: 'create', filePath: '/r/a.txt', content: 'hé', success: true })).toEqual({
      output: 'wrote 3 bytes to /r/a.txt (new file)',
      created: true,
    });
    expect(coshToolOutput('fs_write', { type: 'update', filePath: '/r/a.txt', content: 'h' })).toEqual({
      output: 'wrote 1 byte to /r/a.txt',
      created: false,
    });
    expect(coshToolOutput('find_grep', { mode: 'content', content: 'a.ts:1:x', numLines: 1 }).output).toBe('a.ts:1:x');
    expect(coshToolOutput('find_grep', { mode: 'files_with_matches', filenames: ['a.ts', 'b.ts'] }).output).toBe(
      'a.ts\nb.ts',
    );
  });

  it('K8: Edit and MultiEdit read as what fs_edit says it did', () => {
    const edit = { filePath: '/r/a.txt', oldString: 'x', newString: 'y', originalFile: 'x x\nx', replaceAll: false };
    expect(coshToolOutput('fs_edit', edit)).toEqual({ output: 'edited /r/a.txt: replaced 1 occurrence' });
    expect(coshToolOutput('fs_edit', { ...edit, replaceAll: true })).toEqual({
      output: 'edited /r/a.txt: replaced 3 occurrences',
    });
    const edits = [
      { old_string: 'a', new_string: 'b' },
      { old_string: 'c', new_string: 'd' },
    ];
    expect(coshToolOutput('fs_edit', { filePath: '/r/a.txt', edits, originalFileContents: 'ac' })).toEqual({
      output: 'edited /r/a.txt: 2 edits',
    });
  });

  it('K8: MCP results are their text items joined with a newline; other shapes are JSON; strings stay', () => {
    const content = [
      { type: 'text', text: 'one' },
      { type: 'image', data: 'x' },
      { type: 'text', text: 'two' },
    ];
    expect(coshToolOutput('create_issue', content, 'github').output).toBe('one\ntwo');
    expect(coshToolOutput('create_issue', { content }, 'github').output).toBe('one\ntwo');
    expect(coshToolOutput('Edit', { filePath: '/a', oldString: 'x' }).output).toBe('{"filePath":"/a","oldString":"x"}');
    expect(coshToolOutput('WebFetch', 'page text').output).toBe('page text');
    expect(coshToolOutput('fs_read', null).output).toBe('null');
    expect(coshToolOutput('fs_read', undefined).output).toBe('');
  });

  it('K4/K8: a response built by Cosh reads back to the same parts', () => {
    const parts = { output: 'ok\n[stderr]\nno\n', stdout: 'ok\n', stderr: 'no\n' };
    const response = claudeToolResponse('bash_run', { command: 'x' }, parts);
    expect(coshToolOutput('bash_run', response)).toEqual(parts);
  });
});
