// SPEC D1, C6: what a rule hook's `rule` must be beyond its types (zod checks those): exactly one
// operator, no unknown key, a field path with no empty part, regexes that compile and globs that
// compile; and what a rule hook cannot have beside its rule.
import { HOOK_KINDS } from '@cosh/spec';
import { checkGlob } from './check-glob.ts';
import { checkMatcher } from './check-matcher.ts';
import { suggestClosest } from './closest-match.ts';
import { type ConfigProblem, type JsonPath, RULE_OPERATORS } from './config-types.ts';
import { formatJsonPath } from './format-problem.ts';
import { RULE_FIELDS } from './setup-schema.ts';
import type { SourceMap } from './source-map.ts';

/** An entry under `hooks`, with its event and index (misspelt events included, C6). */
export interface RuleEntry {
  readonly event: string;
  readonly index: number;
  readonly entry: Record<string, unknown>;
}

type Report = (path: JsonPath, code: string, message: string, at?: 'key' | 'value') => void;

/**
 * Every C6 problem of the rule hooks among `entries`, each at its own line and column. Paths in
 * `reported` (zod's type errors) are not reported twice.
 */
export function findRuleProblems(
  entries: readonly RuleEntry[],
  sourceMap: SourceMap,
  reported: ReadonlySet<string>,
  problemOf: (
    path: JsonPath,
    code: string,
    message: string,
    position: { line: number; column: number },
  ) => ConfigProblem,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const report: Report = (path, code, message, at = 'value') => {
    if (reported.has(JSON.stringify(path))) return;
    const position = at === 'key' ? sourceMap.positionOfKey(path) : sourceMap.positionOfPath(path);
    problems.push(problemOf(path, code, message, position));
  };
  for (const { event, index, entry } of entries) {
    if (!Object.hasOwn(entry, 'rule')) continue;
    const at: JsonPath = ['hooks', event, index];
    // What a rule cannot have beside its rule is `@cosh/spec`'s table, with why (D1).
    for (const { field, why } of HOOK_KINDS.rule.notWith) {
      if (Object.hasOwn(entry, field)) {
        report([...at, field], 'invalid_value', `${formatJsonPath(at)} has "rule" and "${field}": ${why}`, 'key');
      }
    }
    if (entry['protocol'] === 'claude') {
      report(
        [...at, 'protocol'],
        'invalid_value',
        `${formatJsonPath(at)} is a rule: it tests Cosh's tool input and answers as a Cosh hook, so "protocol" cannot be "claude" (match Claude's tools by their Cosh names, or write a command hook)`,
      );
    }
    const rule = entry['rule'];
    if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) continue;
    checkRule(rule as Record<string, unknown>, [...at, 'rule'], report);
  }
  return problems;
}

function checkRule(rule: Record<string, unknown>, at: JsonPath, report: Report): void {
  const where = formatJsonPath(at);
  for (const key of Object.keys(rule)) {
    if (RULE_FIELDS.includes(key)) continue;
    const closest = suggestClosest(key, RULE_FIELDS);
    report(
      [...at, key],
      'unknown_field',
      `${where}: unknown ${closest !== undefined && (RULE_OPERATORS as readonly string[]).includes(closest) ? 'operator' : 'field'} ${JSON.stringify(key)}${closest === undefined ? ` (the operators are ${RULE_OPERATORS.join(', ')}; the other fields field, not, decision, reason, context)` : ` (did you mean ${closest}?)`}`,
      'key',
    );
  }
  const operators = RULE_OPERATORS.filter((name) => Object.hasOwn(rule, name));
  if (operators.length === 0) {
    report(
      [...at, 'field'],
      'missing_field',
      `${where} has no operator: give exactly one of ${RULE_OPERATORS.join(', ')}`,
      'key',
    );
  } else if (operators.length > 1) {
    report(
      [...at, operators[1] as string],
      'invalid_value',
      `${where} has ${operators.map((name) => `"${name}"`).join(' and ')}: a rule has exactly one operator (write two rules for two tests)`,
      'key',
    );
  }
  const field = rule['field'];
  if (typeof field === 'string' && field !== '*' && field.split('.').some((segment) => segment === '')) {
    report(
      [...at, 'field'],
      'invalid_value',
      `${formatJsonPath([...at, 'field'])} must be "*" or a dot path such as "command" or "edits.0.new_string", got ${JSON.stringify(field)} (an empty part)`,
    );
  }
  for (const operator of ['regex', 'glob'] as const) {
    const written = rule[operator];
    const values = typeof written === 'string' ? [written] : Array.isArray(written) ? written : [];
    values.forEach((value, position) => {
      if (typeof value !== 'string') return;
      const path = typeof written === 'string' ? [...at, operator] : [...at, operator, position];
      if (operator === 'regex') {
        const check = checkMatcher(value);
        if (!check.valid || value === '*') {
          const reason = check.valid ? 'nothing to repeat' : check.reason;
          const fix = check.valid ? '.*' : check.fix;
          report(
            path,
            'invalid_regex',
            `${formatJsonPath(path)}: ${JSON.stringify(value)} is not a valid regular expression (${reason})${fix === undefined ? '' : `; did you mean ${JSON.stringify(fix)}?`}`,
          );
        }
      } else {
        const check = checkGlob(value);
        if (!check.valid) {
          report(
            path,
            'invalid_glob',
            `${formatJsonPath(path)}: ${JSON.stringify(value)} is not a valid glob (${check.reason}, at offset ${check.offset} of the glob)`,
          );
        }
      }
    });
  }
}
