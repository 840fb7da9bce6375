import { describe, expect, it } from 'vitest';
import { parseConfig } from './parse-config.ts';
import { globProblem } from './path-globs-problems.ts';

const file = '/work/repo/.cosh/setup.json';

function failure(text: string) {
  const result = parseConfig(text, file);
  if (result.ok) throw new Error('expected the config to be rejected');
  return result.error;
}

describe('paths and if in setup.json', () => {
  it("F1, C5: paths and a Claude hook's if are loaded; relative globs are taken from the project root for .cosh/setup.json", () => {
    const result = parseConfig(
      `{"hooks": {"PreToolUse": [
        {"command": "guard", "paths": [".env", "~/.ssh/"]},
        {"command": "claude-guard", "protocol": "claude", "matcher": "Bash", "if": "Bash(git push:*)"}
      ]}}`,
      file,
    );
    if (!result.ok) throw result.error;
    const [first, second] = result.config.hooks.PreToolUse;
    expect(first?.paths).toEqual(['.env', '~/.ssh/']);
    expect(first?.pathsFolder).toBe('/work/repo');
    expect(first?.if).toBeNull();
    expect(second?.paths).toBeNull();
    expect(second?.if).toBe('Bash(git push:*)');
    const user = parseConfig(
      '{"hooks": {"PreToolUse": [{"command": "g", "paths": ["a/*"]}]}}',
      '/home/me/.config/cosh/setup.json',
    );
    if (!user.ok) throw user.error;
    expect(user.config.hooks.PreToolUse[0]?.pathsFolder).toBe('/home/me/.config/cosh');
  });

  it('F1, C6: a glob with an unclosed [ is an error at the string, naming the offset in the glob; nothing is loaded', () => {
    const error = failure('{"hooks": {"PreToolUse": [\n  {"command": "guard", "paths": [".env", "secrets/[ab"]}\n]}}');
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatchObject({ severity: 'error', line: 2, column: 42 });
    expect(error.problems[0]?.message).toContain('"secrets/[ab" is not a valid glob at offset 8');
    expect(error.message).toContain(`${file}:2:42`);
  });

  it('F1, C6: paths that is not a list of strings is an error with its position', () => {
    const notList = failure('{"hooks": {"PreToolUse": [{"command": "g", "paths": ".env"}]}}');
    expect(notList.problems[0]?.message).toContain('must be an array of globs');
    expect(notList.problems[0]).toMatchObject({ line: 1, column: 53 });
    const notString = failure('{"hooks": {"PreToolUse": [{"command": "g", "paths": [".env", 3]}]}}');
    expect(notString.problems[0]?.message).toContain('hooks.PreToolUse[0].paths[1] must be a string');
  });

  it('F5, C6: if on a cosh-protocol hook is an error; so is an if that is no rule', () => {
    const cosh = failure('{"hooks": {"PreToolUse": [{"command": "g", "if": "Bash(git push:*)"}]}}');
    expect(cosh.problems[0]?.message).toContain('needs "protocol": "claude"');
    const broken = failure(
      '{"hooks": {"PreToolUse": [{"command": "g", "protocol": "claude", "if": "Bash(git push"}]}}',
    );
    expect(broken.problems[0]?.message).toContain('is not a Claude Code rule');
  });

  it('F1: globProblem finds unclosed brackets and braces, and accepts what picomatch reads as meant', () => {
    expect(globProblem('[ab')).toEqual({ offset: 0, reason: expect.stringContaining('never closed') });
    expect(globProblem('a{b,c')?.offset).toBe(1);
    expect(globProblem('a}')?.offset).toBe(1);
    expect(globProblem('')?.reason).toContain('empty');
    expect(globProblem('~bob/x')?.offset).toBe(0);
    expect(globProblem('x\\')?.offset).toBe(1);
    for (const fine of ['.env', '[]]x', '[!a]*', '{a,{b,c}}', '\\[literal', 'src/**/*.ts', '~/.ssh/']) {
      expect(globProblem(fine)).toBeNull();
    }
  });
});
