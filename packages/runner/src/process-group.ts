import { onExit } from 'signal-exit';
import { listProcesses, readProcessEntry, type ProcessEntry } from './process-table.ts';

/**
 * Sends `signal` to every process of a group (`kill(-group)`). A group that is already empty
 * (ESRCH) or not ours to signal (EPERM) is not an error: there is nothing left we may stop.
 */
export function signalProcessGroup(processGroup: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-processGroup, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * The processes of one running hook: its process group (the shell is the leader, so the group
 * id is the shell's pid) and the descendants seen by walking the parent links in `/proc` while
 * the tree is still connected. Those seen are signalled one by one when they are no longer in
 * the group (`setsid`, `setpgid`), including one that left between the walk and the signal.
 */
export class HookProcessGroup {
  readonly processGroup: number;
  // pid → start time: a pid alone could have been reused by an unrelated process by now.
  readonly #descendants = new Map<number, string>();

  constructor(processGroup: number) {
    this.processGroup = processGroup;
  }

  /**
   * Remembers every descendant of the shell (and of descendants seen earlier). Cheap enough
   * for a timeout (one pass over `/proc`), never done on the normal path. Finds nothing once
   * the links are cut: a process whose parent has exited is adopted by init and no longer
   * looks like ours.
   */
  collectDescendants(processes: readonly ProcessEntry[] = listProcesses()): void {
    if (processes.length === 0) return;
    const childrenByParent = new Map<number, ProcessEntry[]>();
    for (const entry of processes) {
      const siblings = childrenByParent.get(entry.parentPid);
      if (siblings === undefined) childrenByParent.set(entry.parentPid, [entry]);
      else siblings.push(entry);
    }
    const pending = [this.processGroup, ...this.#descendants.keys()];
    const visited = new Set<number>(pending);
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      for (const child of childrenByParent.get(next) ?? []) {
        if (visited.has(child.pid)) continue;
        visited.add(child.pid);
        pending.push(child.pid);
        this.#descendants.set(child.pid, child.startTime);
      }
    }
  }

  /** Pids of the descendants seen so far (for diagnostics and tests). */
  get descendantPids(): number[] {
    return [...this.#descendants.keys()];
  }

  /** Seen descendants that still exist and are outside the group now. */
  #escapedDescendants(): ProcessEntry[] {
    const escaped: ProcessEntry[] = [];
    for (const [pid, startTime] of this.#descendants) {
      const entry = readProcessEntry(pid);
      if (entry === undefined || entry.startTime !== startTime) this.#descendants.delete(pid);
      else if (entry.processGroup !== this.processGroup) escaped.push(entry);
    }
    return escaped;
  }

  /**
   * Whether any process of the group, or an escaped descendant, still lives. A zombie does not:
   * it is dead and runs nothing, it only waits for its parent (init, for an orphan) to reap it,
   * which some inits do seconds late and others never. Without `/proc` a zombie cannot be told
   * apart, so any process the group signal still reaches counts.
   */
  isAnyAlive(): boolean {
    let groupHasMembers = true;
    try {
      process.kill(-this.processGroup, 0);
    } catch {
      // ESRCH: the group is empty.
      groupHasMembers = false;
    }
    if (groupHasMembers) {
      const processes = listProcesses();
      if (processes.length === 0) return true;
      if (processes.some((entry) => entry.processGroup === this.processGroup && entry.state !== 'Z')) return true;
    }
    return this.#escapedDescendants().some((entry) => entry.state !== 'Z');
  }

  /**
   * Signals the whole group, then each seen descendant that is outside it. Checked after the
   * group signal: one that left before it is signalled here, one that leaves after it already
   * has the signal pending. In-group processes are not signalled twice (a TERM trap runs once).
   */
  signal(signal: NodeJS.Signals): void {
    signalProcessGroup(this.processGroup, signal);
    for (const { pid } of this.#escapedDescendants()) {
      try {
        process.kill(pid, signal);
      } catch {
        this.#descendants.delete(pid);
      }
    }
  }
}

// Groups whose shell has not exited yet, or that timed out and have not been SIGKILLed yet.
const runningGroups = new Set<HookProcessGroup>();
let exitHandlerRegistered = false;

/**
 * Kills what is still running when the host goes away. Hooks run in their own session, out of
 * reach of the terminal's Ctrl-C, so without this a host that exits or is interrupted mid-hook
 * would leave them behind. signal-exit covers `exit` and the usual fatal signals (SIGINT,
 * SIGTERM, SIGHUP, …) and re-raises the signal afterwards; SIGKILL of the host cannot be caught.
 */
function killRunningGroupsOnHostExit(): void {
  if (runningGroups.size === 0) return;
  const processes = listProcesses();
  for (const group of runningGroups) {
    group.collectDescendants(processes);
    group.signal('SIGKILL');
  }
  runningGroups.clear();
}

/** Registers a group as running; the host-exit handler is installed on first use. */
export function trackRunningGroup(group: HookProcessGroup): void {
  if (!exitHandlerRegistered) {
    exitHandlerRegistered = true;
    onExit(() => {
      killRunningGroupsOnHostExit();
    });
  }
  runningGroups.add(group);
}

/** The group no longer needs killing at host exit (its shell exited, or SIGKILL was sent). */
export function untrackRunningGroup(group: HookProcessGroup): void {
  runningGroups.delete(group);
}

/** How many hook groups the host-exit handler would kill right now. */
export function countRunningGroups(): number {
  return runningGroups.size;
}
