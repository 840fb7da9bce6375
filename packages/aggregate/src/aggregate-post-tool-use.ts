import { composeToolOutput } from './compose-tool-output.ts';
import type { Decision, Diagnostic, HookOutcome } from './hook-outcome.ts';
import { summarizeOutcomes } from './summarize-outcomes.ts';

/** What the PostToolUse hooks made of one successful call (P1–P4). */
export interface PostToolUseVerdict {
  /** Reported for tooling; after the call, only a deny has an effect (a `[hook]` line, P2, P3); an ask has none. */
  readonly decision: Decision;
  /** P4: any hook halted; the composed output still enters history, then the turn stops. */
  readonly halt: boolean;
  /** The halts' reasons when halted, else the denies' reasons when denied, else empty. */
  readonly reasons: readonly string[];
  /** The PostToolUse contexts of valid outputs in config order, joined with `\n`. */
  readonly context: string;
  /** P2: the output that enters history. */
  readonly toolOutput: string;
  /** The outcomes' diagnostics in config order, then a warning for each ignored ask (K7) and `updated_input` (P3). */
  readonly diagnostics: readonly Diagnostic[];
}

/** The tool's raw output and the PreToolUse verdict's context, for P2. */
export interface PostToolUseInput {
  /** The raw tool output, as the hooks received it (P1). */
  readonly toolOutput: string;
  /** The PreToolUse verdict's `context` (A6); empty or absent adds nothing. */
  readonly preToolUseContext?: string | undefined;
}

/**
 * Aggregate the PostToolUse outcomes of one call, given in config order (P1–P4), and compose
 * the output that enters history: raw output, the PreToolUse context, each PostToolUse context,
 * then `[hook] <reason>` per deny, each on its own line (P2).
 *
 * @example
 * const verdict = aggregatePostToolUse({ toolOutput, preToolUseContext: pre.context }, outcomes);
 * history.push(verdict.toolOutput);
 * if (verdict.halt) stopTurn(verdict.reasons);
 */
export function aggregatePostToolUse(input: PostToolUseInput, outcomes: readonly HookOutcome[]): PostToolUseVerdict {
  const summary = summarizeOutcomes('PostToolUse', outcomes);
  const diagnostics = [...summary.diagnostics];
  for (const outcome of outcomes) {
    if (outcome.kind === 'ask') {
      diagnostics.push({
        level: 'warning',
        hook: outcome.hook,
        message: `hook '${outcome.hook}' asked for confirmation in PostToolUse; it is ignored because the tool already ran`,
      });
    }
    if (outcome.updatedInput !== null) {
      diagnostics.push({
        level: 'warning',
        hook: outcome.hook,
        message: `hook '${outcome.hook}' returned updated_input in PostToolUse; it is ignored because the tool already ran`,
      });
    }
  }

  const appended = [
    input.preToolUseContext ?? '',
    ...summary.contexts,
    ...summary.denyReasons.map((reason) => `[hook] ${reason}`),
  ];
  return {
    decision: summary.decision,
    halt: summary.halt,
    reasons: summary.reasons,
    context: summary.contexts.join('\n'),
    toolOutput: composeToolOutput(input.toolOutput, appended),
    diagnostics,
  };
}
