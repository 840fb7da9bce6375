import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forgetSandboxProbes, locateSandbox, probeSandbox } from './probe-sandbox.ts';
import { hasBubblewrap } from '@cosh/test-utils';

const folder = mkdtempSync(join(tmpdir(), 'cosh-sandbox-probe-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A folder holding only a `bwrap` that prints `stderr` and exits with `status`. */
function fakeBubblewrap(name: string, stderr: string, status: number): string {
  const bin = join(folder, name);
  const program = join(bin, 'bwrap');
  mkdirSync(bin);
  writeFileSync(program, `#!/bin/sh\necho '${stderr}' >&2\nexit ${status}\n`);
  chmodSync(program, 0o755);
  return bin;
}

describe('B5 probe', () => {
  it('B5: no bwrap on PATH: no sandbox, and the cause says so', () => {
    expect(probeSandbox({ path: join(folder, 'empty'), platform: 'linux' })).toEqual({
      kind: null,
      program: null,
      cause: 'bwrap not found on PATH',
    });
  });

  it('B5: a bwrap that cannot create namespaces (user namespaces disabled): no sandbox, its own words as the cause', () => {
    const bin = fakeBubblewrap(
      'userns-off',
      'bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces.',
      1,
    );
    const probe = probeSandbox({ path: bin, platform: 'linux' });
    expect(probe.kind).toBeNull();
    expect(probe.cause).toBe(
      'bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces.'.replace(
        /^/,
        'bwrap cannot start: ',
      ),
    );
  });

  it('B5: a bwrap that hangs is given up after the probe timeout, never waited for', () => {
    const bin = join(folder, 'hangs');
    mkdirSync(bin);
    writeFileSync(join(bin, 'bwrap'), '#!/bin/sh\nexec sleep 60\n');
    chmodSync(join(bin, 'bwrap'), 0o755);
    const started = Date.now();
    const probe = probeSandbox({ path: bin, platform: 'linux', timeoutMs: 500 });
    expect(probe).toMatchObject({ kind: null, cause: 'bwrap did not start within 0.5 s' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('B5: the answer is kept per PATH: a second probe starts nothing', () => {
    const bin = fakeBubblewrap('counted', 'nope', 1);
    const first = probeSandbox({ path: bin, platform: 'linux' });
    rmSync(join(bin, 'bwrap'));
    expect(probeSandbox({ path: bin, platform: 'linux' })).toBe(first);
    forgetSandboxProbes();
    expect(probeSandbox({ path: bin, platform: 'linux' }).cause).toBe('bwrap not found on PATH');
  });

  it('B5: another platform has no sandbox', () => {
    expect(probeSandbox({ path: '', platform: 'win32' })).toMatchObject({ kind: null, cause: 'no sandbox for win32' });
  });

  it.runIf(hasBubblewrap)('B1: the real bubblewrap of this machine starts', () => {
    expect(probeSandbox({ platform: 'linux' })).toMatchObject({ kind: 'bwrap', cause: null });
  });
});

describe('B5 locate (no start)', () => {
  it('B5: finds bwrap on PATH without starting it, or says it is missing', () => {
    const bin = fakeBubblewrap('locate-only', 'never started', 1);
    expect(locateSandbox({ path: bin, platform: 'linux' })).toEqual({
      kind: 'bwrap',
      program: join(bin, 'bwrap'),
      cause: null,
    });
    expect(locateSandbox({ path: join(folder, 'nothing-here'), platform: 'linux' })).toMatchObject({
      kind: null,
      cause: 'bwrap not found on PATH',
    });
  });

  it('B5: a probe already made in the process is the answer (a bwrap that cannot start stays off)', () => {
    const bin = fakeBubblewrap('locate-after-probe', 'bwrap: cannot start here', 1);
    const probed = probeSandbox({ path: bin, platform: 'linux' });
    expect(locateSandbox({ path: bin, platform: 'linux' })).toEqual(probed);
    expect(probed.kind).toBeNull();
  });
});
