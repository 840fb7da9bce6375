import type { Decision, Diagnostic, HookEvent, HookOutcome } from './hook-outcome.ts';
import { defaultAskReason, defaultDenyReason, defaultHaltReason } from './interpret-run.ts';

/** What both events read the same way from config-ordered outcomes (A1–A6, K7). */
export interface OutcomeSummary {
  readonly decision: Decision;
  readonly halt: boolean;
  readonly reasons: readonly string[];
  /** Deny reasons in config order, also when a halt took over `reasons` (P2 still lists them). */
  readonly denyReasons: readonly string[];
  /** Non-empty contexts of valid outputs, in config order (A6). */
  readonly contexts: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Decision, halt, reasons, contexts and diagnostics of outcomes taken in config order. The
 * decision's precedence is deny > ask > allow > none (A2–A4, K7); a halt is reported beside it.
 */
export function summarizeOutcomes(event: HookEvent, outcomes: readonly HookOutcome[]): OutcomeSummary {
  const haltReasons: string[] = [];
  const denyReasons: string[] = [];
  const askReasons: string[] = [];
  const contexts: string[] = [];
  const diagnostics: Diagnostic[] = [];
  let anyAllow = false;

  for (const outcome of outcomes) {
    if (outcome.kind === 'halt') haltReasons.push(outcome.reason ?? defaultHaltReason(outcome.hook));
    // Checked apart from the halt so that no outcome flagged as a deny is ever left out.
    if (outcome.countsAsDeny) denyReasons.push(outcome.reason ?? defaultDenyReason(event, outcome.hook));
    if (outcome.kind === 'ask') askReasons.push(outcome.reason ?? defaultAskReason(outcome.hook));
    if (outcome.kind === 'allow') anyAllow = true;
    // Only a valid output's context counts (A6), whatever else a caller filled in.
    if (outcome.kind !== 'error' && outcome.kind !== 'invalid' && outcome.context !== null && outcome.context !== '') {
      contexts.push(outcome.context);
    }
    if (outcome.diagnostic !== null) diagnostics.push(outcome.diagnostic);
  }

  // K7: an ask is never cancelled by an allow, and never overrides a deny.
  const decision: Decision =
    denyReasons.length > 0 ? 'deny' : askReasons.length > 0 ? 'ask' : anyAllow ? 'allow' : 'none';
  const halt = haltReasons.length > 0;
  return {
    decision,
    halt,
    reasons: halt ? haltReasons : decision === 'deny' ? denyReasons : decision === 'ask' ? askReasons : [],
    denyReasons,
    contexts,
    diagnostics,
  };
}
