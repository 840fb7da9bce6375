/** The sandboxes this package can start. */
export type SandboxKind = 'bwrap' | 'landlock' | 'sandbox-exec';

/**
 * What a sandboxed command may do. Paths are absolute; they are resolved (symbolic links
 * followed) before use, and a path that does not exist is left out: nothing is created on the
 * host just to mount over it.
 */
export interface SandboxPolicy {
  /** The working folder: the command starts here, and its whole tree is writable. */
  readonly cwd: string;
  /** Further folders (or files) the command may write, each with everything below it. */
  readonly writable: readonly string[];
  /**
   * Protected paths: read-only even where they lie inside a writable tree (the writable
   * folders and the cwd). Everything else outside the writable trees is read-only anyway.
   */
  readonly readOnly: readonly string[];
  /** `false`: a network namespace with loopback only. */
  readonly network: boolean;
  /**
   * SPEC B14: `true` lets the command create `AF_UNIX` sockets (reach the user's tmux, D-Bus,
   * docker, agents). Default `false`: a seccomp filter refuses them, and where the filter cannot
   * load there is no sandbox.
   */
  readonly unixSockets?: boolean | undefined;
  /**
   * SPEC B11: paths that must stay absent-or-unwritable: where one does not exist inside a
   * writable tree, something empty and read-only is mounted over it for the call, so the
   * command cannot create it (a `.git/commondir` that would send git elsewhere). Where it exists
   * it is protected as {@link readOnly} is. The mount point bubblewrap leaves on the host is
   * removed again by {@link SandboxLaunch.release}.
   */
  readonly placeholders?: readonly SandboxPlaceholder[] | undefined;
}

/** What stands in for an absent path during a call (see {@link SandboxPolicy.placeholders}). */
export type SandboxPlaceholder =
  | {
      readonly path: string;
      readonly kind: 'file';
      /** What the command reads there: a neutral value (git's `commondir` holds `.`, itself). */
      readonly content: string;
    }
  | { readonly path: string; readonly kind: 'folder' };

/** What a probe found: the sandbox that can start here, or why none can. */
export type SandboxProbe =
  | { readonly kind: SandboxKind; readonly program: string; readonly cause: null }
  | { readonly kind: null; readonly program: null; readonly cause: string };

/**
 * How to run `/bin/sh -c <command>` inside the sandbox: spawn `launcher[0]` with
 * `launcher[1…]`, then the shell and its arguments. The launcher ends its own options, so the
 * shell's words follow it as they are.
 */
export interface SandboxLaunch {
  readonly kind: SandboxKind;
  readonly launcher: readonly string[];
  /**
   * Given to the launcher as descriptors 3, 4, … (in this order), each a regular file holding
   * these bytes, read to its end: the seccomp program (B14), the content of a placeholder file
   * (B11). Empty for most launches.
   */
  readonly files: readonly Uint8Array[];
  /**
   * Call once the command has ended (and everything it started, B3): removes the empty mount
   * points bubblewrap left on the host for this call's placeholders, unless another call of this
   * process still uses them.
   */
  readonly release: () => void;
}

/** {@link prepareSandbox}'s answer: a launch, or why none can start. */
export type SandboxPreparation =
  | { readonly ok: true; readonly launch: SandboxLaunch }
  | { readonly ok: false; readonly cause: string };
