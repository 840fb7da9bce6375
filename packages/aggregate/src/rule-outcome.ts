import type { HookEvent, HookOutcome, OutcomeHook, RuleAnswer } from './hook-outcome.ts';
import { defaultAskReason, defaultDenyReason, defaultHaltReason, outcome } from './interpret-run.ts';

/**
 * The outcome of a rule hook (D1): when its test held, what a Cosh hook printing the same answer
 * would get (O1, O6, O4 and K7: a deny, an allow, an ask, a halt with the rule's reason or the
 * default one; `context` is `none` with the context); when it did not, `none`. A blank reason is
 * no reason, as a blank stderr is (O3). Pure and total.
 *
 * @example
 * ruleOutcome('PreToolUse', { name: 'no rm', onError: 'ignore' },
 *   { decision: 'deny', reason: null, context: null });
 * // { hook: 'no rm', kind: 'deny', reason: "blocked by hook 'no rm'", countsAsDeny: true, … }
 */
export function ruleOutcome(event: HookEvent, hook: OutcomeHook, answer: RuleAnswer | null): HookOutcome {
  if (answer === null) return outcome(hook, { kind: 'none' });
  const context = answer.context === null || answer.context === '' ? null : answer.context;
  const reason = (fallback: string): string =>
    answer.reason === null || answer.reason.trim() === '' ? fallback : answer.reason;
  switch (answer.decision) {
    case 'deny':
      return outcome(hook, { kind: 'deny', reason: reason(defaultDenyReason(event, hook.name)), context });
    case 'halt':
      return outcome(hook, { kind: 'halt', reason: reason(defaultHaltReason(hook.name)), context });
    case 'ask':
      return outcome(hook, { kind: 'ask', reason: reason(defaultAskReason(hook.name)), context });
    case 'allow':
      return outcome(hook, { kind: 'allow', context });
    case 'context':
      return outcome(hook, { kind: 'none', context });
    default: {
      const never: never = answer.decision;
      return outcome(hook, { kind: 'none', context: String(never) });
    }
  }
}
