import { describe, expect, it } from 'vitest';
import { selectionsByTool } from './selections-by-tool.ts';

describe('selectionsByTool (M1–M5)', () => {
  it("keeps each tool's selection, asked again only for another Claude name", () => {
    const asked: string[] = [];
    const select = selectionsByTool((toolName, claudeToolName) => {
      asked.push(`${toolName}/${claudeToolName}`);
      return [{ hook: toolName, duplicateOf: null }];
    });
    const first = select('bash_run', 'Bash');
    expect(select('bash_run', 'Bash')).toBe(first);
    expect(first).toEqual([{ hook: 'bash_run', duplicateOf: null }]);
    select('fs_edit', 'Edit');
    select('fs_edit', 'MultiEdit');
    select('fs_edit', 'MultiEdit');
    expect(asked).toEqual(['bash_run/Bash', 'fs_edit/Edit', 'fs_edit/MultiEdit']);
  });

  it('keeps at most 256 names: past that it starts afresh', () => {
    let asked = 0;
    const select = selectionsByTool(() => {
      asked += 1;
      return [];
    });
    for (let name = 0; name < 257; name += 1) select(`tool${name}`, `tool${name}`);
    expect(asked).toBe(257);
    select('tool256', 'tool256');
    expect(asked).toBe(257);
    select('tool0', 'tool0');
    expect(asked).toBe(258);
  });
});
