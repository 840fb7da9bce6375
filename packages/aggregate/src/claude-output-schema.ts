import * as z from 'zod/mini';
import { describeValue } from './describe-value.ts';
import { isJsonObject } from './hook-output-schema.ts';

const PERMISSION_DECISIONS = ['allow', 'deny', 'ask', 'defer'] as const;
// Claude Code's deprecated PreToolUse answers, still printed by many scripts; `ask` is not one.
const DECISIONS = ['approve', 'block'] as const;

/** The message of a field of the wrong type or value, named by its path (O2). */
function problem(path: string, expected: string) {
  return (issue: { readonly input: unknown }) => `${path} must be ${expected} (got ${describeValue(issue.input)})`;
}

const text = (path: string) => z.optional(z.string({ error: problem(path, 'a string') }));
const flag = (path: string) => z.optional(z.boolean({ error: problem(path, 'a boolean') }));
const object = (path: string) =>
  z.optional(z.custom<Record<string, unknown>>(isJsonObject, { error: problem(path, 'an object') }));
const oneOf = <const T extends readonly [string, ...string[]]>(path: string, values: T) =>
  z.optional(z.enum(values, { error: problem(path, `one of ${values.join(', ')}`) }));

/**
 * The JSON a `protocol: "claude"` hook may print (K5, as SPEC settles it). Every field is
 * optional; a wrong type or value is the hook's invalid output, named by its path; unknown keys
 * (`updatedMCPToolOutput`, fields of other events) are stripped, not refused. `updatedInput` is
 * checked with a pass-through test so the object JSON.parse made is kept as it is: zod rebuilds a
 * record by assignment and would drop an own `__proto__` key (A7).
 */
export const claudeOutputSchema = z.object({
  continue: flag('continue'),
  stopReason: text('stopReason'),
  systemMessage: text('systemMessage'),
  suppressOutput: flag('suppressOutput'),
  decision: oneOf('decision', DECISIONS),
  reason: text('reason'),
  hookSpecificOutput: z.optional(
    z.object(
      {
        hookEventName: text('hookSpecificOutput.hookEventName'),
        permissionDecision: oneOf('hookSpecificOutput.permissionDecision', PERMISSION_DECISIONS),
        permissionDecisionReason: text('hookSpecificOutput.permissionDecisionReason'),
        updatedInput: object('hookSpecificOutput.updatedInput'),
        additionalContext: text('hookSpecificOutput.additionalContext'),
      },
      { error: problem('hookSpecificOutput', 'an object') },
    ),
  ),
});

/** A Claude hook's stdout JSON as it was printed, known fields only (K5). */
export type ClaudeOutput = z.infer<typeof claudeOutputSchema>;
