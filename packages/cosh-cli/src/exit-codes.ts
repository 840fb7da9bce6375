/**
 * The exit statuses of `cosh`, from BSD's sysexits.h where one fits: scripts can tell a usage
 * mistake from a broken config from a bug.
 */
export const EXIT_CODES = {
  ok: 0,
  /** `hooks run --exit-code`: the verdict was deny (SPEC X; the hooks' own deny status, O3). */
  denied: 2,
  /** `hooks run --exit-code`: the verdict was halt (SPEC X; the hooks' own halt status, O4). */
  halted: 49,
  /** EX_USAGE: unknown command or option, missing or bad argument. */
  usage: 64,
  /** EX_NOPERM: trust asked for without a controlling terminal (SPEC S4): nothing was trusted. */
  noPermission: 77,
  /** EX_SOFTWARE: an unexpected internal error. */
  software: 70,
  /** EX_CONFIG: the configuration could not be used (SPEC C6, or a named file is missing). */
  config: 78,
} as const;
