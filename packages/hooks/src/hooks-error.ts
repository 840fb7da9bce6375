const marker = Symbol.for('@cosh/hooks/HooksError');

/** Stable codes of {@link HooksError}. */
export type HooksErrorCode = 'E_HOOKS_INVALID_OPTIONS';

/**
 * A programmer error found when an engine is created: runner options that cannot work (a
 * `maxConcurrentProcesses` below 1, a negative grace; the runner's `RunnerError` is the
 * `cause`). That is the one thing a caller can still get wrong: the config is valid by
 * construction (`@cosh/config` makes every `HooksConfig`) and shapes are the types' job. Thrown by
 * `createHookEngine` only, before any tool call; once created, an engine never throws. A hook
 * that fails is a result instead.
 */
export class HooksError extends Error {
  override readonly name = 'HooksError';
  readonly code: HooksErrorCode;
  // An own property, so the check survives two installed copies of this package.
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: read by `in` in isInstance, across copies.
  private readonly [marker] = true;

  constructor(code: HooksErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** True for any `HooksError`, whichever copy of `@cosh/hooks` created it. */
  static isInstance(value: unknown): value is HooksError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
