import * as z from 'zod/mini';
import { describeValue } from './describe-value.ts';
import type { Decision } from './hook-outcome.ts';

/** A JSON object: not an array, not null, not a primitive. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const DECISIONS = ['allow', 'deny', 'ask', 'none'] as const satisfies readonly Decision[];

/**
 * Decisions people write that are not Cosh's, by what they mean: Claude Code's `block` and
 * `approve`, and their everyday synonyms. A misread guard blocks nothing, so the diagnostic
 * says which word was meant. (A table, not an edit distance: `block` is nowhere near `deny`.)
 */
const DECISION_SYNONYMS: Readonly<Record<string, Decision>> = {
  block: 'deny',
  reject: 'deny',
  refuse: 'deny',
  denied: 'deny',
  approve: 'allow',
  accept: 'allow',
  allowed: 'allow',
  confirm: 'ask',
};

/** The decision `value` was probably meant to be (`"Deny"`, `"block"` → `deny`), else `undefined`. */
export function suggestDecision(value: unknown): Decision | undefined {
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  return (
    DECISIONS.find((decision) => decision === word) ??
    (Object.hasOwn(DECISION_SYNONYMS, word) ? DECISION_SYNONYMS[word] : undefined)
  );
}

function decisionProblem(value: unknown): string {
  const meant = suggestDecision(value);
  const hint = meant === undefined ? '' : `; did you mean "${meant}"?`;
  return `decision must be one of ${DECISIONS.join(', ')} (got ${describeValue(value)}${hint})`;
}

/**
 * The fields of a hook's stdout (O1). Unknown fields are stripped. `updated_input` is checked
 * with a pass-through test rather than `z.record`, because zod rebuilds a record by assignment and
 * drops an own `__proto__` key: the object JSON.parse made is kept as it is (A7).
 */
export const hookOutputSchema = z.object({
  decision: z.optional(
    z.enum(DECISIONS, {
      error: (issue) => decisionProblem(issue.input),
    }),
  ),
  reason: z.optional(z.string({ error: (issue) => `reason must be a string (got ${describeValue(issue.input)})` })),
  context: z.optional(z.string({ error: (issue) => `context must be a string (got ${describeValue(issue.input)})` })),
  updated_input: z.optional(
    z.custom<Record<string, unknown>>(isJsonObject, {
      error: (issue) => `updated_input must be an object (got ${describeValue(issue.input)})`,
    }),
  ),
});

/** The stdout JSON of a hook as it was printed (O1). */
export type RawHookOutput = z.infer<typeof hookOutputSchema>;

/**
 * Whether {@link hookOutputSchema} accepts `value` as it is, told without running the schema: each
 * of its four fields absent or of its type. The usual output (`{"decision": "none"}`, a deny with
 * its reason) is read this way; the schema costs each such read about 1 KB of allocations, which a
 * call answered in microseconds (a kept process's, R12) notices. Anything else goes through the schema, for its exact
 * problems. What this accepts the schema accepts, with the same fields (it only drops unknown ones).
 */
export function isWellFormedHookOutput(value: Record<string, unknown>): value is RawHookOutput {
  const { decision, reason, context, updated_input: updatedInput } = value;
  return (
    (decision === undefined || (DECISIONS as readonly unknown[]).includes(decision)) &&
    (reason === undefined || typeof reason === 'string') &&
    (context === undefined || typeof context === 'string') &&
    (updatedInput === undefined || isJsonObject(updatedInput))
  );
}
