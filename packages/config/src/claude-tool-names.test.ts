import { describe, expect, it } from 'vitest';
import { CLAUDE_CODE_TOOL_NAMES, claudeToolTwin } from '@cosh/spec';
import { claudeToolNameRunAdvice } from './claude-tool-names.ts';
import { parseConfig } from './parse-config.ts';

const file = '/home/user/.config/cosh/setup.json';

function warningsOf(hooks: readonly Record<string, unknown>[]) {
  const result = parseConfig(JSON.stringify({ hooks: { PreToolUse: hooks } }), file);
  if (!result.ok) throw new Error(result.error.message);
  return result.warnings;
}

describe("M2: a cosh-protocol matcher that is one of Claude Code's tool names", () => {
  it('M2: "Bash" is a warning naming the Cosh twin (offered as the fix) and "protocol": "claude"', () => {
    const warnings = warningsOf([{ matcher: 'Bash', command: 'exit 2' }]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      severity: 'warning',
      code: 'claude_tool_name',
      path: ['hooks', 'PreToolUse', 0, 'matcher'],
      fix: '^bash_run$',
      hook: { event: 'PreToolUse', index: 0 },
    });
    expect(warnings[0]?.message).toMatch(
      /^hooks\.PreToolUse\[0\]\.matcher: "Bash" is Claude Code's name for Cosh's bash_run/,
    );
    expect(warnings[0]?.message).toContain('"protocol": "claude"');
    expect(warnings[0]?.message).toContain('never runs');
  });

  it('M2: each twinned name names its own twin; Edit and MultiEdit are both fs_edit', () => {
    const names = ['Bash', 'Read', 'Write', 'Edit', 'MultiEdit', 'Grep'];
    const warnings = warningsOf(names.map((matcher) => ({ matcher, command: 'true' })));
    expect(warnings.map((warning) => warning.fix)).toEqual([
      '^bash_run$',
      '^fs_read$',
      '^fs_write$',
      '^fs_edit$',
      '^fs_edit$',
      '^find_grep$',
    ]);
  });

  it('M2: a Claude tool Cosh has no twin of (Glob) is a warning that says so, with "protocol": "claude" and no fix', () => {
    const [warning] = warningsOf([{ matcher: 'Glob', command: 'true' }]);
    expect(warning).toMatchObject({ code: 'claude_tool_name' });
    expect(warning?.fix).toBeUndefined();
    expect(warning?.message).toContain('no Cosh tool is its twin');
    expect(warning?.message).toContain('"protocol": "claude"');
  });

  it('M2: only an exact name warns; Cosh names, regexes, lists and other case do not; nor does protocol "claude"', () => {
    const warnings = warningsOf([
      { matcher: '^bash_run$', command: 'a' },
      { matcher: 'Bash|Read', command: 'b' },
      { matcher: '^Bash$', command: 'c' },
      { matcher: 'bash', command: 'd' },
      { matcher: 'Bash', protocol: 'claude', command: 'e' },
      { matcher: 'Bash', protocol: 'cosh', command: 'f' },
    ]);
    expect(warnings.map((warning) => [warning.code, warning.hook?.index])).toEqual([['claude_tool_name', 5]]);
  });

  it("M2: no Claude tool name matches any of Cosh's built-in tools, so every one of them warns", () => {
    const builtIns = ['bash_run', 'fs_read', 'fs_write', 'fs_edit', 'find_grep'];
    for (const name of CLAUDE_CODE_TOOL_NAMES) {
      expect(builtIns.some((tool) => new RegExp(name).test(tool))).toBe(false);
    }
  });

  it('M2: hooks run --tool gets the same advice; other names get none', () => {
    expect(claudeToolNameRunAdvice('Bash')).toContain("Cosh's bash_run (its Cosh twin)");
    expect(claudeToolNameRunAdvice('Bash')).toContain('"protocol": "claude"');
    expect(claudeToolNameRunAdvice('Bash')).toContain('--tool bash_run');
    expect(claudeToolNameRunAdvice('WebFetch')).toContain('no Cosh tool is its twin');
    expect(claudeToolNameRunAdvice('bash_run')).toBeUndefined();
    expect(claudeToolNameRunAdvice('toString')).toBeUndefined();
    expect(claudeToolTwin('constructor')).toBeUndefined();
  });
});
