const runnerErrorMarker = Symbol.for('@cosh/runner/RunnerError');

/** Stable codes of `RunnerError`. */
export type RunnerErrorCode = 'E_RUNNER_INVALID_REQUEST' | 'E_RUNNER_INVALID_OPTIONS';

/**
 * A programmer error: a request or option of the wrong shape, thrown synchronously before any
 * process starts. A hook that fails (does not start, crashes, times out) is never a
 * `RunnerError`: it is a `HookProcessResult`.
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
