import { describe, expect, it, vi } from 'vitest';
import { hostEnvironment } from './__fixtures__/process-probes.ts';
import { runHook } from './run-hook.ts';

// The machine's /dev/shm and TMPDIR have room: stand in for one that has none.
vi.mock('./payload-file.ts', () => ({
  payloadDescriptor: () => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  },
}));

describe('R9 stdin that cannot be made', () => {
  it('R9: the hook does not start, with the cause, rather than run without its payload', async () => {
    const result = await runHook({
      command: 'echo ran',
      stdin: '{"event":"PreToolUse"}\n',
      env: hostEnvironment,
      cwd: process.cwd(),
      timeoutMs: 5_000,
    });
    expect(result).toMatchObject({
      exitCode: null,
      stdout: '',
      startError: 'cannot give the hook its stdin: no room for the payload in the temporary folder (ENOSPC)',
    });
  });
});
