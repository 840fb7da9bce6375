// The probe starts the sandbox once with a command that does nothing: the only way to learn
// that bubblewrap can start here (user namespaces can be disabled, or forbidden by AppArmor or
// a container's seccomp profile, with bwrap installed and on PATH). It is the one process this
// package starts itself, synchronously and bounded; the commands themselves are spawned by the
// caller (Cosh's runner) with the launcher prepareSandbox gives.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { landlockArguments } from './landlock-arguments.ts';
import type { SandboxProbe } from './sandbox-policy.ts';
import { unixSocketFilter, unixSocketFilterMissing } from './unix-socket-filter.ts';

/** Longest wait for the probe's sandbox to start and end: never a hang. */
export const probeTimeoutMs = 5000;

/** Options of {@link probeSandbox}. */
export interface ProbeOptions {
  /** The `PATH` to look for `bwrap` in. Default: `process.env.PATH`. */
  readonly path?: string | undefined;
  /** Default: `process.platform`. */
  readonly platform?: NodeJS.Platform | undefined;
  /** Longest wait for the probe's start. Default {@link probeTimeoutMs}. */
  readonly timeoutMs?: number | undefined;
  /**
   * SPEC B14: `true` when the launches will allow `AF_UNIX` sockets; otherwise (default) the
   * probe starts the sandbox with the seccomp filter every launch loads, so a filter that cannot
   * load means no sandbox, with that cause.
   */
  readonly unixSockets?: boolean | undefined;
}

const probes = new Map<string, SandboxProbe>();

/**
 * Which sandbox can start on this machine, or why none can: on Linux bubblewrap (`bwrap` on
 * `PATH`, started once with the options every launch uses) or, where it cannot start, Landlock
 * (`python3` on `PATH` runs the Landlock launcher once with `sh -c 'exit 0'`), on macOS
 * `/usr/bin/sandbox-exec`.
 * The answer is kept for the life of the process (per `PATH` and platform): a start costs a
 * probe once, not once per command.
 *
 * @example
 * const probe = probeSandbox();
 * if (probe.kind === null) console.warn(`no sandbox available (${probe.cause})`);
 */
export function probeSandbox(options: ProbeOptions = {}): SandboxProbe {
  const path = options.path ?? process.env['PATH'] ?? '';
  const platform = options.platform ?? process.platform;
  const unixSockets = options.unixSockets === true;
  const key = `${platform}\0${path}\0${unixSockets}`;
  let probe = probes.get(key);
  if (probe === undefined) {
    probe =
      platform === 'linux'
        ? probeLinux(path, options.timeoutMs ?? probeTimeoutMs, unixSockets)
        : platform === 'darwin'
          ? probeSandboxExec()
          : none(`no sandbox for ${platform}`);
    probes.set(key, probe);
  }
  return probe;
}

/**
 * Which sandbox this machine has, without starting it: the program found (`bwrap` on `PATH`,
 * else `python3` for Landlock, `/usr/bin/sandbox-exec`), or why none is. Cheap (a few `stat`s), for a process that runs no
 * command in the sandbox but reports whether one is there; it cannot see that an installed
 * bubblewrap is unable to start (user namespaces disabled): only {@link probeSandbox} can. A probe
 * already made in this process is answered as is.
 */
export function locateSandbox(options: Pick<ProbeOptions, 'path' | 'platform' | 'unixSockets'> = {}): SandboxProbe {
  const path = options.path ?? process.env['PATH'] ?? '';
  const platform = options.platform ?? process.platform;
  const probed = probes.get(`${platform}\0${path}\0${options.unixSockets === true}`);
  if (probed !== undefined) return probed;
  if (platform === 'darwin') return probeSandboxExec();
  if (platform !== 'linux') return none(`no sandbox for ${platform}`);
  if (options.unixSockets !== true) {
    const missing = unixSocketFilterMissing();
    if (missing !== null) return none(missing);
  }
  const program = findExecutable('bwrap', path);
  if (program !== null) return { kind: 'bwrap', program, cause: null };
  const python = findExecutable('python3', path);
  return python !== null && kernelHasLandlock()
    ? { kind: 'landlock', program: python, cause: null }
    : none('bwrap not found on PATH');
}

/** Forgets every kept probe (tests that change the machine between probes). */
export function forgetSandboxProbes(): void {
  probes.clear();
}

/** The options of the probe's start: those every launch uses, so a probe that passes means a launch can start. */
const probeArguments = [
  '--ro-bind',
  '/',
  '/',
  '--dev',
  '/dev',
  '--proc',
  '/proc',
  '--tmpfs',
  '/tmp',
  '--unshare-pid',
  '--new-session',
  '--die-with-parent',
  '--',
  '/bin/sh',
  '-c',
  'exit 0',
];

function probeLinux(path: string, timeoutMs: number, unixSockets: boolean): SandboxProbe {
  let seccomp: Uint8Array | null = null;
  if (!unixSockets) {
    const filter = unixSocketFilter();
    if (!filter.ok) return none(filter.cause);
    seccomp = filter.bytes;
  }
  const bubblewrap = probeBubblewrap(path, timeoutMs, seccomp);
  if (bubblewrap.kind !== null) return bubblewrap;
  // Without python3 there is no Landlock launcher: bubblewrap's cause is the one to act on.
  const python = findExecutable('python3', path);
  if (python === null) return bubblewrap;
  const landlock = probeLandlock(python, timeoutMs, seccomp);
  return landlock.kind !== null ? landlock : none(`${bubblewrap.cause}; Landlock: ${landlock.cause}`);
}

/** The Landlock launcher started once, restricting itself as every launch does, around `sh -c 'exit 0'`. */
function probeLandlock(python: string, timeoutMs: number, seccomp: Uint8Array | null): SandboxProbe {
  const paths = { cwd: '/', writable: [], pinned: [], readOnly: [] };
  const failure = startFailure(
    python,
    [...landlockArguments(paths, { network: true, seccomp }), '/bin/sh', '-c', 'exit 0'],
    timeoutMs,
  );
  return failure === null ? { kind: 'landlock', program: python, cause: null } : none(failure.cause);
}

/**
 * Whether the running kernel may have Landlock (the cheap check of {@link locateSandbox}): the
 * list of enabled security modules where securityfs is mounted; where it is not, assumed yes,
 * as an installed bwrap is assumed to start.
 */
function kernelHasLandlock(): boolean {
  try {
    return readFileSync('/sys/kernel/security/lsm', 'utf8').trim().split(',').includes('landlock');
  } catch {
    return true;
  }
}

function probeBubblewrap(path: string, timeoutMs: number, seccomp: Uint8Array | null): SandboxProbe {
  const program = findExecutable('bwrap', path);
  if (program === null) return none('bwrap not found on PATH');
  // The filter comes on stdin (the probe's command reads nothing): a launch gives it on fd 3.
  const failure =
    seccomp === null
      ? startFailure(program, probeArguments, timeoutMs)
      : startFailure(program, ['--seccomp', '0', ...probeArguments], timeoutMs, seccomp);
  if (failure === null) return { kind: 'bwrap', program, cause: null };
  return none(failure.timedOut ? `bwrap ${failure.cause}` : `bwrap cannot start: ${failure.cause}`);
}

/**
 * Runs a sandbox's probe command; `null` when it exited 0, else why not: it did not start in time,
 * could not be run, or said why on its first line of stderr (else how it ended).
 */
function startFailure(
  program: string,
  args: readonly string[],
  timeoutMs: number,
  input?: Uint8Array,
): { readonly timedOut: boolean; readonly cause: string } | null {
  const run = spawnSync(program, args, {
    stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'],
    ...(input === undefined ? {} : { input }),
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
    encoding: 'utf8',
  });
  // A launcher that ends before reading its input (bwrap failing early) is judged by how it ended.
  if (run.error !== undefined && (run.error as NodeJS.ErrnoException).code !== 'EPIPE') {
    const timedOut = (run.error as NodeJS.ErrnoException).code === 'ETIMEDOUT';
    return { timedOut, cause: timedOut ? `did not start within ${timeoutMs / 1000} s` : run.error.message };
  }
  if (run.status === 0) return null;
  const said = firstLine(run.stderr);
  const how = run.signal !== null ? `killed by ${run.signal}` : `exit ${run.status}`;
  return { timedOut: false, cause: said === '' ? how : said };
}

function probeSandboxExec(): SandboxProbe {
  const program = '/usr/bin/sandbox-exec';
  return isExecutableFile(program) ? { kind: 'sandbox-exec', program, cause: null } : none('sandbox-exec not found');
}

function none(cause: string): SandboxProbe {
  return { kind: null, program: null, cause };
}

/** The first non-empty line of a program's stderr, at most 200 characters. */
function firstLine(text: string | null | undefined): string {
  const line = (text ?? '').split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  return line.trim().slice(0, 200);
}

/** `name` on `path` as the shell would find it, or `null`. */
function findExecutable(name: string, path: string): string | null {
  for (const folder of path.split(delimiter)) {
    // An empty or relative PATH entry means a folder the agent may control: skipped.
    if (folder === '' || !isAbsolute(folder)) continue;
    const candidate = join(folder, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
