import * as z from 'zod/mini';
import { describeValue } from './describe-value.ts';
import type { Decision } from './hook-outcome.ts';

/** A JSON object: not an array, not null, not a primitive. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const DECISIONS = ['allow', 'deny', 'ask', 'none'] as const satisfies readonly Decision[];

/**
 * The fields of a hook's stdout (O1). Unknown fields are stripped. `updated_input` is checked
 * with a pass-through test rather than `z.record`, because zod rebuilds a record by assignment and
 * drops an own `__proto__` key: the object JSON.parse made is kept as it is (A7).
 */
export const hookOutputSchema = z.object({
  decision: z.optional(
    z.enum(DECISIONS, {
      error: (issue) => `decision must be one of ${DECISIONS.join(', ')} (got ${describeValue(issue.input)})`,
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
