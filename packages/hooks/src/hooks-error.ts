const marker = Symbol.for('@cosh/hooks/HooksError');

/** Stable codes of {@link HooksError}. */
export type HooksErrorCode = 'E_HOOKS_INVALID_CONFIG' | 'E_HOOKS_INVALID_OPTIONS';

/**
 * A programmer error found when an engine is created: a config or options object that is not
 * of the right shape at all (not an object, an event's hooks not an array, runner options out
 * of range). Thrown by `createHookEngine` only, before any tool call; once created, an engine
 * never throws. A hook that fails, or one malformed entry, is a result instead.
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
