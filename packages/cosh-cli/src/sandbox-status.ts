import type { SandboxMode, SandboxSettings } from '@cosh/config';
import { locateSandbox, probeSandbox, type SandboxKind, type SandboxProbe } from '@cosh/sandbox';

/**
 * SPEC B5: how `bash_run` runs in this process: the mode in force (`COSH_SANDBOX=off` or the
 * files' `sandbox.mode`), whether a sandbox is used, which, and why not. `hooks list --json`
 * shows it as is (`"sandbox": {"mode", "active", "kind", "cause"}`).
 */
export interface SandboxStatus {
  readonly mode: SandboxMode;
  /** A sandbox holds every `bash_run`. */
  readonly active: boolean;
  readonly kind: SandboxKind | null;
  /** Why no sandbox is used (`null` when one is). */
  readonly cause: string | null;
  /** What the probe found (`null` when the mode is off and nothing was probed). */
  readonly probe: SandboxProbe | null;
  /** Where `COSH_SANDBOX` has a value other than `off`: the load warns that it is ignored. */
  readonly ignoredEnv: string | null;
}

/** How hard to look for a sandbox: `start` starts it once (the truth), `locate` only finds the program. */
export type SandboxLookup = 'start' | 'locate';

/**
 * The status of `settings` in `env`. `lookup: 'start'` (the default) starts the sandbox once
 * per process (see `probeSandbox`): for the hosts that run `bash_run` and for `hooks list`.
 * `'locate'` only looks for the program, for the commands a program starts once per tool call
 * (`hooks run`, `claude-hook`), which run no `bash_run` and cannot pay a sandbox start per call:
 * they still warn when bubblewrap is missing, the common case.
 */
export function sandboxStatus(
  settings: SandboxSettings,
  env: NodeJS.ProcessEnv,
  lookup: SandboxLookup = 'start',
): SandboxStatus {
  const fromEnv = env['COSH_SANDBOX'];
  const ignoredEnv = fromEnv !== undefined && fromEnv !== '' && fromEnv !== 'off' ? fromEnv : null;
  if (fromEnv === 'off') {
    return { mode: 'off', active: false, kind: null, cause: 'COSH_SANDBOX=off', probe: null, ignoredEnv };
  }
  if (settings.mode === 'off') {
    return { mode: 'off', active: false, kind: null, cause: 'sandbox.mode is "off"', probe: null, ignoredEnv };
  }
  // B14: unless unixSockets is on, the probe starts the sandbox with the socket filter: a filter
  // that cannot load is a sandbox that is not available, with that cause.
  const where = { path: env['PATH'], unixSockets: settings.unixSockets };
  const probe = lookup === 'start' ? probeSandbox(where) : locateSandbox(where);
  return {
    mode: settings.mode,
    active: probe.kind !== null,
    kind: probe.kind,
    cause: probe.cause,
    probe,
    ignoredEnv,
  };
}

/** The load warnings of a status (SPEC B5), each without the `cosh: warning: ` prefix. */
export function sandboxWarnings(status: SandboxStatus): string[] {
  const warnings: string[] = [];
  if (status.ignoredEnv !== null) {
    warnings.push(
      `COSH_SANDBOX=${JSON.stringify(status.ignoredEnv)} is not understood (only "off" is) and is ignored: the sandbox follows sandbox.mode`,
    );
  }
  if (status.active) return warnings;
  if (status.mode === 'off') {
    warnings.push(
      status.cause === 'COSH_SANDBOX=off'
        ? 'COSH_SANDBOX=off is set: bash_run runs without a sandbox and can change your guards (for CI and containers that are sandboxes already)'
        : 'sandbox.mode is "off": bash_run runs without a sandbox and can change your guards',
    );
  } else if (status.mode === 'required') {
    warnings.push(`no sandbox available (${status.cause}): bash_run is refused (sandbox.mode is "required")`);
  } else {
    warnings.push(`no sandbox available (${status.cause}): bash_run can change your guards; install bubblewrap`);
  }
  return warnings;
}

/** `hooks list`'s line: `sandbox: on (bwrap)` or `sandbox: off (<cause>)`. */
export function sandboxStatusLine(status: SandboxStatus): string {
  return status.active ? `sandbox: on (${status.kind})` : `sandbox: off (${status.cause})`;
}
