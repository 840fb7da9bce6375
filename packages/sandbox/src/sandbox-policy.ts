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
}

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
}

/** {@link prepareSandbox}'s answer: a launch, or why none can start. */
export type SandboxPreparation =
  | { readonly ok: true; readonly launch: SandboxLaunch }
  | { readonly ok: false; readonly cause: string };
