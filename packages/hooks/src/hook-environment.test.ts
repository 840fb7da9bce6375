import { describe, expect, it } from 'vitest';
import { environmentOf, hookEnvironment } from './hook-environment.ts';

describe('hookEnvironment (R4)', () => {
  it('R4: the host variables plus COSH_EVENT, COSH_TOOL_NAME, COSH_HOOK_NAME and COSH_CONFIG_DIR', () => {
    expect(
      hookEnvironment(
        { PATH: '/bin', HOME: '/home/ada' },
        'PostToolUse',
        'fs_write',
        'Log writes',
        '/home/ada/.config/cosh/setup.json',
      ),
    ).toEqual({
      PATH: '/bin',
      HOME: '/home/ada',
      COSH_EVENT: 'PostToolUse',
      COSH_TOOL_NAME: 'fs_write',
      COSH_HOOK_NAME: 'Log writes',
      COSH_CONFIG_DIR: '/home/ada/.config/cosh',
    });
  });

  it('R4: the COSH_ variables win over host variables of the same name; non-strings are left out', () => {
    const environment = hookEnvironment(
      { COSH_EVENT: 'spoofed', COSH_TOOL_NAME: 'spoofed', COSH_CONFIG_DIR: '/spoofed', UNSET: undefined, NUMBER: 3 },
      'PreToolUse',
      'bash_run',
      'n',
      '/work/repo/.cosh/setup.json',
    );
    expect(environment).toEqual({
      COSH_EVENT: 'PreToolUse',
      COSH_TOOL_NAME: 'bash_run',
      COSH_HOOK_NAME: 'n',
      COSH_CONFIG_DIR: '/work/repo/.cosh',
    });
  });

  it("R4: a hook of a config built in code has no COSH_CONFIG_DIR, not even the host's", () => {
    expect(hookEnvironment({ COSH_CONFIG_DIR: '/outer' }, 'PreToolUse', 't', 'n', null)).toEqual({
      COSH_EVENT: 'PreToolUse',
      COSH_TOOL_NAME: 't',
      COSH_HOOK_NAME: 'n',
    });
  });

  it("E1: a session event's hook has no COSH_TOOL_NAME, not even the host's", () => {
    expect(hookEnvironment({ COSH_TOOL_NAME: 'outer_tool' }, 'UserPromptSubmit', '', 'n', null)).toEqual({
      COSH_EVENT: 'UserPromptSubmit',
      COSH_HOOK_NAME: 'n',
    });
  });

  it('R4: returns a new object and leaves the host environment alone', () => {
    const host = { A: '1' };
    hookEnvironment(host, 'PreToolUse', 't', 'n', null);
    expect(host).toEqual({ A: '1' });
  });
});

describe('environmentOf (R4, K4)', () => {
  const setup = {
    hostEnvironment: { PATH: '/bin' },
    event: 'PreToolUse' as const,
    toolName: 'bash_run',
    claude: { projectDir: '/work/repo' } as never,
  };

  it("R4: a Cosh hook's environment, without CLAUDE_PROJECT_DIR", () => {
    expect(environmentOf({ name: 'g', file: null, protocol: 'cosh' }, setup)).toEqual({
      PATH: '/bin',
      COSH_EVENT: 'PreToolUse',
      COSH_TOOL_NAME: 'bash_run',
      COSH_HOOK_NAME: 'g',
    });
  });

  it("K4: a Claude hook's adds CLAUDE_PROJECT_DIR when the call has a Claude setup", () => {
    expect(environmentOf({ name: 'g', file: null, protocol: 'claude' }, setup)['CLAUDE_PROJECT_DIR']).toBe(
      '/work/repo',
    );
    expect(environmentOf({ name: 'g', file: null, protocol: 'claude' }, { ...setup, claude: null })).not.toHaveProperty(
      'CLAUDE_PROJECT_DIR',
    );
  });
});
