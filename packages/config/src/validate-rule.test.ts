import { describe, expect, it } from 'vitest';
import { parseConfig } from './parse-config.ts';

const file = '/home/user/.config/cosh/setup.json';

/** A setup.json whose one PreToolUse entry is `entry` (written on its own line, so positions are easy). */
function fileWith(entry: string): string {
  return `{\n  "hooks": {\n    "PreToolUse": [\n      ${entry}\n    ]\n  }\n}\n`;
}

function problems(text: string): string[] {
  const result = parseConfig(text, file);
  if (result.ok) throw new Error('expected the config to be rejected');
  return result.error.problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.line}:${problem.column} ${problem.code} ${problem.message}`);
}

function loaded(text: string) {
  const result = parseConfig(text, file);
  if (!result.ok) throw new Error(`expected a valid config, got:\n${result.error.message}`);
  return result;
}

describe('D1 rule hooks: loading', () => {
  it('D1: a rule hook loads with its operator, values as a list, defaults and a shown name', () => {
    const { config, warnings } = loaded(
      fileWith('{"rule": {"field": "command", "regex": "rm\\\\s+-rf", "decision": "deny", "reason": "no"}}'),
    );
    expect(warnings).toEqual([]);
    const [hook] = config.hooks.PreToolUse;
    expect(hook?.command).toBeNull();
    expect(hook?.url).toBeNull();
    expect(hook?.rule).toEqual({
      field: 'command',
      operator: 'regex',
      values: ['rm\\s+-rf'],
      not: false,
      decision: 'deny',
      reason: 'no',
      context: null,
      text: '{"field":"command","regex":"rm\\\\s+-rf","decision":"deny","reason":"no"}',
    });
    expect(hook?.name).toBe('command regex "rm\\\\s+-rf" → deny');
  });

  it('D1/M4: the rule text is the same whatever order its keys were written in', () => {
    const one = loaded(fileWith('{"rule": {"decision": "deny", "equals": ["a", 1, null], "field": "x", "not": true}}'));
    const two = loaded(fileWith('{"rule": {"field": "x", "not": true, "equals": ["a", 1, null], "decision": "deny"}}'));
    expect(one.config.hooks.PreToolUse[0]?.rule?.text).toBe(two.config.hooks.PreToolUse[0]?.rule?.text);
    expect(one.config.hooks.PreToolUse[0]?.rule?.values).toEqual(['a', 1, null]);
  });

  it('D1: matcher, name, onError, enabled and glob lists are accepted beside a rule', () => {
    const { config } = loaded(
      fileWith(
        '{"name": "env", "matcher": "^fs_", "onError": "deny", "enabled": false, "rule": {"field": "path", "glob": [".env", "**/secrets/**"], "decision": "ask"}}',
      ),
    );
    expect(config.hooks.PreToolUse[0]).toMatchObject({ name: 'env', matcher: '^fs_', onError: 'deny', enabled: false });
  });
});

describe('D1/C6 rule hooks: errors with file:line:col, nothing loaded', () => {
  it('C6: a rule with command (or url) too', () => {
    expect(
      problems(fileWith('{"command": "true", "rule": {"field": "command", "contains": "x", "decision": "deny"}}')),
    ).toEqual([
      '4:8 invalid_value hooks.PreToolUse[0] has "rule" and "command": a hook is a rule, a shell command or an HTTP endpoint, not two of them',
    ]);
    expect(
      problems(
        fileWith('{"url": "http://127.0.0.1:1/", "rule": {"field": "command", "contains": "x", "decision": "deny"}}'),
      )[0],
    ).toMatch(/^4:8 invalid_value .* has "rule" and "url"/);
  });

  it('C6: an unknown operator names the closest known one', () => {
    expect(problems(fileWith('{"rule": {"field": "command", "regexp": "x", "decision": "deny"}}'))).toEqual(
      [
        '4:37 unknown_field hooks.PreToolUse[0].rule: unknown operator "regexp" (did you mean regex?)',
        '4:17 missing_field hooks.PreToolUse[0].rule has no operator: give exactly one of regex, glob, equals, contains',
      ].sort(),
    );
  });

  it('C6: no operator, and two operators', () => {
    expect(problems(fileWith('{"rule": {"field": "command", "decision": "deny"}}'))).toEqual([
      '4:17 missing_field hooks.PreToolUse[0].rule has no operator: give exactly one of regex, glob, equals, contains',
    ]);
    expect(
      problems(fileWith('{"rule": {"field": "command", "regex": "a", "contains": "b", "decision": "deny"}}')),
    ).toEqual([
      '4:51 invalid_value hooks.PreToolUse[0].rule has "regex" and "contains": a rule has exactly one operator (write two rules for two tests)',
    ]);
  });

  it('C6: a decision outside the list, "block" included (with the fix)', () => {
    expect(problems(fileWith('{"rule": {"field": "command", "contains": "x", "decision": "block"}}'))).toEqual([
      '4:66 invalid_value hooks.PreToolUse[0].rule.decision must be one of "deny", "allow", "ask", "halt", "context", got the string "block" (did you mean "deny"?)',
    ]);
    expect(problems(fileWith('{"rule": {"field": "command", "contains": "x", "decision": "Deny"}}'))[0]).toMatch(
      /^4:66 invalid_value .*decision must be one of/,
    );
  });

  it('C6: a regex that does not compile, alone or in a list', () => {
    expect(problems(fileWith('{"rule": {"field": "command", "regex": "(rm", "decision": "deny"}}'))).toEqual([
      '4:46 invalid_regex hooks.PreToolUse[0].rule.regex: "(rm" is not a valid regular expression (unterminated group); did you mean "\\\\(rm"?',
    ]);
    expect(problems(fileWith('{"rule": {"field": "command", "regex": ["ok", "[a"], "decision": "deny"}}'))[0]).toMatch(
      /^4:53 invalid_regex hooks\.PreToolUse\[0\]\.rule\.regex\[1\]: "\[a" is not a valid regular expression/,
    );
    expect(problems(fileWith('{"rule": {"field": "command", "regex": "*", "decision": "deny"}}'))[0]).toMatch(
      /invalid_regex .*"\*" is not a valid regular expression .*did you mean "\.\*"/,
    );
  });

  it('C6: an invalid glob (an unclosed [ or {) names the offset in the glob', () => {
    expect(problems(fileWith('{"rule": {"field": "path", "glob": "src/[ab", "decision": "deny"}}'))).toEqual([
      '4:42 invalid_glob hooks.PreToolUse[0].rule.glob: "src/[ab" is not a valid glob (Missing closing: "]", at offset 4 of the glob)',
    ]);
    expect(problems(fileWith('{"rule": {"field": "path", "glob": ["*.{ts", ".env"], "decision": "deny"}}'))[0]).toMatch(
      /^4:43 invalid_glob .*glob\[0\]: "\*\.\{ts" is not a valid glob \(Missing closing: "\}", at offset 2 of the glob\)/,
    );
  });

  it('C6: a field that is not a string, or a path with an empty part', () => {
    expect(problems(fileWith('{"rule": {"field": 3, "contains": "x", "decision": "deny"}}'))).toEqual([
      '4:26 invalid_type hooks.PreToolUse[0].rule.field must be a string: a dot path into the tool input such as "command", or "*" for the whole input, got 3',
    ]);
    expect(problems(fileWith('{"rule": {"field": "a..b", "contains": "x", "decision": "deny"}}'))[0]).toMatch(
      /^4:26 invalid_value .*field must be "\*" or a dot path .*an empty part/,
    );
  });

  it('C6: resident, async, timeout, headers and protocol "claude" are errors beside a rule', () => {
    const rule = '"rule": {"field": "command", "contains": "x", "decision": "deny"}';
    for (const [field, value] of [
      ['resident', 'true'],
      ['async', 'true'],
      ['timeout', '5'],
      ['headers', '{}'],
    ] as const) {
      expect(problems(fileWith(`{"${field}": ${value}, ${rule}}`))[0]).toMatch(
        new RegExp(`^4:8 invalid_value hooks\\.PreToolUse\\[0\\] has "rule" and "${field}"`),
      );
    }
    expect(problems(fileWith(`{"protocol": "claude", ${rule}}`))[0]).toMatch(
      /^4:20 invalid_value .*"protocol" cannot be "claude"/,
    );
  });

  it('C6: every rule problem of a file at once, and a wrong type of a value in an equals list', () => {
    const text = `{"hooks": {"PreToolUse": [
  {"rule": {"field": "command", "regex": "(", "decision": "deny"}},
  {"rule": {"field": "command", "equals": [{"a": 1}], "decision": "deny"}},
  {"rule": "deny"}
]}}`;
    expect(problems(text).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      '2:42 invalid_regex',
      '3:43 invalid_value',
      '4:12 invalid_type',
    ]);
  });
});
