/**
 * Whether process `pid` of this machine still exists. EPERM means it exists but is not ours to
 * signal; only ESRCH says it is gone. Our own pid always counts as alive.
 */
export function isProcessAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
