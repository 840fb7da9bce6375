import { describe, expect, it } from 'vitest';
import { compileClaudeMatcher } from './compile-claude-matcher.ts';
import { everyTool } from './compile-matcher.ts';

function matches(matcher: string | undefined, toolName: string): boolean {
  const compilation = compileClaudeMatcher(matcher);
  return compilation.ok && compilation.test(toolName);
}

describe('compileClaudeMatcher', () => {
  it('K2: absent, "" and "*" match every tool, an empty name included', () => {
    for (const matcher of [undefined, '', '*']) {
      expect(compileClaudeMatcher(matcher)).toEqual({ ok: true, test: everyTool });
      for (const toolName of ['Bash', 'mcp__github__create_issue', '']) expect(matches(matcher, toolName)).toBe(true);
    }
  });

  it('K2: a plain name is an exact name, not a substring search as in Cosh (M1)', () => {
    expect(matches('Bash', 'Bash')).toBe(true);
    expect(matches('Bash', 'BashOutput')).toBe(false);
    expect(matches('Bash', 'MyBash')).toBe(false);
    expect(matches('Bash', 'bash')).toBe(false);
  });

  it('K2: names split on | or , and trimmed', () => {
    for (const matcher of ['Edit|Write', 'Edit,Write', ' Edit | Write ', 'Edit , Write', 'Edit|,Write']) {
      expect(matches(matcher, 'Edit')).toBe(true);
      expect(matches(matcher, 'Write')).toBe(true);
      expect(matches(matcher, 'MultiEdit')).toBe(false);
      expect(matches(matcher, 'Edit|Write')).toBe(false);
    }
  });

  it('K2: digits, _, - and inner spaces stay part of a name', () => {
    expect(matches('mcp__my-server__read_file', 'mcp__my-server__read_file')).toBe(true);
    expect(matches('mcp__my-server__read_file', 'mcp__my-server__read_file2')).toBe(false);
    expect(matches('Tool 2|Other', 'Tool 2')).toBe(true);
    expect(matches('Tool 2|Other', 'Tool')).toBe(false);
  });

  it('K2: empty pieces name no tool', () => {
    expect(matches('|', '')).toBe(false);
    expect(matches(' ', '')).toBe(false);
    expect(matches('Bash|', 'Bash')).toBe(true);
    expect(matches('Bash|', '')).toBe(false);
  });

  it('K2: any other character makes an unanchored JavaScript regex', () => {
    expect(matches('mcp__github__.*', 'mcp__github__create_issue')).toBe(true);
    expect(matches('mcp__github__.*', 'mcp__gitlab__create_issue')).toBe(false);
    expect(matches('Notebook.*', 'NotebookEdit')).toBe(true);
    // Unanchored: the regex is searched anywhere in the name, so `Edit.*` also selects MultiEdit.
    expect(matches('Edit.*', 'MultiEdit')).toBe(true);
    expect(matches('^Write$', 'Write')).toBe(true);
    expect(matches('^Write$', 'NotWrite')).toBe(false);
    expect(matches('(Edit|Write)', 'MultiEdit')).toBe(true);
    expect(matches('mcp__.*__write.*', 'mcp__fs__write_file')).toBe(true);
  });

  it('K2, M2: a regex that does not compile never matches and reports the engine message', () => {
    for (const matcher of ['(', '[Edit', 'Bash(']) {
      const compilation = compileClaudeMatcher(matcher);
      expect(compilation.ok).toBe(false);
      expect(!compilation.ok && compilation.error).toMatch(/Invalid regular expression/);
    }
  });
});
