/**
 * What makes `cosh` use every user and project setup.json as it is, without a trust check (SPEC
 * S4): tests and scripts run `cosh` without a terminal, where a never-trusted file would refuse
 * every call. Tests of trust itself leave it out (or trust in a pseudo-terminal).
 *
 * It also turns the sandbox of `bash_run` off (`COSH_SANDBOX=off`, SPEC B5): these tests are
 * about hooks and tools, and keep their setup.json and scripts in the folder they work in, which
 * the sandbox keeps read-only (B2). Tests of the sandbox leave it out
 * (`COSH_SANDBOX: undefined`).
 */
export const TRUST_ALL_ENV = { COSH_TRUST: 'all', COSH_SANDBOX: 'off' } as const;

/** The warnings `COSH_TRUST=all` and `COSH_SANDBOX=off` print on each load, one stderr line each. */
const trustAllWarning = /^cosh: warning: (COSH_TRUST=all|COSH_SANDBOX=off) is set: [^\n]*\n/gm;

/**
 * `stderr` without the warnings {@link TRUST_ALL_ENV} prints on each load, so a test can keep
 * asserting everything else a command prints (an empty stderr stays exactly empty).
 */
export function withoutTrustAllWarning(stderr: string): string {
  return stderr.replace(trustAllWarning, '');
}

/** SPEC B10's warning that a client's shell is not fenced, as a line of a `systemMessage` or stderr. */
const unfencedWarning = /^cosh: [a-z]+'s shell is not sandboxed: [^\n]*\n/gm;

/**
 * `text` without B10's once-per-session warning that the agent's own shell is not fenced: the
 * bridge tests that are not about the fence run with a client that has none.
 */
export function withoutUnfencedWarning(text: string): string {
  return text.replace(unfencedWarning, '');
}
