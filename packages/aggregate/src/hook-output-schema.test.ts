import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hookOutputSchema, isWellFormedHookOutput } from './hook-output-schema.ts';

/** A field's value: right or wrong types, near-miss decisions, nested objects and arrays. */
const fieldValue = fc.oneof(
  fc.constantFrom('allow', 'deny', 'ask', 'none', 'block', 'Deny', '', ' '),
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

const output = fc.record(
  {
    decision: fieldValue,
    reason: fieldValue,
    context: fieldValue,
    updated_input: fieldValue,
    other: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);

describe('isWellFormedHookOutput (O1)', () => {
  it('accepts exactly what the schema accepts, and the schema keeps the same fields', () => {
    fc.assert(
      fc.property(output, (value) => {
        const parsed = hookOutputSchema.safeParse(value);
        expect(isWellFormedHookOutput(value)).toBe(parsed.success);
        if (parsed.success) {
          const { decision, reason, context, updated_input } = value;
          expect(parsed.data).toEqual(
            Object.fromEntries(
              Object.entries({ decision, reason, context, updated_input }).filter(([, field]) => field !== undefined),
            ),
          );
          if (updated_input !== undefined) expect(parsed.data.updated_input).toBe(updated_input);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('the usual outputs, and a few that only the schema can word', () => {
    expect(isWellFormedHookOutput({ decision: 'none' })).toBe(true);
    expect(isWellFormedHookOutput({ decision: 'deny', reason: 'no', extra: 1 })).toBe(true);
    expect(isWellFormedHookOutput({})).toBe(true);
    expect(isWellFormedHookOutput({ decision: 'block' })).toBe(false);
    expect(isWellFormedHookOutput({ reason: null })).toBe(false);
    expect(isWellFormedHookOutput({ updated_input: [] })).toBe(false);
  });
});
