import type { Decision, Diagnostic, HookOutcome } from './hook-outcome.ts';
import { mergeUpdatedInputs, type InputUpdate } from './merge-updated-inputs.ts';
import { summarizeOutcomes } from './summarize-outcomes.ts';

/** What the PreToolUse hooks decided about one call (A1–A7). */
export interface PreToolUseVerdict {
  /**
   * A2–A4 and K7 (deny > ask > allow > none), from every outcome but the halts. A halted call never
   * runs, whatever this says. `ask`: the permission system decides, forced to ask a person.
   */
  readonly decision: Decision;
  /** A1: any hook halted; the call does not run and the turn stops. */
  readonly halt: boolean;
  /** A5: the halts' reasons when halted, else the denies' when denied, else the asks' when asked (K7), else empty. */
  readonly reasons: readonly string[];
  /** A6: the non-empty contexts of valid outputs in config order, joined with `\n`. */
  readonly context: string;
  /** A7: the input after merging `updated_input` when the verdict is allow, ask or none, else the original. */
  readonly toolInput: Readonly<Record<string, unknown>>;
  /** The outcomes' diagnostics in config order, then merge conflicts. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Aggregate the PreToolUse outcomes of one call, given in config order (A1–A7). The verdict
 * depends on nothing but the input and that list: not on finish order, not on earlier calls.
 *
 * @example
 * const verdict = aggregatePreToolUse({ command: 'rm -rf /' }, outcomes);
 * if (verdict.halt) stopTurn(verdict.reasons);
 * else if (verdict.decision === 'deny') block(verdict.reasons);
 * else if (verdict.decision === 'ask') askPerson(verdict.toolInput, verdict.reasons); // K7: forced prompt
 * else run(verdict.toolInput, { skipPermission: verdict.decision === 'allow' });
 */
export function aggregatePreToolUse(
  toolInput: Readonly<Record<string, unknown>>,
  outcomes: readonly HookOutcome[],
): PreToolUseVerdict {
  const summary = summarizeOutcomes('PreToolUse', outcomes);
  const diagnostics = [...summary.diagnostics];
  let finalInput = toolInput;

  // A7 applies only to a call that may run; a denied or halted call keeps its input as it was. An
  // asked call may run once a person confirms it, and the prompt must show what would run (K7).
  if (!summary.halt && summary.decision !== 'deny') {
    const updates: InputUpdate[] = [];
    for (const outcome of outcomes) {
      // Only a valid output that lets the call run carries updated_input (O3: exit 2 and 49 never do).
      const letsRun = outcome.kind === 'allow' || outcome.kind === 'ask' || outcome.kind === 'none';
      if (letsRun && outcome.updatedInput !== null) {
        updates.push({ hook: outcome.hook, updatedInput: outcome.updatedInput });
      }
    }
    const merged = mergeUpdatedInputs(toolInput, updates);
    finalInput = merged.toolInput;
    for (const { key, earlierHook, laterHook } of merged.conflicts) {
      diagnostics.push({
        level: 'warning',
        hook: laterHook,
        message:
          `hooks '${earlierHook}' and '${laterHook}' set updated_input key ${JSON.stringify(key)} ` +
          `to different values; '${laterHook}' wins (later in config order)`,
      });
    }
  }

  return {
    decision: summary.decision,
    halt: summary.halt,
    reasons: summary.reasons,
    context: summary.contexts.join('\n'),
    toolInput: finalInput,
    diagnostics,
  };
}
