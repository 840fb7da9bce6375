// Whether a lock's holder is doing anything, as Linux's /proc tells: a waiter uses it to tell a
// holder that is merely waiting for the CPU (hundreds of processes at once on two cores) from one
// that is stuck (stopped, or asleep while it holds the lock).
import { readFileSync } from 'node:fs';

/** What one look at a process found. */
export interface ProcessActivity {
  /**
   * Its scheduler state is R (running or waiting for a CPU) or D (waiting inside the kernel,
   * uninterruptibly: for a disk, or for a folder's lock while hundreds of processes create and
   * remove files in it). Either is a process on its way, not one asleep or stopped.
   */
  readonly runnable: boolean;
  /** The CPU time it has used, in clock ticks (user and system). */
  readonly cpuTicks: number;
}

/**
 * The activity of process `pid` of this machine, or undefined where /proc does not tell (not
 * Linux, the process is gone, or /proc is not mounted).
 */
export function processActivity(pid: number): ProcessActivity | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so fields count from the
  // last ')'. After it: state is field 3 of proc(5), utime 14 and stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (fields[0] === undefined || !Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return { runnable: fields[0] === 'R' || fields[0] === 'D', cpuTicks: utime + stime };
}

/**
 * True when the process seen as `before` and now as `after` did something in between: it is
 * runnable, or it used CPU time. Unknown activity (no /proc) is no sign of progress.
 */
export function madeProgress(before: ProcessActivity | undefined, after: ProcessActivity | undefined): boolean {
  if (after === undefined) return false;
  return after.runnable || (before !== undefined && after.cpuTicks !== before.cpuTicks);
}
