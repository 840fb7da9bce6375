import { spawnSync } from 'node:child_process';

/**
 * Whether bubblewrap starts on this machine: the real-sandbox tests run where it does (CI
 * installs it, `.ci/run`) and are skipped, visibly, where it does not.
 */
export const hasBubblewrap =
  process.platform === 'linux' &&
  spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--', '/bin/true'], { stdio: 'ignore' }).status === 0;
