// SPEC D1: a rule hook, evaluated in Cosh's own process: no runner, no payload, no process.
import { describeRule } from '@cosh/config';
import { monotonicNow } from '@cosh/runner';
import { HOOK_KINDS as KIND_TABLE } from '@cosh/spec';
import { emptyRun, type HookRun } from '../hook-run.ts';
import type { HookKindSpec, HookTarget } from './kind-spec.ts';

/** The rule kind's entry of the engine's table. */
export const RULE_KIND = {
  ...KIND_TABLE.rule,
  written: (target) => target.rule.text,
  shown: (target) => describeRule(target.rule),
  openClient: () => null,
  // D1: evaluated here, in Cosh's own process: no runner, no payload, no process.
  run({ setup }, target) {
    return Promise.resolve(ruleRun(target, setup.ruleSubject));
  },
  // A rule's report says its kind; it has no exit code (`exit_code: null`).
  reportFields: () => ({ kind: 'rule' }),
  runDiagnostic: () => null,
} as const satisfies HookKindSpec<Extract<HookTarget, { kind: 'rule' }>, null>;

/**
 * D1: a rule's run, evaluated at once: its answer when its test holds on the subject (the tool
 * input), `null` when it does not. No process, so no exit code, signal or output.
 */
export function ruleRun(target: Extract<HookTarget, { kind: 'rule' }>, subject: unknown): HookRun {
  const startedAt = monotonicNow();
  const { rule, test } = target;
  const holds = test(subject);
  const ruleAnswer = holds ? { decision: rule.decision, reason: rule.reason, context: rule.context } : null;
  return { ...emptyRun(monotonicNow() - startedAt), ruleAnswer };
}
