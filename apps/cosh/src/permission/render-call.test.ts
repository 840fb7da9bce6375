import { describe, expect, it } from 'vitest';
import { renderCall, renderWholeCall } from './render-call.ts';

describe('renderCall', () => {
  it('T: bash_run shows the command itself, where it runs and its timeout', () => {
    expect(
      renderCall({
        toolName: 'bash_run',
        toolInput: { command: 'rm -rf build && make', timeout: 30 },
        cwd: '/home/me/project',
      }),
    ).toBe('bash_run wants to run, in /home/me/project:\n  $ rm -rf build && make\n  (timeout: 30 s)');
  });

  it('T: a multi-line command shows every line', () => {
    expect(renderCall({ toolName: 'bash_run', toolInput: { command: 'cat <<EOF > x\nhello\nEOF' } })).toBe(
      'bash_run wants to run:\n  $ cat <<EOF > x\n  > hello\n  > EOF',
    );
  });

  it('T: a very long command is shown in part with a warning', () => {
    const command = Array.from({ length: 205 }, (_, index) => `echo ${index}`).join('\n');
    const lines = renderCall({ toolName: 'bash_run', toolInput: { command } }).split('\n');
    expect(lines).toHaveLength(1 + 200 + 1);
    expect(lines.at(-1)).toBe('  [5 more lines of this command are not shown: refuse unless you trust all of it]');
  });

  it('T: terminal control and invisible characters are shown as escapes, never sent to the terminal', () => {
    const command = 'rm -rf ~\r\u001b[2Kecho harmless \u202egnp.exe\u200b';
    const shown = renderCall({ toolName: 'bash_run', toolInput: { command } });
    expect(shown).toBe('bash_run wants to run:\n  $ rm -rf ~\\r\\u001b[2Kecho harmless \\u202egnp.exe\\u200b');
    expect(shown).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e\u200b]/);
  });

  it('T: fs_write shows the path, the size and the start of the content', () => {
    const content = Array.from({ length: 25 }, (_, index) => `line ${index + 1}`).join('\n');
    const lines = renderCall({ toolName: 'fs_write', toolInput: { path: 'notes.txt', content } }).split('\n');
    expect(lines[0]).toBe(`fs_write wants to write ${Buffer.byteLength(content)} bytes to notes.txt:`);
    expect(lines.slice(1, 3)).toEqual(['  | line 1', '  | line 2']);
    expect(lines).toHaveLength(1 + 20 + 1);
    expect(lines.at(-1)).toBe('  … (5 more lines)');
    expect(renderCall({ toolName: 'fs_write', toolInput: { path: 'empty', content: '' } })).toBe(
      'fs_write wants to write 0 bytes to empty (an empty file)',
    );
  });

  it('T: fs_read and find_grep say what they read', () => {
    expect(renderCall({ toolName: 'fs_read', toolInput: { path: '/etc/passwd' } })).toBe(
      'fs_read wants to read /etc/passwd',
    );
    expect(renderCall({ toolName: 'find_grep', toolInput: { pattern: 'TODO', path: 'src' } })).toBe(
      'find_grep wants to search for /TODO/ in src',
    );
    expect(renderCall({ toolName: 'find_grep', toolInput: { pattern: 'x' } })).toBe(
      'find_grep wants to search for /x/ in .',
    );
  });

  it('T: fields a tool does not know are still shown', () => {
    expect(renderCall({ toolName: 'bash_run', toolInput: { command: 'ls', env: { X: '1' } } })).toBe(
      'bash_run wants to run:\n  $ ls\n  other input fields:\n    {\n      "env": {\n        "X": "1"\n      }\n    }',
    );
  });

  it('T: any other tool, or an input of an unexpected shape, is shown as JSON', () => {
    expect(renderCall({ toolName: 'github__create_issue', toolInput: { title: 'Bug', labels: ['a'] } })).toBe(
      'github__create_issue wants to run with this input:\n  {\n    "title": "Bug",\n    "labels": [\n      "a"\n    ]\n  }',
    );
    expect(renderCall({ toolName: 'bash_run', toolInput: { command: 42 } })).toBe(
      'bash_run wants to run with this input:\n  {\n    "command": 42\n  }',
    );
  });

  it('T: fs_write says whether it creates or replaces the file, with the sizes, when the prompt knows', () => {
    const toolInput = { path: 'notes.txt', content: 'hello' };
    expect(renderCall({ toolName: 'fs_write', toolInput }, { existingBytes: null })).toBe(
      'fs_write wants to create notes.txt (5 bytes):\n  | hello',
    );
    expect(renderCall({ toolName: 'fs_write', toolInput }, { existingBytes: 3 * 1024 * 1024 })).toBe(
      'fs_write wants to replace notes.txt (3 MiB now, 5 bytes after):\n  | hello',
    );
    expect(renderCall({ toolName: 'fs_write', toolInput: { path: 'x', content: '' } }, { existingBytes: 1 })).toBe(
      'fs_write wants to replace x (1 byte now, 0 bytes after) (an empty file)',
    );
  });

  it("A7/T: a call hooks rewrote says (rewritten by hook '<name>'), names escaped", () => {
    const toolInput = { command: 'ls --color=never' };
    expect(renderCall({ toolName: 'bash_run', toolInput, rewrittenBy: ['colour'] })).toBe(
      "bash_run wants to run (rewritten by hook 'colour'):\n  $ ls --color=never",
    );
    expect(renderCall({ toolName: 'bash_run', toolInput, cwd: '/p', rewrittenBy: ['a', 'b\u001b[2K'] })).toBe(
      "bash_run wants to run, in /p (rewritten by hooks 'a', 'b\\u001b[2K'):\n  $ ls --color=never",
    );
    expect(renderCall({ toolName: 'bash_run', toolInput, rewrittenBy: [] })).toBe(
      'bash_run wants to run:\n  $ ls --color=never',
    );
  });

  it('T: renderWholeCall shows every line and whole lines, and is undefined when nothing was cut', () => {
    const content = Array.from({ length: 25 }, (_, index) => `line ${index + 1}`).join('\n');
    const whole = renderWholeCall({ toolName: 'fs_write', toolInput: { path: 'n', content } });
    expect(whole?.split('\n')).toHaveLength(1 + 25);
    expect(whole?.split('\n').at(-1)).toBe('  | line 25');
    const wide = 'y'.repeat(500);
    expect(renderWholeCall({ toolName: 'fs_write', toolInput: { path: 'n', content: wide } })).toBe(
      `fs_write wants to write 500 bytes to n:\n  | ${wide}`,
    );
    expect(renderWholeCall({ toolName: 'bash_run', toolInput: { command: 'ls' } })).toBeUndefined();
  });

  it('K7: the prompt shows why the hooks asked, escaped like the call', () => {
    expect(
      renderCall({ toolName: 'fs_read', toolInput: { path: '.env' }, askReasons: ['reads a secret', 'a\u001b[2Jb'] }),
    ).toBe('fs_read wants to read .env\nA hook asked for confirmation:\n  - reads a secret\n  - a\\u001b[2Jb');
    expect(renderCall({ toolName: 'fs_read', toolInput: { path: '.env' }, askReasons: [] })).toBe(
      'fs_read wants to read .env\nA hook asked for confirmation.',
    );
  });
});
