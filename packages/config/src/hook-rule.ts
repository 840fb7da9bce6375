// SPEC D1: a rule hook's `rule` object, as written, made into the HookRule the engine evaluates,
// and the one-line text listings show for it.
import { type HookRule, RULE_OPERATORS, type RuleOperator, type RuleScalar } from './config-types.ts';
import type { RuleDecision } from './config-types.ts';

/** A validated entry's `rule` as the schema gives it (setup-schema.ts). */
interface WrittenRule {
  readonly field: string;
  readonly regex?: string | readonly string[] | undefined;
  readonly glob?: string | readonly string[] | undefined;
  readonly equals?: RuleScalar | readonly RuleScalar[] | undefined;
  readonly contains?: string | readonly string[] | undefined;
  readonly not?: boolean | undefined;
  readonly decision: RuleDecision;
  readonly reason?: string | undefined;
  readonly context?: string | undefined;
}

/**
 * The rule of a validated entry (validate-rule.ts made sure it has exactly one operator). Its
 * `text` is the rule's own JSON, compact, in the order written: what M4 compares.
 */
export function buildRule(written: WrittenRule): HookRule {
  const operator = RULE_OPERATORS.find((name) => written[name] !== undefined) as RuleOperator;
  const value = written[operator] as RuleScalar | readonly RuleScalar[];
  return Object.freeze({
    field: written.field,
    operator,
    values: Object.freeze(Array.isArray(value) ? [...value] : [value as RuleScalar]),
    not: written.not === true,
    decision: written.decision,
    reason: written.reason ?? null,
    context: written.context ?? null,
    text: ruleText(written),
  });
}

/**
 * The rule's JSON with its keys in one order (field, operator, not, decision, reason, context),
 * so the same rule written with its keys in another order is the same hook (M4), whichever way
 * the file was read (validated, or known valid from the cache).
 */
function ruleText(written: WrittenRule): string {
  const ordered: Record<string, unknown> = { field: written.field };
  for (const name of RULE_OPERATORS) if (written[name] !== undefined) ordered[name] = written[name];
  for (const name of ['not', 'decision', 'reason', 'context'] as const) {
    if (written[name] !== undefined) ordered[name] = written[name];
  }
  return JSON.stringify(ordered);
}

/**
 * A rule in one line, for names, listings and reports: `command regex "rm -rf" → deny`,
 * `path not glob ".env" → allow`, `* contains ["a","b"] → context`.
 */
export function describeRule(rule: HookRule): string {
  const values = rule.values.length === 1 ? JSON.stringify(rule.values[0]) : JSON.stringify(rule.values);
  return `${rule.field} ${rule.not ? 'not ' : ''}${rule.operator} ${values} → ${rule.decision}`;
}
