import { type ChildProcess, spawn } from 'node:child_process';
import { HookProcessGroup, trackRunningGroup, untrackRunningGroup } from './process-group.ts';
import { monotonicNow } from './monotonic-now.ts';

/** How long a stop waits for the killed processes to be dead, as a hook's timeout does (R6). */
const deadWaitMs = 500;
const pollMs = 25;

/** A long-running program started by {@link spawnProcessGroup}, and how to stop it whole. */
export interface ProcessGroupChild {
  /** The process, with its stdin, stdout and stderr as pipes. */
  readonly child: ChildProcess;
  /**
   * Stops what is left of the group as a hook's timeout does (R6): SIGTERM to the group and to
   * the descendants that left it while their parent lived, SIGKILL `graceMs` later to whatever
   * still lives, then a wait (at most 500 ms) for them to be dead. Resolves once nothing of it
   * is alive; safe to call again, and after the leader exited.
   */
  stop(graceMs: number): Promise<void>;
  /**
   * Remembers every process descended from the program now (one pass over `/proc`), so that one
   * which leaves the group (`setsid`) is still stopped after its parent exits. Also done every
   * `descendantScanMs` while the program runs, and by {@link ProcessGroupChild.stop}; call it
   * right before an action that may end the program by itself (closing its stdin).
   */
  collectDescendants(): void;
}

/** Options of {@link spawnProcessGroup}. */
export interface ProcessGroupOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /**
   * How often the descendants are looked for while the program runs. Default 1000 ms: a
   * process that leaves the group and whose parent exits within that time can still escape.
   */
  readonly descendantScanMs?: number | undefined;
}

/** Default of {@link ProcessGroupOptions.descendantScanMs}. */
const defaultDescendantScanMs = 1000;

/**
 * Starts `command args…` in a process group and session of its own, like a hook but without a
 * timeout: a program that runs as long as its host needs it (the MCP server behind `cosh mcp
 * proxy`). Its descendants are looked for while it runs (walking the parent links in `/proc`),
 * so a stop also reaches those that called `setsid` and whose parent has exited since. Its
 * group is killed when the host exits, crashes or is stopped by a signal, as a running hook's
 * is. Listen for the child's `error` event at once: a failed start (command not found) is
 * reported there.
 */
export function spawnProcessGroup(
  command: string,
  args: readonly string[],
  options: ProcessGroupOptions,
): ProcessGroupChild {
  const child = spawn(command, [...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let group: HookProcessGroup | undefined;
  let scan: NodeJS.Timeout | undefined;
  const watch = (): void => {
    if (child.pid === undefined || group !== undefined) return;
    group = new HookProcessGroup(child.pid);
    trackRunningGroup(group);
    // Unref'd: watching must not keep the host alive.
    scan = setInterval(() => group?.collectDescendants(), options.descendantScanMs ?? defaultDescendantScanMs);
    scan.unref();
  };
  // At once: the pid is known when spawn() returns, and the program may already have started
  // children before the 'spawn' event is delivered (a collectDescendants() or stop() in between
  // found no group and missed a setsid child, about 1 run in 8). The event covers the rest.
  watch();
  child.once('spawn', watch);
  let stopping: Promise<void> | undefined;
  return {
    child,
    collectDescendants() {
      group?.collectDescendants();
    },
    stop(graceMs) {
      stopping ??= (async () => {
        clearInterval(scan);
        if (group === undefined) return;
        group.collectDescendants();
        group.signal('SIGTERM');
        if (!(await waitUntilDead(group, graceMs))) {
          group.collectDescendants();
          group.signal('SIGKILL');
          await waitUntilDead(group, deadWaitMs);
        }
        untrackRunningGroup(group);
      })();
      return stopping;
    },
  };
}

// Not unref'd: while a stop waits, nothing else may be keeping the host alive (stdin has ended,
// the program has exited), and an empty event loop would end the host halfway through the stop.
async function waitUntilDead(group: HookProcessGroup, milliseconds: number): Promise<boolean> {
  const deadline = monotonicNow() + milliseconds;
  while (group.isAnyAlive()) {
    if (monotonicNow() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return true;
}
