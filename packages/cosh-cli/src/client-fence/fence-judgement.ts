// SPEC B9, B10: what every agent's fence check gives, and the one error a settings file that
// cannot be read raises (never overwritten: the person fixes it by hand).

/** The fence judged on a client's settings (B9, B10). */
export interface FenceJudgement {
  readonly fenced: boolean;
  /** Why not, one line each (empty when fenced). */
  readonly reasons: readonly string[];
}

/** A settings file that cannot be read as the agent's settings: `file:line:col: …`. Never overwritten. */
export class FenceInputError extends Error {
  override readonly name = 'FenceInputError';
}
