/** One hook command to run: what `runHook` needs and nothing it would have to guess. */
export interface HookProcessRequest {
  /** Run as `<shell> -c <command>` (R1): passed as one argument, never spliced or parsed. */
  readonly command: string;
  /**
   * The hook's stdin (R3): a regular file holding these bytes (a hook may open `/dev/stdin` by
   * name), or `/dev/null` when empty. A hook that never reads it is fine. A `Uint8Array` is
   * written as it is, never copied: pass the same one to every hook of a call and a large
   * payload is in memory, and in a file, once, whatever the number of hooks (R11).
   */
  readonly stdin: string | Uint8Array;
  /**
   * The complete environment of the hook (R4). It is not merged with `process.env`: the caller
   * passes the host's environment plus whatever it adds (`COSH_*`). `undefined` values are left out.
   */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Working directory of the hook (R5). */
  readonly cwd: string;
  /** Milliseconds from spawn until the hook's process group is killed (R6); stdin is ready before it. */
  readonly timeoutMs: number;
  /**
   * Stops the run early: once aborted, the process group is stopped exactly as at a timeout
   * (SIGTERM, then SIGKILL as soon as the shell exits or after the grace) and the result comes
   * back when nothing of it is alive, with `timedOut: false` (the caller knows it aborted).
   * Already aborted: nothing is started and `startError` says so. After the shell has exited it
   * changes nothing (background processes are left running, R7).
   */
  readonly signal?: AbortSignal | undefined;
  /**
   * Called once, as soon as the process is spawned: its timeout counts from the spawn (R6).
   * With a {@link HookRunner} that can be long after the call, when the hook waited for a free
   * slot (R11). Not called for a hook that did not start (aborted while waiting, or the spawn
   * failed).
   */
  readonly onSpawn?: (() => void) | undefined;
  /**
   * A program that runs the shell for us (a sandbox launcher such as `bwrap …`): the process
   * spawned is `launcher[0]` with `launcher[1…]`, then `<shell> -c <command>`, in its own process
   * group like any hook. Absent or empty: the shell is spawned itself.
   */
  readonly launcher?: readonly string[] | undefined;
  /**
   * Given to the launcher as descriptors 3, 4, … (in this order), each a regular file holding
   * these bytes, opened afresh for this process (its own offset): a sandbox's seccomp program
   * (`bwrap --seccomp 3`). Only with a launcher.
   */
  readonly launcherFiles?: readonly Uint8Array[] | undefined;
}

/** Tuning knobs; the defaults are the SPEC values. */
export interface RunnerOptions {
  /** Shell used as `<shell> -c <command>`. Default `/bin/sh`. */
  readonly shell?: string;
  /** Bytes kept per stream (stdout, stderr); the rest is read and discarded (R8). Default 1 MiB. */
  readonly maxOutputBytes?: number;
  /** After a timeout, longest wait between SIGTERM and SIGKILL to the group (R6). Default 1000. */
  readonly killGraceMs?: number;
  /** After the shell exits, longest wait for output still in the pipes (R7). Default 100. */
  readonly drainMs?: number;
  /**
   * Hook processes that run at once; further hooks wait their turn (R11). Default 64. Applies
   * to one {@link HookRunner} (an engine has one), or to one `runHooks` batch.
   */
  readonly maxConcurrentProcesses?: number;
}

/** The raw facts of one hook run. Never interpreted here: `@cosh/aggregate` does that. */
export interface HookProcessResult {
  /** The shell's exit code; `null` when it was killed by a signal or did not start. */
  readonly exitCode: number | null;
  /** The signal that killed the shell (`'SIGKILL'`, `'SIGTERM'`, …), else `null`. */
  readonly signal: string | null;
  /** stdout decoded once as UTF-8, invalid bytes as U+FFFD (R10), at most `maxOutputBytes` of it. */
  readonly stdout: string;
  /** stderr, decoded and capped like `stdout`. */
  readonly stderr: string;
  /** stdout went past `maxOutputBytes` and was cut (R8). */
  readonly stdoutTruncated: boolean;
  /** stderr went past `maxOutputBytes` and was cut (R8). */
  readonly stderrTruncated: boolean;
  /** Either stream was cut (R8). */
  readonly truncated: boolean;
  /** The hook ran past `timeoutMs` and its process group was killed (R6). */
  readonly timedOut: boolean;
  /** Why the hook could not start (missing shell or cwd, too many open files, …), else `null` (R9). */
  readonly startError: string | null;
  /** Milliseconds from just before spawn until the result was ready. */
  readonly durationMs: number;
}

/** Every option filled in. */
export interface ResolvedRunnerOptions {
  readonly shell: string;
  readonly maxOutputBytes: number;
  readonly killGraceMs: number;
  readonly drainMs: number;
  readonly maxConcurrentProcesses: number;
}

/** The defaults of `RunnerOptions`, the values SPEC R6–R8 and R11 name. */
export const defaultRunnerOptions: ResolvedRunnerOptions = Object.freeze({
  shell: '/bin/sh',
  maxOutputBytes: 1024 * 1024,
  killGraceMs: 1000,
  drainMs: 100,
  maxConcurrentProcesses: 64,
});

/**
 * Runs hook processes for one engine, at most `maxConcurrentProcesses` of them at once (R11):
 * further hooks wait their turn, first come first served, and each one's timeout starts at its
 * spawn. Create one per engine with `createHookRunner`.
 */
export interface HookRunner {
  /** The options every run uses, defaults filled in. */
  readonly options: ResolvedRunnerOptions;
  /** `runHook`, once a slot is free. Never rejects; throws `RunnerError` for a timeout that cannot work. */
  runHook(request: HookProcessRequest): Promise<HookProcessResult>;
  /**
   * `runHooks` within this runner's slots: as many hooks as slots are free start in the same
   * tick (R2), the rest as slots free up; results in request order. Never rejects.
   */
  runHooks(requests: readonly HookProcessRequest[]): Promise<HookProcessResult[]>;
  /** Hook processes running now. */
  readonly runningProcesses: number;
  /** Hooks waiting for a slot now. */
  readonly waitingHooks: number;
}
