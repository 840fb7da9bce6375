/**
 * What makes `cosh` use every user and project setup.json as it is, without a trust check (SPEC
 * S4): tests and scripts run `cosh` without a terminal, where a never-trusted file would refuse
 * every call. Tests of trust itself leave it out (or trust in a pseudo-terminal).
 */
export const TRUST_ALL_ENV = { COSH_TRUST: 'all' } as const;

/** The warning `COSH_TRUST=all` prints on each load, as one stderr line. */
const trustAllWarning = /^cosh: warning: COSH_TRUST=all is set: [^\n]*\n/gm;

/**
 * `stderr` without the warnings `COSH_TRUST=all` prints on each load, so a test can keep
 * asserting everything else a command prints (an empty stderr stays exactly empty).
 */
export function withoutTrustAllWarning(stderr: string): string {
  return stderr.replace(trustAllWarning, '');
}
