// SPEC D1, M5: a rule hook's test, compiled once per loaded config (its regexes and globs), then
// run on each call's input in Cosh's own process. Pure: plain data in, a boolean out.
import picomatch from 'picomatch';

/** The part of a rule this package tests (the rest, its verdict, is `@cosh/aggregate`'s). */
export interface RuleTestFields {
  /** A dot path into the subject (numeric segments index arrays), or `*` for the whole subject as JSON text. */
  readonly field: string;
  readonly operator: 'regex' | 'glob' | 'equals' | 'contains';
  /** "Any of": the test holds when one of them does. */
  readonly values: readonly (string | number | boolean | null)[];
  readonly not: boolean;
}

/** Whether a compiled rule holds for one call's subject (the tool input, or a session event's payload). */
export type RuleTest = (subject: unknown) => boolean;

/**
 * The options every Cosh glob is compiled with, as `@cosh/config` checks them (its `checkGlob`):
 * an unclosed bracket is an error there, and `*` matches dotfiles (`.env` is what guards are about).
 */
const GLOB_OPTIONS = Object.freeze({ strictBrackets: true, dot: true });

/**
 * F1's rule for a glob without `/`: it matches the last part of a path anywhere (`.env` =
 * `**` + `/.env`, which also matches `.env` itself). Written out rather than picomatch's
 * `basename` option, which also changes how globs with a `/` match.
 */
export function anywhereGlob(glob: string): string {
  return glob.includes('/') ? glob : `**/${glob}`;
}

const MISSING = Symbol('missing');

/**
 * Compiles a rule's test once (M5): regexes (no flags, searched anywhere, as M1) and globs
 * (picomatch, matched against the whole value) are built here, not per call. The config checked
 * them (C6); one that still does not compile (a rule built in code) never holds — with `not`, it
 * always does, as a missing field. Never throws, and the test it returns never throws.
 *
 * The value at `field` is tested as text: a string as it is, anything else (a number, `true`, an
 * object) as its JSON text; `equals` compares a string, number, boolean or null exactly. A missing
 * field (or a path through something that is not an object or array) never holds.
 *
 * @example
 * const test = compileRule({ field: 'command', operator: 'regex', values: ['rm\\s+-rf'], not: false });
 * test({ command: 'rm -rf /' }); // true
 */
export function compileRule(rule: RuleTestFields): RuleTest {
  const path = rule.field === '*' ? null : rule.field.split('.');
  const valueTest = compileValueTest(rule);
  const not = rule.not;
  return (subject) => {
    let value: unknown;
    try {
      value = path === null ? JSON.stringify(subject) : valueAt(subject, path);
    } catch {
      value = MISSING;
    }
    if (value === MISSING || value === undefined) return not;
    return valueTest(value) !== not;
  };
}

function compileValueTest(rule: RuleTestFields): (value: unknown) => boolean {
  const texts = rule.values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  switch (rule.operator) {
    case 'equals': {
      const values = rule.values;
      return (value) => values.some((expected) => expected === value);
    }
    case 'contains':
      return (value) => {
        const text = asText(value);
        return texts.some((part) => text.includes(part));
      };
    case 'regex': {
      const regexes = texts.flatMap((source) => {
        try {
          return [new RegExp(source)];
        } catch {
          return [];
        }
      });
      return (value) => {
        const text = asText(value);
        return regexes.some((regex) => regex.test(text));
      };
    }
    case 'glob': {
      const globs = texts.flatMap((glob) => {
        try {
          return [picomatch(anywhereGlob(glob), GLOB_OPTIONS)];
        } catch {
          return [];
        }
      });
      return (value) => {
        const text = asText(value);
        return globs.some((matches) => matches(text));
      };
    }
    default: {
      const never: never = rule.operator;
      return () => never;
    }
  }
}

/** A value as the text a rule tests: a string as it is, anything else as its JSON. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** The value at a dot path: own properties of objects, numeric indices of arrays; else missing. */
function valueAt(subject: unknown, path: readonly string[]): unknown {
  let value = subject;
  for (const segment of path) {
    if (Array.isArray(value)) {
      if (!/^(0|[1-9]\d*)$/.test(segment)) return MISSING;
      const index = Number(segment);
      if (index >= value.length) return MISSING;
      value = value[index];
    } else if (typeof value === 'object' && value !== null && Object.hasOwn(value, segment)) {
      value = (value as Record<string, unknown>)[segment];
    } else {
      return MISSING;
    }
  }
  return value;
}
