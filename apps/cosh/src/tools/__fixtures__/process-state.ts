import { readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Whether a process still runs. A killed process stays a zombie until its new parent (PID 1)
 * reaps it, and `kill(pid, 0)` succeeds on a zombie: read its state from /proc instead.
 */
export async function isRunning(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The state follows the command name, which is in parentheses and may contain spaces.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/**
 * The processes still running after `withinMs`. SIGKILL is delivered asynchronously: give the
 * kernel a moment (a generous bound, not a sleep the result depends on when all are gone).
 */
export async function survivors(pids: readonly number[], withinMs = 1000): Promise<number[]> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const running: number[] = [];
    for (const pid of pids) if (await isRunning(pid)) running.push(pid);
    if (running.length === 0 || performance.now() >= deadline) return running;
    await delay(20);
  }
}
