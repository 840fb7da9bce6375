import { describe, expect, it } from 'vitest';
import { sandboxStatus, sandboxStatusLine, sandboxWarnings } from './sandbox-status.ts';

const auto = { mode: 'auto', writable: [], network: true, unixSockets: false } as const;

describe('sandboxStatus (B5)', () => {
  it('B5: COSH_SANDBOX=off is mode off, warned like COSH_TRUST=all; nothing is probed', () => {
    const status = sandboxStatus(auto, { COSH_SANDBOX: 'off', PATH: '/nowhere' });
    expect(status).toMatchObject({ mode: 'off', active: false, kind: null, cause: 'COSH_SANDBOX=off', probe: null });
    expect(sandboxWarnings(status)).toEqual([
      expect.stringMatching(/^COSH_SANDBOX=off is set: bash_run runs without a sandbox/),
    ]);
    expect(sandboxStatusLine(status)).toBe('sandbox: off (COSH_SANDBOX=off)');
  });

  it('B5: auto without bwrap: the exact warning with its cause', () => {
    const status = sandboxStatus(auto, { PATH: '/nowhere' }, 'locate');
    expect(status).toMatchObject({ mode: 'auto', active: false, kind: null, cause: 'bwrap not found on PATH' });
    expect(sandboxWarnings(status)).toEqual([
      'no sandbox available (bwrap not found on PATH): bash_run can change your guards; install bubblewrap',
    ]);
    expect(sandboxStatusLine(status)).toBe('sandbox: off (bwrap not found on PATH)');
  });

  it('B5: required without a sandbox warns that bash_run is refused', () => {
    const status = sandboxStatus({ ...auto, mode: 'required' }, { PATH: '/nowhere' }, 'locate');
    expect(sandboxWarnings(status)).toEqual([expect.stringContaining('bash_run is refused')]);
  });

  it('B5: an unknown COSH_SANDBOX value is warned about and ignored', () => {
    const status = sandboxStatus(auto, { COSH_SANDBOX: 'no', PATH: '/nowhere' }, 'locate');
    expect(status.mode).toBe('auto');
    expect(sandboxWarnings(status)[0]).toContain('COSH_SANDBOX="no" is not understood');
  });
});
