import { mkdirSync } from 'node:fs';
import type { SandboxSettings } from '@cosh/config';
import type { SandboxStatus } from '@cosh/cosh-cli';
import { prepareSandbox, type SandboxPlaceholder } from '@cosh/sandbox';

/** How one `bash_run` starts: in front of `/bin/sh -c` a launcher, none (unsandboxed), or not at all. */
export type BashLaunch =
  | {
      readonly ok: true;
      readonly launcher: readonly string[] | undefined;
      /** The launcher's descriptors 3, 4, … (the seccomp program, B14; placeholders' contents, B11). */
      readonly launcherFiles: readonly Uint8Array[];
      /** Call when the command has ended: removes the mount points the placeholders left (B11). */
      readonly release: () => void;
    }
  | { readonly ok: false; readonly error: string };

/** SPEC B1: where every `bash_run` of a host runs. */
export interface BashSandbox {
  /** The launch of a call in `cwd`, its B2 paths resolved now (a folder made since is protected too). */
  launch(cwd: string): BashLaunch;
}

/** What {@link createBashSandbox} needs: the status (B5), the files' settings, the B2 list. */
export interface BashSandboxOptions {
  readonly status: SandboxStatus;
  readonly settings: SandboxSettings;
  /** The paths read-only even inside a writable tree, for a call in `cwd` (see `protectedPaths`). */
  readonly protectedPaths: (cwd: string) => readonly string[];
  /**
   * SPEC B2 (settled): Cosh's cache folder (`$XDG_CACHE_HOME/cosh`), created owner-only before
   * each sandboxed call when missing, so that it is protected rather than left for the command to
   * create and fill. `null`: no home folder, nothing to create.
   */
  readonly cacheFolder?: string | null | undefined;
  /** SPEC B11: absent paths the call must not create (see `gitPlaceholders`). */
  readonly placeholders?: ((cwd: string) => readonly SandboxPlaceholder[]) | undefined;
}

const unsandboxed: BashLaunch = { ok: true, launcher: undefined, launcherFiles: [], release: () => {} };

/**
 * SPEC B1–B5 for a host's `bash_run`: with a sandbox in force every call gets its launcher (the
 * call's cwd tree, a private /tmp and `sandbox.writable` writable; the B2 paths read-only; its
 * own PID namespace and session; loopback only with `network: false`). Without one, `auto` and
 * `off` run the shell as it is (the load warned), and `required` refuses the call, naming why.
 * A sandbox that was found but cannot be prepared refuses too: nothing of a call runs
 * unsandboxed while a sandbox is in force.
 */
export function createBashSandbox(options: BashSandboxOptions): BashSandbox {
  const { status, settings } = options;
  return {
    launch(cwd) {
      if (status.probe === null || status.probe.kind === null) {
        if (status.mode !== 'required') return unsandboxed;
        return {
          ok: false,
          error: `bash_run: refused: no sandbox available (${status.cause}) and sandbox.mode is "required"; nothing ran`,
        };
      }
      if (options.cacheFolder != null) ensureOwnerOnlyFolder(options.cacheFolder);
      const prepared = prepareSandbox(
        {
          cwd,
          writable: settings.writable,
          readOnly: options.protectedPaths(cwd),
          network: settings.network,
          unixSockets: settings.unixSockets,
          placeholders: options.placeholders?.(cwd),
        },
        status.probe,
      );
      if (!prepared.ok) {
        return { ok: false, error: `bash_run: refused: the sandbox cannot start (${prepared.cause}); nothing ran` };
      }
      const { launcher, files, release } = prepared.launch;
      return { ok: true, launcher, launcherFiles: files, release };
    },
  };
}

/**
 * Creates `folder` (and missing parents) readable by its owner only when it is missing; one
 * `mkdir` when it exists. Never throws: a folder that cannot be made (a read-only home) is left
 * absent, and its parent is as writable to the command as to Cosh.
 */
function ensureOwnerOnlyFolder(folder: string): void {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch {
    // Nothing to protect can be made where nothing can be written.
  }
}
