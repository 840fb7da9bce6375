import { spawnSync } from 'node:child_process';

/**
 * Whether the Landlock launcher can start here (Linux, python3, a kernel with Landlock ABI ≥ 6
 * for the scope tests): the real-process Landlock tests run where it can and are skipped,
 * visibly, where it cannot.
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
