import { aggregatePreToolUse, interpretClaudeRun, interpretRun } from '@cosh/aggregate';
import { describe, expect, it } from 'vitest';
import { toClaudeFieldsOf, toClaudeToolInput, toCoshToolInput, translateUpdatedInput } from './claude-tool-input.ts';

const cwd = '/home/ada/repo';

describe('toClaudeToolInput (K3)', () => {
  it('K3: bash_run {command, timeout s} → Bash {command, timeout ms}', () => {
    expect(toClaudeToolInput('bash_run', { command: 'npm test', timeout: 30 }, cwd)).toEqual({
      command: 'npm test',
      timeout: 30000,
    });
    expect(toClaudeToolInput('bash_run', { command: 'ls' }, cwd)).toEqual({ command: 'ls' });
    // Whole milliseconds, without floating-point noise.
    expect(toClaudeToolInput('bash_run', { command: 'ls', timeout: 1.1 }, cwd)).toEqual({
      command: 'ls',
      timeout: 1100,
    });
  });

  it('K3: fs_read {path} → Read {file_path}, made absolute against the cwd', () => {
    expect(toClaudeToolInput('fs_read', { path: 'src/a.ts' }, cwd)).toEqual({ file_path: '/home/ada/repo/src/a.ts' });
    expect(toClaudeToolInput('fs_read', { path: './src/../.env' }, cwd)).toEqual({ file_path: '/home/ada/repo/.env' });
    expect(toClaudeToolInput('fs_read', { path: '/etc/passwd' }, cwd)).toEqual({ file_path: '/etc/passwd' });
    expect(toClaudeToolInput('fs_read', { path: '/etc//ssh/' }, cwd)).toEqual({ file_path: '/etc/ssh' });
  });

  it('K3: fs_write {path, content} → Write {file_path, content}', () => {
    expect(toClaudeToolInput('fs_write', { path: 'notes.md', content: '# hi\n' }, cwd)).toEqual({
      file_path: '/home/ada/repo/notes.md',
      content: '# hi\n',
    });
  });

  it('K3: fs_edit {path, old_string, new_string, replace_all?} → Edit {file_path, old_string, new_string, replace_all}', () => {
    expect(toClaudeToolInput('fs_edit', { path: 'a.ts', old_string: 'x', new_string: 'y' }, cwd)).toEqual({
      file_path: '/home/ada/repo/a.ts',
      old_string: 'x',
      new_string: 'y',
      replace_all: false,
    });
    expect(
      toClaudeToolInput('fs_edit', { path: '/a.ts', old_string: 'x', new_string: 'y', replace_all: true }, cwd),
    ).toEqual({ file_path: '/a.ts', old_string: 'x', new_string: 'y', replace_all: true });
  });

  it('K3: fs_edit {path, edits} → MultiEdit {file_path, edits}', () => {
    const edits = [
      { old_string: 'a', new_string: 'b' },
      { old_string: 'c', new_string: 'd', replace_all: true },
    ];
    expect(toClaudeToolInput('fs_edit', { path: 'src/../a.ts', edits }, cwd)).toEqual({
      file_path: '/home/ada/repo/a.ts',
      edits,
    });
  });

  it('K3: find_grep {pattern, path?} → Grep {pattern, path?, output_mode: "content", "-n": true}', () => {
    expect(toClaudeToolInput('find_grep', { pattern: 'TODO', path: 'src' }, cwd)).toEqual({
      pattern: 'TODO',
      path: '/home/ada/repo/src',
      output_mode: 'content',
      '-n': true,
    });
    expect(toClaudeToolInput('find_grep', { pattern: 'TODO' }, cwd)).toEqual({
      pattern: 'TODO',
      output_mode: 'content',
      '-n': true,
    });
  });

  it('K3: other fields the model sent pass through; values of an unexpected type pass as they are', () => {
    expect(toClaudeToolInput('bash_run', { command: 'ls', timeout: '30', cwd: '/tmp' }, cwd)).toEqual({
      command: 'ls',
      timeout: '30',
      cwd: '/tmp',
    });
    expect(toClaudeToolInput('fs_read', { path: 7 }, cwd)).toEqual({ file_path: 7 });
  });

  it('K3: a mapped field wins over a passed-through field of the same name', () => {
    expect(toClaudeToolInput('fs_read', { file_path: '/x', path: 'y' }, cwd)).toEqual({
      file_path: '/home/ada/repo/y',
    });
    expect(toClaudeToolInput('fs_read', { path: 'y', file_path: '/x' }, cwd)).toEqual({
      file_path: '/home/ada/repo/y',
    });
    expect(toClaudeToolInput('find_grep', { pattern: 'x', output_mode: 'count' }, cwd)).toMatchObject({
      output_mode: 'content',
    });
  });

  it('K3: MCP inputs and unknown tools are unchanged (the same object)', () => {
    const input = { path: 'a', timeout: 5 };
    expect(toClaudeToolInput('read_file', input, cwd)).toBe(input);
    expect(toClaudeToolInput('fs_read', input, cwd, 'filesystem')).toBe(input);
  });

  it('A7: a __proto__ key stays an ordinary key', () => {
    const input = JSON.parse('{"command":"ls","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const translated = toClaudeToolInput('bash_run', input, cwd);
    expect(Object.hasOwn(translated, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(translated)).toBe(Object.prototype);
    expect(JSON.stringify(translated)).toBe('{"command":"ls","__proto__":{"polluted":true}}');
  });
});

describe('toCoshToolInput (K8)', () => {
  it('K8: Claude inputs read back into the Cosh tool fields; Claude-only fields are not Cosh fields', () => {
    expect(
      toCoshToolInput('bash_run', { command: 'ls', timeout: 120000, description: 'List', run_in_background: false }),
    ).toEqual({ command: 'ls', timeout: 120 });
    expect(toCoshToolInput('fs_read', { file_path: '/repo/a.ts', offset: 10, limit: 5 })).toEqual({
      path: '/repo/a.ts',
    });
    expect(toCoshToolInput('fs_write', { file_path: '/repo/a.ts', content: 'x' })).toEqual({
      path: '/repo/a.ts',
      content: 'x',
    });
    // K3's own image of find_grep reads back to exactly find_grep's input.
    expect(toCoshToolInput('find_grep', { pattern: 'x', path: '/p', output_mode: 'content', '-n': true })).toEqual({
      pattern: 'x',
      path: '/p',
    });
    expect(toCoshToolInput('find_grep', { pattern: 'x', glob: '*.ts', output_mode: 'files_with_matches' })).toEqual({
      pattern: 'x',
    });
  });

  it('K8: Edit and MultiEdit read back as fs_edit in its two forms', () => {
    expect(
      toCoshToolInput('fs_edit', { file_path: '/repo/a', old_string: 'x', new_string: 'y', replace_all: false }),
    ).toEqual({ path: '/repo/a', old_string: 'x', new_string: 'y', replace_all: false });
    const edits = [{ old_string: 'x', new_string: 'y' }];
    expect(toCoshToolInput('fs_edit', { file_path: '/repo/a', edits })).toEqual({ path: '/repo/a', edits });
  });

  it('K8: a tool with no twin keeps its input', () => {
    const input = { notebook_path: '/a.ipynb', new_source: 'x' };
    expect(toCoshToolInput('NotebookEdit', input)).toBe(input);
  });
});

describe('translateUpdatedInput (K3, K5)', () => {
  const bash = {
    toolName: 'bash_run',
    hookName: 'quiet',
    coshInput: { command: 'npm test', timeout: 60 },
    claudeInput: { command: 'npm test', timeout: 60000 },
  };

  it('K5: a changed twin field comes back under its Cosh name, converted', () => {
    expect(translateUpdatedInput({ command: 'npm test -- --silent', timeout: 60000 }, bash)).toEqual({
      updatedInput: { command: 'npm test -- --silent' },
      diagnostics: [],
    });
    expect(translateUpdatedInput({ timeout: 5000 }, bash)).toEqual({ updatedInput: { timeout: 5 }, diagnostics: [] });
  });

  it('K5: an echo of the whole input changes nothing', () => {
    expect(translateUpdatedInput({ command: 'npm test', timeout: 60000 }, bash)).toEqual({
      updatedInput: null,
      diagnostics: [],
    });
  });

  it('K5: a Claude field without a Cosh twin is dropped silently when unchanged, with a warning when changed or added', () => {
    const grep = {
      toolName: 'find_grep',
      hookName: 'grep guard',
      coshInput: { pattern: 'x' },
      claudeInput: { pattern: 'x', output_mode: 'content', '-n': true },
    };
    expect(translateUpdatedInput({ pattern: 'y', output_mode: 'content', '-n': true }, grep)).toEqual({
      updatedInput: { pattern: 'y' },
      diagnostics: [],
    });
    const changed = translateUpdatedInput({ pattern: 'x', output_mode: 'count' }, grep);
    expect(changed).toEqual({
      updatedInput: null,
      diagnostics: [
        {
          level: 'warning',
          hook: 'grep guard',
          message: `hook 'grep guard' changed Grep field "output_mode" in updatedInput, which find_grep does not have; the change is dropped`,
        },
      ],
    });
    expect(translateUpdatedInput({ command: 'ls', description: 'List files', run_in_background: true }, bash)).toEqual({
      updatedInput: { command: 'ls' },
      diagnostics: [
        expect.objectContaining({ message: expect.stringContaining(`added Bash field "description"`) }),
        expect.objectContaining({ message: expect.stringContaining(`added Bash field "run_in_background"`) }),
      ],
    });
  });

  it('K5: a Cosh field name is not a Claude field: "path" in a Read answer is dropped, not applied', () => {
    const read = {
      toolName: 'fs_read',
      hookName: 'r',
      coshInput: { path: 'a.txt' },
      claudeInput: { file_path: `${cwd}/a.txt` },
    };
    const result = translateUpdatedInput({ path: '/etc/shadow' }, read);
    expect(result.updatedInput).toBeNull();
    expect(result.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      `hook 'r' added Read field "path" in updatedInput, which fs_read does not have; the change is dropped`,
    ]);
    expect(translateUpdatedInput({ file_path: '/tmp/b.txt' }, read).updatedInput).toEqual({ path: '/tmp/b.txt' });
  });

  it('K5: an Edit hook that turns on replace_all or moves the file is read back as fs_edit fields', () => {
    const coshInput = { path: 'a.txt', old_string: 'x', new_string: 'y' };
    const edit = {
      toolName: 'fs_edit',
      hookName: 'e',
      coshInput,
      claudeInput: toClaudeToolInput('fs_edit', coshInput, cwd),
    };
    // An echo, replace_all: false included, changes nothing.
    expect(translateUpdatedInput({ ...edit.claudeInput }, edit)).toEqual({ updatedInput: null, diagnostics: [] });
    expect(translateUpdatedInput({ ...edit.claudeInput, replace_all: true, file_path: '/b.txt' }, edit)).toEqual({
      updatedInput: { replace_all: true, path: '/b.txt' },
      diagnostics: [],
    });
    const several = { path: 'a.txt', edits: [{ old_string: 'x', new_string: 'y' }] };
    const multi = { ...edit, coshInput: several, claudeInput: toClaudeToolInput('fs_edit', several, cwd) };
    const edits = [{ old_string: 'x', new_string: 'z' }];
    expect(translateUpdatedInput({ edits, extra: 1 }, multi)).toEqual({
      updatedInput: { edits },
      diagnostics: [
        expect.objectContaining({
          message: `hook 'e' added MultiEdit field "extra" in updatedInput, which fs_edit does not have; the change is dropped`,
        }),
      ],
    });
  });

  it('K5: a field the Cosh input passed through keeps its name', () => {
    const context = { ...bash, coshInput: { command: 'ls', cwd: '/a' }, claudeInput: { command: 'ls', cwd: '/a' } };
    expect(translateUpdatedInput({ command: 'ls', cwd: '/b' }, context).updatedInput).toEqual({ cwd: '/b' });
  });

  it('K5: a Claude hook cannot remove a field: what it leaves out is simply not updated', () => {
    expect(translateUpdatedInput({}, bash)).toEqual({ updatedInput: null, diagnostics: [] });
  });

  it('K3, K5: MCP tools keep every changed field under its own name', () => {
    const context = {
      toolName: 'create_issue',
      mcpServer: 'github',
      hookName: 'h',
      coshInput: { title: 'a' },
      claudeInput: { title: 'a' },
    };
    expect(translateUpdatedInput({ title: 'a', body: 'b' }, context)).toEqual({
      updatedInput: { body: 'b' },
      diagnostics: [],
    });
  });

  it('K5, A7: a __proto__ key in updatedInput stays data', () => {
    const context = { toolName: 'x', hookName: 'h', coshInput: {}, claudeInput: {} };
    const updatedInput = JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    const result = translateUpdatedInput(updatedInput, context);
    expect(Object.hasOwn(result.updatedInput ?? {}, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('toClaudeFieldsOf (K8)', () => {
  it("K8: some Cosh fields in Claude terms, without Grep's fixed fields", () => {
    expect(toClaudeFieldsOf('find_grep', { path: 'lib' }, cwd)).toEqual({ path: '/home/ada/repo/lib' });
    expect(toClaudeFieldsOf('bash_run', { timeout: 2 }, cwd)).toEqual({ timeout: 2000 });
  });
});

describe("a Claude hook's rewrite through the verdict (K3, K5, A7)", () => {
  const facts = { exitCode: 0, signal: null, stderr: '', timedOut: false, truncated: false, startError: null };

  it("A7, K5: a Claude hook echoing the whole input does not undo an earlier Cosh hook's rewrite", () => {
    const coshInput = { command: 'npm test', timeout: 60 };
    const claudeInput = toClaudeToolInput('bash_run', coshInput, cwd);
    const cosh = interpretRun(
      'PreToolUse',
      { name: 'dry run', onError: 'ignore' },
      {
        ...facts,
        stdout: '{"updated_input":{"command":"npm test --dry-run"}}',
      },
    );
    const claude = interpretClaudeRun(
      'PreToolUse',
      { name: 'longer timeout', onError: 'ignore' },
      {
        ...facts,
        stdout: JSON.stringify({
          hookSpecificOutput: { permissionDecision: 'allow', updatedInput: { ...claudeInput, timeout: 300000 } },
        }),
      },
    );
    const translated = translateUpdatedInput(claude.updatedInput ?? {}, {
      toolName: 'bash_run',
      hookName: claude.hook,
      coshInput,
      claudeInput,
    });
    const verdict = aggregatePreToolUse(coshInput, [cosh, { ...claude, updatedInput: translated.updatedInput }]);
    expect(verdict.decision).toBe('allow');
    expect(verdict.toolInput).toEqual({ command: 'npm test --dry-run', timeout: 300 });
    expect(verdict.diagnostics).toEqual([]);
  });
});
