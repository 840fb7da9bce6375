import { describe, expect, it } from 'vitest';
import { CLAUDE_CODE_TOOL_NAMES, claudeToolTwin, fromClaudeToolName, toClaudeToolName } from './claude-tool-names.ts';

describe('Claude tool names (K3, K8)', () => {
  it('K3: the five built-ins have Claude twins', () => {
    expect(['bash_run', 'fs_read', 'fs_write', 'fs_edit', 'find_grep'].map((name) => toClaudeToolName(name))).toEqual([
      'Bash',
      'Read',
      'Write',
      'Edit',
      'Grep',
    ]);
  });

  it('K3: fs_edit is Edit, and MultiEdit when the call has edits', () => {
    expect(toClaudeToolName('fs_edit', null, { path: 'a', old_string: 'x', new_string: 'y' })).toBe('Edit');
    expect(toClaudeToolName('fs_edit', null, { path: 'a', edits: [] })).toBe('MultiEdit');
    expect(toClaudeToolName('fs_edit', 'srv', { path: 'a', edits: [] })).toBe('mcp__srv__fs_edit');
    expect(toClaudeToolName('other', null, { edits: [] })).toBe('other');
  });

  it('K3: any other name is unchanged, case and look-alikes included', () => {
    for (const name of ['other_tool', 'Bash', 'BASH_RUN', 'bash_run_2', 'toString', '__proto__', '']) {
      expect(toClaudeToolName(name)).toBe(name);
    }
  });

  it('K3: a tool t of a proxied server s is mcp__s__t, even when t is named like a built-in', () => {
    expect(toClaudeToolName('create_issue', 'github')).toBe('mcp__github__create_issue');
    expect(toClaudeToolName('bash_run', 'shell')).toBe('mcp__shell__bash_run');
    expect(toClaudeToolName('read_file', null)).toBe('read_file');
    expect(toClaudeToolName('read_file', '')).toBe('read_file');
  });

  it('K8: Claude names read back: twins, MCP names split at the server, the rest unchanged', () => {
    expect(
      ['Bash', 'Read', 'Write', 'Edit', 'MultiEdit', 'Grep'].map((name) => fromClaudeToolName(name).toolName),
    ).toEqual(['bash_run', 'fs_read', 'fs_write', 'fs_edit', 'fs_edit', 'find_grep']);
    expect(fromClaudeToolName('mcp__github__create_issue')).toEqual({ toolName: 'create_issue', mcpServer: 'github' });
    expect(fromClaudeToolName('mcp__fs__read__file')).toEqual({ toolName: 'read__file', mcpServer: 'fs' });
    for (const name of [
      'WebFetch',
      'NotebookEdit',
      'mcp__',
      'mcp____x',
      'mcp__server',
      'mcp__server__',
      'bash_run',
      'toString',
    ]) {
      expect(fromClaudeToolName(name)).toEqual({ toolName: name, mcpServer: null });
    }
  });

  it('K3, K8: names round-trip through both tables', () => {
    for (const [name, server] of [
      ['bash_run', null],
      ['find_grep', null],
      ['fs_edit', null],
      ['WebFetch', null],
      ['t', 's'],
      ['x__y', 'srv'],
    ] as const) {
      expect(fromClaudeToolName(toClaudeToolName(name, server))).toEqual({ toolName: name, mcpServer: server });
    }
  });

  it('M2: the list of Claude tool names starts with the twins, read back to their Cosh tools; the rest have none', () => {
    expect(CLAUDE_CODE_TOOL_NAMES.slice(0, 6)).toEqual(['Bash', 'Read', 'Write', 'Edit', 'MultiEdit', 'Grep']);
    expect(CLAUDE_CODE_TOOL_NAMES.map((name) => claudeToolTwin(name))).toEqual(
      CLAUDE_CODE_TOOL_NAMES.map((name) =>
        fromClaudeToolName(name).toolName === name ? null : fromClaudeToolName(name).toolName,
      ),
    );
    expect(claudeToolTwin('Glob')).toBeNull();
    expect(claudeToolTwin('constructor')).toBeUndefined();
  });
});
