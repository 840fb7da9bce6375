// The version of the `cosh` binary, which a journal line records (J1: `cosh_version`). The app
// knows it (its package.json) and sets it at start; this package's own is the fallback.
let version: string | undefined;

/** Sets the version the binary reports (the app calls it once, at start). */
export function setCoshVersion(value: string): void {
  version = value;
}

/** The binary's version: what the app set, else `unknown`. */
export function coshVersion(): string {
  return version ?? 'unknown';
}
