import { describe, expect, it } from 'vitest';
import { hookEnvironment } from './hook-environment.ts';

describe('hookEnvironment (R4)', () => {
  it('R4: the host variables plus COSH_EVENT, COSH_TOOL_NAME and COSH_HOOK_NAME', () => {
    expect(hookEnvironment({ PATH: '/bin', HOME: '/home/ada' }, 'PostToolUse', 'fs_write', 'Log writes')).toEqual({
      PATH: '/bin',
      HOME: '/home/ada',
      COSH_EVENT: 'PostToolUse',
      COSH_TOOL_NAME: 'fs_write',
      COSH_HOOK_NAME: 'Log writes',
    });
  });

  it('R4: the COSH_ variables win over host variables of the same name; non-strings are left out', () => {
    const environment = hookEnvironment(
      { COSH_EVENT: 'spoofed', COSH_TOOL_NAME: 'spoofed', UNSET: undefined, NUMBER: 3 },
      'PreToolUse',
      'bash_run',
      'n',
    );
    expect(environment).toEqual({ COSH_EVENT: 'PreToolUse', COSH_TOOL_NAME: 'bash_run', COSH_HOOK_NAME: 'n' });
  });

  it('R4: returns a new object and leaves the host environment alone', () => {
    const host = { A: '1' };
    hookEnvironment(host, 'PreToolUse', 't', 'n');
    expect(host).toEqual({ A: '1' });
  });
});
