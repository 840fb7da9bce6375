import type { Node } from 'jsonc-parser';
import * as z from 'zod/mini';
import { checkMatcher } from './check-matcher.ts';
import {
  claudeToolTwin,
  EVENTS,
  type ExclusiveField,
  HOOK_KIND_NAMES,
  HOOK_KINDS,
  hookKindOf,
  type KindFields,
} from '@cosh/spec';
import { claudeToolNameMatcherAdvice } from './claude-tool-names.ts';
import { suggestClosest } from './closest-match.ts';
import type { ConfigProblem, FileSettings, HooksConfig, JsonPath } from './config-types.ts';
import { buildConfig, type ConfigSource, fileSettings, NO_FILE_SETTINGS, type ValidatedFile } from './build-config.ts';
import { formatJsonPath } from './format-problem.ts';
import { findPathProblems } from './path-globs-problems.ts';
import { MAX_TIMEOUT_SECONDS } from './hook-defaults.ts';
import {
  EVENTS_ALLOWING_ASYNC,
  HOOK_EVENTS,
  HOOK_PROTOCOLS,
  type HookEvent,
  isHookEvent,
  listedEvents,
  ON_ERROR_VALUES,
  SANDBOX_MODES,
} from './hook-events.ts';
import { editDistance } from './closest-match.ts';
import {
  BOOLEAN_ENTRY_FIELDS,
  HOOK_ENTRY_FIELDS,
  hookEntryShape,
  JOURNAL_FIELDS,
  SANDBOX_FIELDS,
  setupFileSchema,
} from './setup-schema.ts';
import type { SourceMap } from './source-map.ts';
import { findRuleProblems } from './validate-rule.ts';
import { RULE_DECISIONS, RULE_OPERATORS } from './config-types.ts';

/** The outcome of validating a parsed setup.json: a config only when there is no error. */
export interface ValidationResult {
  readonly config: HooksConfig | undefined;
  /** The settings that matter beside other layers; empty when there is no config. */
  readonly settings: FileSettings;
  readonly errors: readonly ConfigProblem[];
  readonly warnings: readonly ConfigProblem[];
}

/**
 * Validates the value of a parsed setup.json (SPEC C3–C7, M2, H1). Wrong types, unknown events
 * and hook fields, near misses of `hooks` and `hooksEnabled`, and a hook with neither or both of
 * `command` and `url` are errors (C4–C6): each would leave a guard silently not running.
 * Duplicate keys, other unknown keys and matchers that do not compile are warnings. Every
 * problem is reported, each at its own line and column.
 */
export function validateConfig(
  value: unknown,
  tree: Node | undefined,
  sourceMap: SourceMap,
  source: ConfigSource,
): ValidationResult {
  const errors: ConfigProblem[] = [];
  const warnings: ConfigProblem[] = [];
  const result = setupFileSchema.safeParse(value);
  const seenPaths = new Set<string>();
  if (!result.success) {
    for (const issue of result.error.issues) {
      // One check failing can fail the next (an empty command is both too short and blank).
      const key = JSON.stringify(issue.path);
      if (seenPaths.has(key)) continue;
      seenPaths.add(key);
      errors.push(problemFromIssue(issue, value, sourceMap));
    }
  }
  // C6: entries filed under a misspelt event are checked as well, so one run lists the event
  // and every mistake in its entries (not the event now and an entry's typo on the next run).
  for (const issue of findMisfiledEntryIssues(value)) {
    const key = JSON.stringify(issue.path);
    if (seenPaths.has(key)) continue;
    seenPaths.add(key);
    errors.push(problemFromIssue(issue, value, sourceMap));
  }
  for (const problem of [
    ...findUnknownKeys(value, sourceMap),
    ...findTransportProblems(value, sourceMap, seenPaths),
    ...findRuleProblems(hookEntriesOf(value), sourceMap, seenPaths, (path, code, message, position) => ({
      severity: 'error',
      code,
      message,
      path,
      ...position,
      ...hookOf(path),
    })),
    ...findSandboxProblems(value, sourceMap, source),
    ...findPathProblems(hookEntriesOf(value), sourceMap, seenPaths),
    ...findJournalProblems(value, sourceMap, source),
  ]) {
    (problem.severity === 'error' ? errors : warnings).push(problem);
  }
  warnings.push(...findDuplicateKeys(tree, sourceMap));
  if (result.success) {
    warnings.push(
      ...findInvalidMatchers(result.data, sourceMap),
      ...findClaudeToolNameMatchers(result.data, sourceMap),
      ...findIgnoredMatchers(result.data, sourceMap),
    );
  }
  const valid = result.success && errors.length === 0;
  return {
    config: valid ? buildConfig(result.data, source) : undefined,
    settings: valid ? fileSettings(result.data, sourceMap) : NO_FILE_SETTINGS,
    errors: sortByPosition(errors),
    warnings: sortByPosition(warnings),
  };
}

// ---------------------------------------------------------------------------------------------
// Errors (C6): zod issues turned into sentences that say what was expected and what was found.

function problemFromIssue(issue: z.core.$ZodIssue, root: unknown, sourceMap: SourceMap): ConfigProblem {
  const path = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
  const found = valueAt(root, path);
  const missing = found === undefined;
  const where = formatJsonPath(path);
  let message: string;
  if (path.length === 0) {
    message = `the file must hold a JSON object such as {"hooks": {}}, not ${describeFound(found, sourceMap.sourceOf(path))}`;
  } else if (missing && path.at(-1) === 'command') {
    message = `${formatJsonPath(path.slice(0, -1))} has no "command": every hook needs the shell command to run`;
  } else if (missing) {
    message = `${where} is missing: it ${expectation(path)}`;
  } else {
    message = `${where} ${expectation(path)}, got ${describeFound(found, sourceMap.sourceOf(path))}${hint(path, found)}`;
  }
  return {
    severity: 'error',
    code: missing ? 'missing_field' : issue.code === 'invalid_type' ? 'invalid_type' : 'invalid_value',
    message,
    path,
    ...sourceMap.positionOfPath(path),
    ...hookOf(path),
  };
}

/** What the value at `path` must be, as the end of a sentence starting with the path. */
function expectation(path: JsonPath): string {
  const [section, event, index, field, ruleField] = path;
  if (section === 'hooks' && field === 'rule') return ruleExpectation(ruleField, path[5]);
  if (section === 'hooks') {
    if (event === undefined) return 'must be an object of event name → array of hooks, e.g. {"PreToolUse": []}';
    if (index === undefined) return 'must be an array of hooks';
    if (field === undefined) return 'must be a hook: an object with at least a "command"';
    switch (field) {
      case 'command':
        return 'must be a non-empty string (the shell command to run)';
      case 'url':
        return 'must be an http:// or https:// address';
      case 'headers':
        return 'must be an object of header name → string value';
      case 'protocol':
        return `must be ${HOOK_PROTOCOLS.map((value) => JSON.stringify(value)).join(' or ')}`;
      case 'name':
        return 'must be a string';
      case 'matcher':
        return 'must be a string (a regular expression searched in the tool name)';
      case 'timeout':
        return `must be a number of seconds greater than 0 and at most ${MAX_TIMEOUT_SECONDS}`;
      case 'onError':
        return `must be ${ON_ERROR_VALUES.map((value) => JSON.stringify(value)).join(' or ')}`;
      case 'paths':
        return path.length === 4
          ? 'must be an array of globs, e.g. [".env", "~/.ssh/"]'
          : 'must be a string (a glob such as ".env" or "src/**")';
      case 'if':
        return 'must be a string (a Claude Code rule such as "Bash(git push:*)")';
      default:
        return BOOLEAN_ENTRY_FIELDS.includes(field as string) ? 'must be true or false' : 'is not valid';
    }
  }
  if (section === 'hooksEnabled') {
    return event === undefined
      ? 'must be an object such as {"PreToolUse": true, "PostToolUse": false}'
      : 'must be true or false';
  }
  if (section === 'sandbox') {
    switch (event) {
      case undefined:
        return 'must be an object such as {"mode": "auto", "writable": ["~/.npm"], "network": true}';
      case 'mode':
        return `must be ${SANDBOX_MODES.map((value) => JSON.stringify(value)).join(', ')}`;
      case 'writable':
        return index === undefined ? 'must be an array of folder paths' : 'must be a string (a folder path)';
      case 'network':
      case 'unixSockets':
        return 'must be true or false';
      default:
        return 'is not valid';
    }
  }
  if (section === 'journal') {
    switch (event) {
      case undefined:
        return 'must be an object such as {"file": "~/.local/state/cosh/journal.jsonl"}';
      case 'file':
        return 'must be a non-empty string (the path of the journal file)';
      case 'otlp':
        return 'must be an http:// or https:// URL (the OpenTelemetry collector)';
      default:
        return 'is not valid';
    }
  }
  if (section === '$schema') return 'must be a string (the path or URL of the JSON Schema)';
  if (section === 'allowManagedHooksOnly') return 'must be true or false';
  return 'is not valid';
}

/** What a part of a rule (D1) must be, as the end of a sentence starting with its path. */
function ruleExpectation(field: string | number | undefined, position: string | number | undefined): string {
  switch (field) {
    case undefined:
      return `must be an object such as {"field": "command", "regex": "rm\\s+-rf", "decision": "deny"}`;
    case 'field':
      return 'must be a string: a dot path into the tool input such as "command", or "*" for the whole input';
    case 'regex':
    case 'glob':
    case 'contains':
      return position === undefined ? 'must be a string or a list of strings' : 'must be a string';
    case 'equals':
      return position === undefined
        ? 'must be a string, number, true, false or null, or a list of them'
        : 'must be a string, number, true, false or null';
    case 'not':
      return 'must be true or false';
    case 'decision':
      return `must be one of ${RULE_DECISIONS.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'reason':
    case 'context':
      return 'must be a string';
    default:
      return `is not valid (the operators are ${RULE_OPERATORS.join(', ')})`;
  }
}

/** A number as JSON writes it (no `0x10`, `.5` or `Infinity`). */
const jsonNumber = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * A short help for the commonest slips: a quoted number or boolean, a misspelt enum value. A
 * suggested value must itself be accepted: `"0"` or `"0x10"` unquoted would fail again.
 */
function hint(path: JsonPath, found: unknown): string {
  const field = path.at(-1);
  if (typeof found !== 'string') return '';
  const unquoted = found.trim();
  if (
    field === 'timeout' &&
    jsonNumber.test(unquoted) &&
    Number(unquoted) > 0 &&
    Number(unquoted) <= MAX_TIMEOUT_SECONDS
  ) {
    return ` (write it without quotes: ${unquoted})`;
  }
  const booleanField =
    field === 'enabled' ||
    (path[0] === 'hooks' && BOOLEAN_ENTRY_FIELDS.includes(field as string)) ||
    (path[0] === 'hooksEnabled' && path.length === 2) ||
    (path[0] === 'allowManagedHooksOnly' && path.length === 1) ||
    (path[0] === 'sandbox' && (field === 'network' || field === 'unixSockets')) ||
    (path[0] === 'hooks' && path[3] === 'rule' && field === 'not');
  if (booleanField && /^(true|false)$/i.test(unquoted)) {
    return ` (write it without quotes: ${unquoted.toLowerCase()})`;
  }
  if (path[0] === 'sandbox' && field === 'mode') {
    const closest = suggestClosest(found, SANDBOX_MODES);
    return closest === undefined ? '' : ` (did you mean "${closest}"?)`;
  }
  if (path[0] === 'hooks' && path[3] === 'rule' && field === 'decision') {
    const closest = found === 'block' ? 'deny' : suggestClosest(found, RULE_DECISIONS);
    return closest === undefined ? '' : ` (did you mean "${closest}"?)`;
  }
  if (field === 'onError' || field === 'protocol') {
    const closest = suggestClosest(found, field === 'onError' ? ON_ERROR_VALUES : HOOK_PROTOCOLS);
    return closest === undefined ? '' : ` (did you mean "${closest}"?)`;
  }
  if (field === 'command' && found !== '' && found.trim() === '') return ' (only whitespace)';
  return '';
}

/** How a found value reads in a message: its source text when short, else its kind. */
function describeFound(value: unknown, source: string | undefined): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') {
    if (value === '') return 'an empty string';
    const shown = value.length > 40 ? `${value.slice(0, 37)}...` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'number') {
    const shown = source !== undefined && source.length <= 24 ? source : String(value);
    return Number.isFinite(value) ? shown : `${shown} (too large to be a number)`;
  }
  return String(value);
}

// ---------------------------------------------------------------------------------------------
// Unknown keys (C3–C5): a guard filed under a misspelt event, or with a misspelt field, would
// silently not run (or run for every tool), so those are errors; other settings are kept.

/**
 * The top-level keys Cosh reads whose near misses are errors (C5); any other key is another
 * program's setting (C3). The JSON Schema (C9) rejects the same near misses.
 */
export const COSH_TOP_LEVEL_KEYS = ['hooks', 'hooksEnabled', 'sandbox', 'journal'] as const;

/**
 * The Cosh key `key` is a near miss of (edit distance at most 2, or the same but for case:
 * `hook`, `Hooks`, `hooksEnable`, `sandbx`), or undefined (SPEC C5).
 */
function nearMissOfTopLevelKey(key: string): string | undefined {
  return COSH_TOP_LEVEL_KEYS.find(
    (known) => key.toLowerCase() === known.toLowerCase() || editDistance(key, known) <= 2,
  );
}

function findUnknownKeys(root: unknown, sourceMap: SourceMap): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!isPlainObject(root)) return problems;
  const unknownKey = (path: JsonPath, message: string, code: string, severity: ConfigProblem['severity']): void => {
    problems.push({ severity, code, message, path, ...sourceMap.positionOfKey(path), ...hookOf(path) });
  };

  for (const key of Object.keys(root)) {
    if (Object.hasOwn(setupFileSchema.shape, key)) continue;
    const nearMiss = nearMissOfTopLevelKey(key);
    if (nearMiss !== undefined) {
      unknownKey(
        [key],
        `${JSON.stringify(key)} is not a Cosh setting (did you mean ${nearMiss}?)`,
        'unknown_field',
        'error',
      );
      continue;
    }
    // A near miss of a rarer key is only worth a word: it is ignored like any other setting.
    const closest = suggestClosest(key, ['allowManagedHooksOnly']);
    if (closest !== undefined) {
      unknownKey(
        [key],
        `${JSON.stringify(key)} is not a Cosh setting and is ignored (did you mean ${closest}?)`,
        'unknown_field',
        'warning',
      );
    }
  }

  const hooks = root['hooks'];
  if (isPlainObject(hooks)) {
    for (const event of Object.keys(hooks)) {
      if (isHookEvent(event)) continue;
      const closest = suggestClosest(event, HOOK_EVENTS);
      unknownKey(
        ['hooks', event],
        `unknown event ${JSON.stringify(event)}${closest === undefined ? '' : ` (did you mean ${closest}?)`}: the events are ${listedEvents()}`,
        'unknown_event',
        'error',
      );
    }
  }
  // Under a misspelt event too (C6: every problem at once).
  for (const { event, index, entry } of hookEntriesOf(root)) {
    for (const field of Object.keys(entry)) {
      if (HOOK_ENTRY_FIELDS.includes(field)) continue;
      const closest = suggestClosest(field, HOOK_ENTRY_FIELDS);
      unknownKey(
        ['hooks', event, index, field],
        `hooks.${event}[${index}]: unknown field ${JSON.stringify(field)}${closest === undefined ? ` (known fields: ${HOOK_ENTRY_FIELDS.join(', ')})` : ` (did you mean ${closest}?)`}`,
        'unknown_field',
        'error',
      );
    }
  }

  const hooksEnabled = root['hooksEnabled'];
  if (isPlainObject(hooksEnabled)) {
    // A misspelt toggle leaves its event on: hooks still run, so a warning is enough.
    for (const event of Object.keys(hooksEnabled)) {
      if (isHookEvent(event)) continue;
      const closest = suggestClosest(event, HOOK_EVENTS);
      unknownKey(
        ['hooksEnabled', event],
        `hooksEnabled: unknown event ${JSON.stringify(event)} is ignored${closest === undefined ? `; the events are ${listedEvents()}` : ` (did you mean ${closest}?)`}`,
        'unknown_event',
        'warning',
      );
    }
  }
  return problems;
}

/**
 * C5, H1: a hook is exactly one of a `command` and a `url`, and a url parses as an http(s)
 * address. Paths zod already reported (a command of the wrong type) are not reported twice.
 */
function findTransportProblems(root: unknown, sourceMap: SourceMap, reported: ReadonlySet<string>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const { event, index, entry } of hookEntriesOf(root)) {
    {
      const at = ['hooks', event, index];
      const hasCommand = Object.hasOwn(entry, 'command');
      const hasUrl = Object.hasOwn(entry, 'url');
      // D1: a rule hook's own problems (with command or url beside it too) are validate-rule.ts's.
      const hasRule = Object.hasOwn(entry, 'rule');
      const entryPath = formatJsonPath(at);
      const problem = (path: JsonPath, code: string, message: string): void => {
        if (reported.has(JSON.stringify(path))) return;
        problems.push({
          severity: 'error',
          code,
          message,
          path,
          ...sourceMap.positionOfPath(path),
          ...hookOf(path),
        });
      };
      if (hasRule) {
        // validate-rule.ts
      } else if (!hasCommand && !hasUrl) {
        problem(
          [...at, 'command'],
          'missing_field',
          `${entryPath} has no "command": every hook needs the shell command to run (or a "url" for an HTTP hook)`,
        );
      } else if (hasCommand && hasUrl) {
        problem(
          [...at, 'url'],
          'invalid_value',
          `${entryPath} has both "command" and "url": a hook is either a shell command or an HTTP endpoint, not both`,
        );
      } else if (hasUrl && typeof entry['url'] === 'string' && !isHttpUrl(entry['url'])) {
        problem(
          [...at, 'url'],
          'invalid_value',
          `${formatJsonPath([...at, 'url'])} must be an http:// or https:// address, got ${describeFound(entry['url'], undefined)}`,
        );
      }
      // C6: a field that makes an entry of one kind, set on an entry of another (a rule's are validate-rule.ts's).
      if (!hasRule) {
        for (const { field, onlyFor } of misplacedKindFields(entry, hasUrl)) {
          problem([...at, field], 'invalid_value', `${formatJsonPath([...at, field])} is only for ${onlyFor}`);
        }
      }
      // R13: the verdict of an event that decides before the call cannot wait for nothing.
      if (!hasRule && entry['async'] === true && isHookEvent(event) && !EVENTS_ALLOWING_ASYNC.includes(event)) {
        problem(
          [...at, 'async'],
          'invalid_value',
          `${formatJsonPath([...at, 'async'])} is not allowed on ${event}: the call would not wait for the hook, so it could never guard it (async hooks are for ${EVENTS_ALLOWING_ASYNC.join(', ')})`,
        );
      }
    }
  }
  return problems;
}

/**
 * The kinds' exclusive fields (`@cosh/spec`'s HOOK_KINDS) set on an entry of another kind. The
 * entry's kind is decided as the engine decides it, an entry with a "url" being an HTTP hook and
 * any other a command (with neither, "missing command" is reported on its own).
 */
function misplacedKindFields(entry: Record<string, unknown>, hasUrl: boolean): ExclusiveField[] {
  const isSet = ({ field, setWhen }: ExclusiveField): boolean =>
    setWhen === 'true' ? entry[field] === true : Object.hasOwn(entry, field);
  // The entry's fields as written: hookKindOf reads the ones that make a kind (only `true` counts).
  const kind = hookKindOf({
    ...(entry as Partial<KindFields>),
    command: hasUrl ? null : '',
    url: hasUrl ? '' : null,
    rule: null,
  });
  const misplaced: ExclusiveField[] = [];
  for (const other of HOOK_KIND_NAMES) {
    if (other === kind) continue;
    for (const field of HOOK_KINDS[other].exclusiveFields) if (isSet(field)) misplaced.push(field);
  }
  return misplaced;
}

/** One object under an array of `hooks`, known event or not, with where it sits. */
interface FiledEntry {
  readonly event: string;
  readonly index: number;
  readonly entry: Record<string, unknown>;
}

/**
 * Every object in an array under `hooks`, in file order, the arrays of misspelt events included:
 * their entries are checked too, so one run reports every problem (SPEC C6).
 */
function hookEntriesOf(root: unknown): FiledEntry[] {
  const found: FiledEntry[] = [];
  if (!isPlainObject(root) || !isPlainObject(root['hooks'])) return found;
  for (const [event, entries] of Object.entries(root['hooks'])) {
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, index) => {
      if (isPlainObject(entry)) found.push({ event, index, entry });
    });
  }
  return found;
}

/**
 * The type problems (zod issues) of the arrays filed under misspelt events, which the file's
 * schema does not look into (it only knows the real events), with their full paths. A misspelt
 * event that holds no array is reported by its name alone.
 */
function findMisfiledEntryIssues(root: unknown): z.core.$ZodIssue[] {
  if (!isPlainObject(root) || !isPlainObject(root['hooks'])) return [];
  const issues: z.core.$ZodIssue[] = [];
  for (const [event, entries] of Object.entries(root['hooks'])) {
    if (isHookEvent(event) || !Array.isArray(entries)) continue;
    // Built only here: a file without a misspelt event (every start of `hooks run`) never pays for it.
    const result = z.array(hookEntryShape).safeParse(entries);
    if (result.success) continue;
    for (const issue of result.error.issues) issues.push({ ...issue, path: ['hooks', event, ...issue.path] });
  }
  return issues;
}

/**
 * SPEC B5, B14, C5: `sandbox` holds `mode`, `writable`, `network` and `unixSockets` only (a misspelt field would
 * silently leave the sandbox as it was), and only the user and managed files may set it: a
 * project file, which the agent's own repository supplies, must not loosen the agent's sandbox.
 */
function findSandboxProblems(root: unknown, sourceMap: SourceMap, source: ConfigSource): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!isPlainObject(root) || !Object.hasOwn(root, 'sandbox')) return problems;
  if (source.layer === 'project') {
    problems.push({
      severity: 'error',
      code: 'invalid_value',
      message: '"sandbox" cannot be set in a project file: only the user or managed file sets the sandbox of bash_run',
      path: ['sandbox'],
      ...sourceMap.positionOfKey(['sandbox']),
    });
  }
  const sandbox = root['sandbox'];
  if (!isPlainObject(sandbox)) return problems;
  for (const field of Object.keys(sandbox)) {
    if (SANDBOX_FIELDS.includes(field)) continue;
    const closest = suggestClosest(field, SANDBOX_FIELDS);
    problems.push({
      severity: 'error',
      code: 'unknown_field',
      message: `sandbox: unknown field ${JSON.stringify(field)}${closest === undefined ? ` (known fields: ${SANDBOX_FIELDS.join(', ')})` : ` (did you mean ${closest}?)`}`,
      path: ['sandbox', field],
      ...sourceMap.positionOfKey(['sandbox', field]),
    });
  }
  return problems;
}

/**
 * SPEC J1, C5: `journal` holds `file` and `otlp` only, and only the user and managed files may
 * set it: a project file, which the agent's own repository supplies, must not choose where the
 * record of its own calls goes (or turn it off).
 */
function findJournalProblems(root: unknown, sourceMap: SourceMap, source: ConfigSource): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!isPlainObject(root) || !Object.hasOwn(root, 'journal')) return problems;
  if (source.layer === 'project') {
    problems.push({
      severity: 'error',
      code: 'invalid_value',
      message: '"journal" cannot be set in a project file: only the user or managed file sets the decision journal',
      path: ['journal'],
      ...sourceMap.positionOfKey(['journal']),
    });
  }
  const journal = root['journal'];
  if (!isPlainObject(journal)) return problems;
  for (const field of Object.keys(journal)) {
    if (JOURNAL_FIELDS.includes(field)) continue;
    const closest = suggestClosest(field, JOURNAL_FIELDS);
    problems.push({
      severity: 'error',
      code: 'unknown_field',
      message: `journal: unknown field ${JSON.stringify(field)}${closest === undefined ? ` (known fields: ${JOURNAL_FIELDS.join(', ')})` : ` (did you mean ${closest}?)`}`,
      path: ['journal', field],
      ...sourceMap.positionOfKey(['journal', field]),
    });
  }
  return problems;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Earlier copies of a duplicated key are dead text: only the last one counts. */
function findDuplicateKeys(tree: Node | undefined, sourceMap: SourceMap): ConfigProblem[] {
  const warnings: ConfigProblem[] = [];
  const check = (objectNode: Node | undefined, path: JsonPath): void => {
    if (objectNode?.type !== 'object') return;
    const lastByKey = new Map<string, Node>();
    for (const property of objectNode.children ?? []) {
      const key = property.children?.[0]?.value;
      if (typeof key === 'string') lastByKey.set(key, property);
    }
    for (const property of objectNode.children ?? []) {
      const keyNode = property.children?.[0];
      const key = keyNode?.value;
      if (keyNode === undefined || typeof key !== 'string') continue;
      const winner = lastByKey.get(key);
      if (winner === undefined || winner === property) continue;
      const keyPath = [...path, key];
      warnings.push({
        severity: 'warning',
        code: 'duplicate_key',
        message: `${formatJsonPath(keyPath)} is set more than once: this one is ignored, the last one (${positionText(sourceMap, winner)}) counts`,
        path: keyPath,
        ...sourceMap.positionAt(keyNode.offset),
        ...hookOf(keyPath),
      });
    }
  };
  check(tree, []);
  check(sourceMap.valueNode(['hooks']), ['hooks']);
  check(sourceMap.valueNode(['hooksEnabled']), ['hooksEnabled']);
  for (const event of HOOK_EVENTS) {
    const list = sourceMap.valueNode(['hooks', event]);
    if (list?.type !== 'array') continue;
    for (const [index, entryNode] of (list.children ?? []).entries()) check(entryNode, ['hooks', event, index]);
  }
  return warnings;
}

/** A `protocol: "claude"` matcher made only of these characters is a list of tool names (K2), never a regex. */
const CLAUDE_NAME_LIST = /^[A-Za-z0-9_\- ,|]*$/;

function findInvalidMatchers(file: ValidatedFile, sourceMap: SourceMap): ConfigProblem[] {
  const warnings: ConfigProblem[] = [];
  for (const event of HOOK_EVENTS) {
    // An event with no matcher subject ignores the matcher (a warning of its own, E1).
    if (EVENTS[event].matcherSubject === 'none') continue;
    (file.hooks?.[event] ?? []).forEach((entry, index) => {
      if (entry.matcher === undefined) return;
      // K2: Claude's `"*"` matches every tool and its name lists are not regexes: neither is invalid.
      if (entry.protocol === 'claude' && (entry.matcher === '*' || CLAUDE_NAME_LIST.test(entry.matcher))) return;
      const check = checkMatcher(entry.matcher);
      if (check.valid) return;
      const path = ['hooks', event, index, 'matcher'];
      warnings.push({
        severity: 'warning',
        code: 'invalid_matcher',
        message: `${formatJsonPath(path)}: ${JSON.stringify(entry.matcher)} is not a valid regular expression (${check.reason}), so this hook never runs${check.fix === undefined ? '' : `; did you mean ${JSON.stringify(check.fix)}?`}`,
        path,
        ...sourceMap.positionOfPath(path),
        ...(check.fix === undefined ? {} : { fix: check.fix }),
        hook: { event, index },
      });
    });
  }
  return warnings;
}

/**
 * M2: a `cosh`-protocol matcher that is exactly one of Claude Code's tool names (`Bash`, `Read`,
 * `Edit`, …) never matches a tool of Cosh's own hosts, whose names are Cosh's (`bash_run`): a
 * warning naming the Cosh twin (offered as the fix) and `"protocol": "claude"`.
 */
function findClaudeToolNameMatchers(file: ValidatedFile, sourceMap: SourceMap): ConfigProblem[] {
  const warnings: ConfigProblem[] = [];
  for (const event of HOOK_EVENTS) {
    // Only a tool name can be Claude's name of a tool (a SessionStart matcher tests `source`).
    if (EVENTS[event].matcherSubject !== 'tool_name') continue;
    (file.hooks?.[event] ?? []).forEach((entry, index) => {
      if (entry.matcher === undefined || entry.protocol === 'claude') return;
      const advice = claudeToolNameMatcherAdvice(entry.matcher);
      if (advice === undefined) return;
      const twin = claudeToolTwin(entry.matcher);
      const path = ['hooks', event, index, 'matcher'];
      warnings.push({
        severity: 'warning',
        code: 'claude_tool_name',
        message: `${formatJsonPath(path)}: ${advice}`,
        path,
        ...sourceMap.positionOfPath(path),
        ...(typeof twin === 'string' ? { fix: `^${twin}$` } : {}),
        hook: { event, index },
      });
    });
  }
  return warnings;
}

/** The matchers that select every call: absent, `""`, `"*"` (Claude's) or `".*"`. */
const MATCH_EVERYTHING: readonly string[] = ['', '*', '.*'];

/**
 * E1: an event with no matcher subject (UserPromptSubmit, Stop) runs its hooks for every call, so
 * a matcher that would select is a warning: the hook runs for every prompt all the same.
 */
function findIgnoredMatchers(file: ValidatedFile, sourceMap: SourceMap): ConfigProblem[] {
  const warnings: ConfigProblem[] = [];
  for (const event of HOOK_EVENTS) {
    if (EVENTS[event].matcherSubject !== 'none') continue;
    (file.hooks?.[event] ?? []).forEach((entry, index) => {
      if (entry.matcher === undefined || MATCH_EVERYTHING.includes(entry.matcher)) return;
      const path = ['hooks', event, index, 'matcher'];
      warnings.push({
        severity: 'warning',
        code: 'matcher_ignored',
        message: `${formatJsonPath(path)}: ${event} has nothing to match, so the matcher ${JSON.stringify(entry.matcher)} is ignored and this hook runs for every call; remove it`,
        path,
        ...sourceMap.positionOfPath(path),
        hook: { event, index },
      });
    });
  }
  return warnings;
}

// ---------------------------------------------------------------------------------------------

function positionText(sourceMap: SourceMap, node: Node): string {
  const { line, column } = sourceMap.positionAt(node.offset);
  return `line ${line}, column ${column}`;
}

function hookOf(path: JsonPath): { hook?: { event: HookEvent; index: number } } {
  const [section, event, index] = path;
  return section === 'hooks' && isHookEvent(event) && typeof index === 'number' ? { hook: { event, index } } : {};
}

function valueAt(root: unknown, path: JsonPath): unknown {
  let value = root;
  for (const segment of path) {
    if (typeof segment === 'number') value = Array.isArray(value) ? value[segment] : undefined;
    else value = isPlainObject(value) && Object.hasOwn(value, segment) ? value[segment] : undefined;
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sortByPosition(problems: ConfigProblem[]): ConfigProblem[] {
  return problems.sort((left, right) => left.line - right.line || left.column - right.column);
}
