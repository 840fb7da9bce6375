import { describe, expect, it } from 'vitest';
import { loadAgentBridge } from '../agents/load-agent-bridge.ts';
import { clientWriteTargets } from './bridge-write-guard.ts';

describe('clientWriteTargets (B8)', () => {
  it("B8: Claude's Write, Edit, MultiEdit, NotebookEdit and Gemini's write_file, replace name their file, against the cwd", async () => {
    for (const tool of ['Write', 'Edit', 'MultiEdit']) {
      expect(clientWriteTargets(await loadAgentBridge('claude'), tool, { file_path: 'a/../b.json' }, '/p', {})).toEqual(
        ['/p/b.json'],
      );
    }
    expect(
      clientWriteTargets(await loadAgentBridge('claude'), 'NotebookEdit', { notebook_path: '/n.ipynb' }, '/p', {}),
    ).toEqual(['/n.ipynb']);
    expect(clientWriteTargets(await loadAgentBridge('gemini'), 'write_file', { file_path: 'x' }, '/p', {})).toEqual([
      '/p/x',
    ]);
    expect(clientWriteTargets(await loadAgentBridge('gemini'), 'replace', { file_path: '/y' }, '/p', {})).toEqual([
      '/y',
    ]);
    expect(
      clientWriteTargets(await loadAgentBridge('claude'), 'Write', { file_path: '~/.claude/settings.json' }, '/p', {
        HOME: '/h',
      }),
    ).toEqual(['/p/~/.claude/settings.json', '/h/.claude/settings.json']);
  });

  it("B8: Codex's apply_patch names every file of the patch; reads, shells and MCP tools name none", async () => {
    const patch =
      '*** Begin Patch\n *** Add File: a\n+x\n*** Update File: b\n*** Move to: c\n@@\n-1\n+2\n*** End Patch';
    expect(clientWriteTargets(await loadAgentBridge('codex'), 'apply_patch', { command: patch }, '/p', {})).toEqual([
      '/p/a',
      '/p/b',
      '/p/c',
    ]);
    expect(clientWriteTargets(await loadAgentBridge('codex'), 'Bash', { command: 'ls' }, '/p', {})).toEqual([]);
    expect(clientWriteTargets(await loadAgentBridge('claude'), 'Read', { file_path: '/x' }, '/p', {})).toEqual([]);
    expect(
      clientWriteTargets(await loadAgentBridge('claude'), 'mcp__fs__write_file', { path: '/x' }, '/p', {}),
    ).toEqual([]);
    expect(clientWriteTargets(await loadAgentBridge('gemini'), 'Write', { file_path: '/x' }, '/p', {})).toEqual([]);
  });
});
