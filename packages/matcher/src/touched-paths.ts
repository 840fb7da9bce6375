/**
 * What one tool call touches (SPEC F2), computed once per call by the engine before any hook
 * starts and handed to `selectHooks` as plain data.
 */
export interface TouchedPaths {
  /** Absolute paths, `.` and `..` removed, symlinks of the existing part resolved, in the call's order. */
  readonly paths: readonly string[];
  /**
   * Those of `paths` that stand for a folder and everything below it (`find_grep`'s, Claude's
   * `Glob` and `Grep` `path`): a glob that could match something below one selects (F2).
   */
  readonly folders: readonly string[];
  /** `true`: the call could touch any path (a shell command Cosh cannot split): a hook with `paths` is selected. */
  readonly unknown: boolean;
  /**
   * A shell call's simple commands, each as its words (leading `NAME=value` assignments left out),
   * for Claude's `Bash(…)` rules (F5); `null` for a call that is not a shell command.
   */
  readonly commands: readonly (readonly string[])[] | null;
}

/** A call that touches nothing: the touched paths of a tool with no path arguments. */
export const NOTHING_TOUCHED: TouchedPaths = Object.freeze({
  paths: Object.freeze([]),
  folders: Object.freeze([]),
  unknown: false,
  commands: null,
});
