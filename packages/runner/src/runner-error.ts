const runnerErrorMarker = Symbol.for('@cosh/runner/RunnerError');

/** Stable codes of `RunnerError`. */
export type RunnerErrorCode = 'E_RUNNER_INVALID_REQUEST' | 'E_RUNNER_INVALID_OPTIONS';

/**
 * A programmer error, thrown synchronously before any process starts or request is sent: a value
 * the types allow but that cannot work. `E_RUNNER_INVALID_REQUEST`: a `timeoutMs` that is not
 * above 0 and at most 2^31 − 1 (Node's longest timer), an HTTP hook `url` that is not an absolute
 * `http:` or `https:` URL. `E_RUNNER_INVALID_OPTIONS`: an empty `shell`, a byte count that is not
 * an integer >= 0, a grace, drain or idle time out of range, a `maxConcurrentProcesses` below 1.
 * Shapes are the types' job and are not checked again. A hook that fails (does not start,
 * crashes, times out) is never a `RunnerError`: it is a result.
 */
export class RunnerError extends Error {
  readonly code: RunnerErrorCode;
  // Kept as an own property so the check survives two installed copies of this package.
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: read by `in` in isInstance, across copies.
  private readonly [runnerErrorMarker] = true;

  constructor(code: RunnerErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RunnerError';
    this.code = code;
  }

  /** True for any `RunnerError`, whichever copy of `@cosh/runner` created it. */
  static isInstance(value: unknown): value is RunnerError {
    return typeof value === 'object' && value !== null && runnerErrorMarker in value;
  }
}
