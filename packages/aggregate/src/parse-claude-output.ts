import { isBlank, trimBlank } from './blank-text.ts';
import { claudeOutputSchema } from './claude-output-schema.ts';
import type { Decision } from './hook-outcome.ts';
import { isJsonObject } from './hook-output-schema.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';
import { readJsonObject } from './parse-hook-output.ts';

/** `continue: false` (K5): the turn stops; `reason` is the non-blank `stopReason`, else `null`. */
export interface ClaudeStop {
  readonly reason: string | null;
}

/** A valid Claude hook output (K5), read into Cosh's terms; blank strings count as absent. */
export interface ClaudeHookOutput {
  /** `continue: false`, else `null`. */
  readonly stop: ClaudeStop | null;
  /** From `hookSpecificOutput.permissionDecision`, else the deprecated top-level `decision`, else `none`. */
  readonly decision: Decision;
  /** The reason given with that decision: `permissionDecisionReason`, or `reason` with `decision`. */
  readonly reason: string | null;
  /** `hookSpecificOutput.additionalContext`. */
  readonly context: string | null;
  /** `hookSpecificOutput.updatedInput` exactly as JSON.parse made it, in Claude's fields. */
  readonly updatedInput: Readonly<Record<string, unknown>> | null;
  /** `systemMessage`: for the person, never the model. */
  readonly systemMessage: string | null;
}

/**
 * What a Claude hook's stdout says (K5): plain text (blank included, and anything that is not JSON,
 * even when it starts with `{`: Claude reads it as no answer), a valid output, or a JSON object it
 * cannot use (breaks the schema, nests too deep), with the exact problem (O2). An object that breaks the schema still
 * says whether it stopped the turn: `continue: false` halts whatever else is wrong with it.
 */
export type ParsedClaudeOutput =
  | { readonly kind: 'plain' }
  | { readonly kind: 'valid'; readonly output: ClaudeHookOutput }
  | { readonly kind: 'invalid'; readonly problem: string; readonly stop: ClaudeStop | null };

// How Claude's answers read as Cosh decisions (K5): `defer` leaves the call to the permission
// system, as no opinion does; `approve` and `block` are the deprecated names of allow and deny.
const PERMISSION_DECISIONS = { allow: 'allow', deny: 'deny', ask: 'ask', defer: 'none' } as const satisfies Record<
  string,
  Decision
>;
const DEPRECATED_DECISIONS = { approve: 'allow', block: 'deny' } as const satisfies Record<string, Decision>;

function present(text: string | undefined): string | null {
  return text === undefined || isBlank(text) ? null : text;
}

function stopOf(value: Record<string, unknown>): ClaudeStop | null {
  if (value['continue'] !== false) return null;
  const stopReason = value['stopReason'];
  return { reason: typeof stopReason === 'string' ? present(stopReason) : null };
}

/**
 * Read a `protocol: "claude"` hook's stdout (K5, Claude's output schema as SPEC settles it). Never
 * throws, whatever the text.
 *
 * @example
 * parseClaudeOutput('{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}');
 * // { kind: 'valid', output: { stop: null, decision: 'deny', reason: 'no', context: null, … } }
 * parseClaudeOutput('{"decision":"ask"}');
 * // { kind: 'invalid', problem: 'decision must be one of approve, block (got "ask")', stop: null }
 * parseClaudeOutput('Checking…');   // { kind: 'plain' }
 */
export function parseClaudeOutput(stdout: string): ParsedClaudeOutput {
  if (!trimBlank(stdout).startsWith('{')) return { kind: 'plain' };
  const read = readJsonObject(stdout);
  // K5: Claude reads a stdout that is not JSON as text, even one that starts with `{` (a broken
  // object, text after it): no answer. Only JSON it cannot use (too deep to read) is invalid.
  if (read.kind === 'invalid')
    return read.notJson ? { kind: 'plain' } : { kind: 'invalid', problem: read.problem, stop: null };
  if (read.kind === 'blank') return { kind: 'plain' };

  const stop = stopOf(read.value);
  const result = claudeOutputSchema.safeParse(read.value);
  if (!result.success) {
    return { kind: 'invalid', problem: result.error.issues.map((issue) => issue.message).join('; '), stop };
  }
  const fields = result.data;
  const specific = fields.hookSpecificOutput;
  const updatedInput = specific?.updatedInput;
  if (updatedInput !== undefined && isJsonObject(updatedInput) && nestsDeeperThan(updatedInput, MAX_JSON_DEPTH)) {
    return {
      kind: 'invalid',
      problem: `hookSpecificOutput.updatedInput nests more than ${MAX_JSON_DEPTH} levels deep: the input it makes could not be sent as JSON`,
      stop,
    };
  }

  // `decision` and `reason` are read only when there is no `permissionDecision` (K5).
  const permissionDecision = specific?.permissionDecision;
  const byPermission = permissionDecision !== undefined;
  const decision: Decision = byPermission
    ? PERMISSION_DECISIONS[permissionDecision]
    : fields.decision === undefined
      ? 'none'
      : DEPRECATED_DECISIONS[fields.decision];
  const reason = byPermission
    ? present(specific?.permissionDecisionReason)
    : fields.decision === undefined
      ? null
      : present(fields.reason);

  return {
    kind: 'valid',
    output: {
      stop,
      decision,
      reason,
      context: present(specific?.additionalContext),
      updatedInput: updatedInput ?? null,
      systemMessage: present(fields.systemMessage),
    },
  };
}
