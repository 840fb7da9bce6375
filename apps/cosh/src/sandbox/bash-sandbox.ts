import type { SandboxSettings } from '@cosh/config';
import type { SandboxStatus } from '@cosh/cosh-cli';
import { prepareSandbox } from '@cosh/sandbox';

/** How one `bash_run` starts: in front of `/bin/sh -c` a launcher, none (unsandboxed), or not at all. */
export type BashLaunch =
  | { readonly ok: true; readonly launcher: readonly string[] | undefined }
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
}

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
        if (status.mode !== 'required') return { ok: true, launcher: undefined };
        return {
          ok: false,
          error: `bash_run: refused: no sandbox available (${status.cause}) and sandbox.mode is "required"; nothing ran`,
        };
      }
      const prepared = prepareSandbox(
        { cwd, writable: settings.writable, readOnly: options.protectedPaths(cwd), network: settings.network },
        status.probe,
      );
      if (!prepared.ok) {
        return { ok: false, error: `bash_run: refused: the sandbox cannot start (${prepared.cause}); nothing ran` };
      }
      return { ok: true, launcher: prepared.launch.launcher };
    },
  };
}
