import { describe, expect, it } from 'vitest';
import { parseConfig } from './parse-config.ts';

const file = '/home/user/.config/cosh/setup.json';

function parse(hooks: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return parseConfig(JSON.stringify({ hooks, ...extra }), file);
}

describe('session events in setup.json (C4, C7, E1–E5)', () => {
  it('E5/C4: the four session events are events: their hooks load in config order', () => {
    const result = parse({
      UserPromptSubmit: [{ command: './prompt-guard.sh' }],
      SessionStart: [{ matcher: '^startup$', command: 'cat NOTES.md' }],
      Stop: [{ command: './tests-pass.sh' }],
      SessionEnd: [{ command: './log-end.sh', matcher: 'logout' }],
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.config.hooks.UserPromptSubmit.map((hook) => hook.command)).toEqual(['./prompt-guard.sh']);
    expect(result.config.hooks.SessionStart[0]).toMatchObject({ event: 'SessionStart', matcher: '^startup$' });
    expect(result.config.hooks.Stop).toHaveLength(1);
    expect(result.config.hooks.SessionEnd).toHaveLength(1);
    expect(result.warnings).toEqual([]);
  });

  it('C4: an unknown event names the closest one, the session events included', () => {
    for (const [wrong, right] of [
      ['UserPromptSubmitt', 'UserPromptSubmit'],
      ['sessionstart', 'SessionStart'],
      ['Stopp', 'Stop'],
      ['SessionEnds', 'SessionEnd'],
    ]) {
      const result = parse({ [wrong as string]: [] });
      if (result.ok) throw new Error(`expected ${wrong} to be rejected`);
      expect(result.error.problems[0]?.message).toContain(`did you mean ${right}?`);
    }
    const none = parse({ Notification: [] });
    if (none.ok) throw new Error('expected Notification to be rejected');
    expect(none.error.problems[0]?.message).toContain(
      'the events are PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop and SessionEnd',
    );
  });

  it('E1: a matcher on UserPromptSubmit other than absent, "", "*" or ".*" is a warning; the hook still loads', () => {
    const result = parse({
      UserPromptSubmit: [
        { command: 'a' },
        { command: 'b', matcher: '' },
        { command: 'c', matcher: '*' },
        { command: 'd', matcher: '.*' },
        { command: 'e', matcher: 'Bash' },
      ],
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.config.hooks.UserPromptSubmit).toHaveLength(5);
    expect(result.warnings.map((warning) => [warning.code, warning.hook?.index])).toEqual([['matcher_ignored', 4]]);
    expect(result.warnings[0]?.message).toBe(
      'hooks.UserPromptSubmit[4].matcher: UserPromptSubmit has nothing to match, so the matcher "Bash" is ignored and this hook runs for every call; remove it',
    );
  });

  it("E2/E4/M2: SessionStart's matcher tests source, so Claude's tool names are no warning there", () => {
    const result = parse({
      SessionStart: [{ command: 'x', matcher: 'Read' }],
      SessionEnd: [{ command: 'y', matcher: 'clear' }],
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.warnings).toEqual([]);
  });

  it('R13/E: async is a C6 error on the session events, whose hooks are waited for', () => {
    const result = parse({ UserPromptSubmit: [{ command: 'x', async: true }] });
    expect(result.ok).toBe(false);
  });

  it('C7: hooksEnabled takes the session events; a missing key means enabled', () => {
    const result = parse({}, { hooksEnabled: { Stop: false } });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.config.hooksEnabled).toMatchObject({ Stop: false, UserPromptSubmit: true, SessionStart: true });
    expect(result.warnings).toEqual([]);
  });
});
