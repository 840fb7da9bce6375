// Whether the real sandboxes start on this machine: the tests of SPEC B that need one run where it
// does (CI installs bubblewrap, `.ci/run`) and are skipped, visibly, where it does not.
import { spawnSync } from 'node:child_process';

/** Whether bubblewrap starts here, with a PID namespace of its own. */
export const hasBubblewrap =
  process.platform === 'linux' &&
  spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--', '/bin/true'], { stdio: 'ignore' }).status === 0;

/**
 * Whether the Landlock launcher can start here (the fallback where bwrap cannot): Linux, python3,
 * and a kernel with Landlock ABI ≥ 6 (for the scope tests).
 */
export const hasLandlock =
  process.platform === 'linux' &&
  spawnSync(
    'python3',
    [
      '-c',
      'import ctypes; l = ctypes.CDLL(None); l.syscall.restype = ctypes.c_long; exit(0 if l.syscall(444, None, 0, 1) >= 6 else 1)',
    ],
    { stdio: 'ignore' },
  ).status === 0;
