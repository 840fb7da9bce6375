import type { Node } from 'jsonc-parser';
import type * as z from 'zod/mini';
import { checkMatcher } from './check-matcher.ts';
import { suggestClosest } from './closest-match.ts';
import type { ConfigProblem, HookEntry, HooksConfig, JsonPath } from './config-types.ts';
import { formatJsonPath } from './format-problem.ts';
import { HOOK_EVENTS, type HookEvent, isHookEvent, ON_ERROR_VALUES } from './hook-events.ts';
import { DEFAULT_TIMEOUT_SECONDS, HOOK_ENTRY_FIELDS, MAX_TIMEOUT_SECONDS, setupFileSchema } from './setup-schema.ts';
import type { SourceMap } from './source-map.ts';

/** The outcome of validating a parsed setup.json: a config only when there is no error. */
export interface ValidationResult {
  readonly config: HooksConfig | undefined;
  readonly errors: readonly ConfigProblem[];
  readonly warnings: readonly ConfigProblem[];
}

type ValidatedFile = z.output<typeof setupFileSchema>;

/**
 * Validates the value of a parsed setup.json (SPEC C3–C7, M2). Wrong types are errors (C6);
 * unknown events and fields, misspelt top-level keys, duplicate keys and matchers that do not
 * compile are warnings. Every problem is reported, each at its own line and column.
 */
export function validateConfig(value: unknown, tree: Node, sourceMap: SourceMap): ValidationResult {
  const errors: ConfigProblem[] = [];
  const warnings: ConfigProblem[] = [];
  const result = setupFileSchema.safeParse(value);
  if (!result.success) {
    const seenPaths = new Set<string>();
    for (const issue of result.error.issues) {
      // One check failing can fail the next (an empty command is both too short and blank).
      const key = JSON.stringify(issue.path);
      if (seenPaths.has(key)) continue;
      seenPaths.add(key);
      errors.push(problemFromIssue(issue, value, sourceMap));
    }
  }
  warnings.push(...findUnknownKeys(value, sourceMap), ...findDuplicateKeys(tree, sourceMap));
  if (result.success) warnings.push(...findInvalidMatchers(result.data, sourceMap));
  return {
    config: result.success && errors.length === 0 ? buildConfig(result.data) : undefined,
    errors: sortByPosition(errors),
    warnings: sortByPosition(warnings),
  };
}

function buildConfig(file: ValidatedFile): HooksConfig {
  const hooks = {} as Record<HookEvent, readonly HookEntry[]>;
  const hooksEnabled = {} as Record<HookEvent, boolean>;
  for (const event of HOOK_EVENTS) {
    hooks[event] = Object.freeze(
      (file.hooks?.[event] ?? []).map((entry, index): HookEntry =>
        Object.freeze({
          event,
          index,
          name: entry.name === undefined || entry.name.trim() === '' ? entry.command : entry.name,
          command: entry.command,
          matcher: entry.matcher ?? '',
          timeout: entry.timeout ?? DEFAULT_TIMEOUT_SECONDS,
          onError: entry.onError ?? 'ignore',
          enabled: entry.enabled ?? true,
        }),
      ),
    );
    hooksEnabled[event] = file.hooksEnabled?.[event] ?? true;
  }
  return Object.freeze({ hooks: Object.freeze(hooks), hooksEnabled: Object.freeze(hooksEnabled) });
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
    message = `the file must hold a JSON object such as {"hooks": {}}, not ${describe(found, sourceMap.sourceOf(path))}`;
  } else if (missing && path.at(-1) === 'command') {
    message = `${formatJsonPath(path.slice(0, -1))} has no "command": every hook needs the shell command to run`;
  } else if (missing) {
    message = `${where} is missing: it ${expectation(path)}`;
  } else {
    message = `${where} ${expectation(path)}, got ${describe(found, sourceMap.sourceOf(path))}${hint(path, found)}`;
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
  const [section, event, index, field] = path;
  if (section === 'hooks') {
    if (event === undefined) return 'must be an object of event name → array of hooks, e.g. {"PreToolUse": []}';
    if (index === undefined) return 'must be an array of hooks';
    if (field === undefined) return 'must be a hook: an object with at least a "command"';
    switch (field) {
      case 'command':
        return 'must be a non-empty string (the shell command to run)';
      case 'name':
        return 'must be a string';
      case 'matcher':
        return 'must be a string (a regular expression searched in the tool name)';
      case 'timeout':
        return `must be a number of seconds greater than 0 and at most ${MAX_TIMEOUT_SECONDS}`;
      case 'onError':
        return `must be ${ON_ERROR_VALUES.map((value) => JSON.stringify(value)).join(' or ')}`;
      case 'enabled':
        return 'must be true or false';
      default:
        return 'is not valid';
    }
  }
  if (section === 'hooksEnabled') {
    return event === undefined
      ? 'must be an object such as {"PreToolUse": true, "PostToolUse": false}'
      : 'must be true or false';
  }
  if (section === '$schema') return 'must be a string (the path or URL of the JSON Schema)';
  return 'is not valid';
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
  if (field === 'timeout' && jsonNumber.test(unquoted) && Number(unquoted) > 0 && Number(unquoted) <= MAX_TIMEOUT_SECONDS) {
    return ` (write it without quotes: ${unquoted})`;
  }
  const booleanField = field === 'enabled' || (path[0] === 'hooksEnabled' && path.length === 2);
  if (booleanField && /^(true|false)$/i.test(unquoted)) {
    return ` (write it without quotes: ${unquoted.toLowerCase()})`;
  }
  if (field === 'onError') {
    const closest = suggestClosest(found, ON_ERROR_VALUES);
    return closest === undefined ? '' : ` (did you mean "${closest}"?)`;
  }
  if (field === 'command' && found !== '' && found.trim() === '') return ' (only whitespace)';
  return '';
}

/** How a found value reads in a message: its source text when short, else its kind. */
function describe(value: unknown, source: string | undefined): string {
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
// Warnings (C4, C5, M2, and two slips that would otherwise pass unnoticed).

function findUnknownKeys(root: unknown, sourceMap: SourceMap): ConfigProblem[] {
  const warnings: ConfigProblem[] = [];
  if (!isPlainObject(root)) return warnings;
  const unknownKey = (path: JsonPath, message: string, code: string): void => {
    warnings.push({ severity: 'warning', code, message, path, ...sourceMap.positionOfKey(path), ...hookOf(path) });
  };

  // C3 keeps unknown top-level keys for other settings; only a near miss of ours is worth a
  // word, since `"Hooks"` would otherwise silently mean "no hooks".
  for (const key of Object.keys(root)) {
    if (Object.hasOwn(setupFileSchema.shape, key)) continue;
    const closest = suggestClosest(key, ['hooks', 'hooksEnabled']);
    if (closest !== undefined) {
      unknownKey([key], `${quote(key)} is not a Cosh setting and is ignored (did you mean ${closest}?)`, 'unknown_field');
    }
  }

  const hooks = root['hooks'];
  if (isPlainObject(hooks)) {
    for (const [event, entries] of Object.entries(hooks)) {
      if (isHookEvent(event)) {
        if (!Array.isArray(entries)) continue;
        entries.forEach((entry, index) => {
          if (!isPlainObject(entry)) return;
          for (const field of Object.keys(entry)) {
            if (HOOK_ENTRY_FIELDS.includes(field)) continue;
            const closest = suggestClosest(field, HOOK_ENTRY_FIELDS);
            unknownKey(
              ['hooks', event, index, field],
              `hooks.${event}[${index}]: unknown field ${quote(field)} is ignored${closest === undefined ? ` (known fields: ${HOOK_ENTRY_FIELDS.join(', ')})` : ` (did you mean ${closest}?)`}`,
              'unknown_field',
            );
          }
        });
      } else {
        const closest = suggestClosest(event, HOOK_EVENTS);
        const count = Array.isArray(entries) ? entries.length : 0;
        unknownKey(
          ['hooks', event],
          `unknown event ${quote(event)}${closest === undefined ? '' : ` (did you mean ${closest}?)`}: ${count === 1 ? 'its hook never runs' : 'its hooks never run'}; the events are ${HOOK_EVENTS.join(' and ')}`,
          'unknown_event',
        );
      }
    }
  }

  const hooksEnabled = root['hooksEnabled'];
  if (isPlainObject(hooksEnabled)) {
    for (const event of Object.keys(hooksEnabled)) {
      if (isHookEvent(event)) continue;
      const closest = suggestClosest(event, HOOK_EVENTS);
      unknownKey(
        ['hooksEnabled', event],
        `hooksEnabled: unknown event ${quote(event)} is ignored${closest === undefined ? `; the events are ${HOOK_EVENTS.join(' and ')}` : ` (did you mean ${closest}?)`}`,
        'unknown_event',
      );
    }
  }
  return warnings;
}

/** Earlier copies of a duplicated key are dead text: only the last one counts. */
function findDuplicateKeys(tree: Node, sourceMap: SourceMap): ConfigProblem[] {
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
    (list.children ?? []).forEach((entryNode, index) => check(entryNode, ['hooks', event, index]));
  }
  return warnings;
}

function findInvalidMatchers(file: ValidatedFile, sourceMap: SourceMap): ConfigProblem[] {
  const warnings: ConfigProblem[] = [];
  for (const event of HOOK_EVENTS) {
    (file.hooks?.[event] ?? []).forEach((entry, index) => {
      if (entry.matcher === undefined) return;
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

// ---------------------------------------------------------------------------------------------

/** A key as JSON writes it: quoted, with control characters escaped (they reach terminals). */
function quote(key: string): string {
  return JSON.stringify(key).replace(/[\u007f-\u009f]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

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
