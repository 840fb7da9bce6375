// Fuzzed setup.json: whatever text or shape reaches parseConfig, it returns a config or the typed
// ConfigError (C6), never throws anything else, never takes long, and never loads half a config.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config-error.ts';
import { MAX_TIMEOUT_SECONDS } from '../../src/hook-defaults.ts';
import { HOOK_EVENTS, ON_ERROR_VALUES } from '../../src/hook-events.ts';
import { parseConfig } from '../../src/parse-config.ts';
import { MAX_NESTING_DEPTH } from '../../src/nesting-depth.ts';
import type { HooksConfig } from '../../src/config-types.ts';

const file = '/home/user/.config/cosh/setup.json';

// Generous: a case takes well under a millisecond to a few milliseconds; a quadratic blow-up or a
// runaway loop on some input would take seconds. (Synchronous code cannot be interrupted, so a
// true infinite loop would still block the test: this bound catches the slow cases before that.)
const caseBudgetMs = 1_000;

const validConfigs = [
  readFileSync(new URL('../../src/__fixtures__/commented-setup.jsonc', import.meta.url), 'utf8'),
  '{"hooks":{"PreToolUse":[{"name":"Block","matcher":"^bash_run$","command":"exit 2","timeout":0.5,"onError":"deny","enabled":true}],' +
    '"PostToolUse":[{"command":"echo \'{\\"context\\":\\"x\\"}\'"}]},"hooksEnabled":{"PreToolUse":true,"PostToolUse":false},"theme":"dark"}',
  '\uFEFF{\r\n\t"hooks": {\r\n\t\t"PreToolUse": [ { "command": "true", }, ], // trailing\r\n\t},\r\n}\r\n',
];

/** Checks what a successful load promises: every hook complete and within C5's bounds. */
function expectCompleteConfig(config: HooksConfig): void {
  expect(Object.keys(config.hooks).sort()).toEqual([...HOOK_EVENTS].sort());
  for (const event of HOOK_EVENTS) {
    expect(typeof config.hooksEnabled[event]).toBe('boolean');
    config.hooks[event].forEach((hook, index) => {
      expect(hook.event).toBe(event);
      expect(hook.index).toBe(index);
      // C5: exactly one of command and url.
      expect((hook.command === null) !== (hook.url === null)).toBe(true);
      expect((hook.command ?? hook.url ?? '').trim()).not.toBe('');
      expect(typeof hook.name).toBe('string');
      expect(typeof hook.matcher).toBe('string');
      expect(hook.timeout).toBeGreaterThan(0);
      expect(hook.timeout).toBeLessThanOrEqual(MAX_TIMEOUT_SECONDS);
      expect(ON_ERROR_VALUES).toContain(hook.onError);
      expect(typeof hook.enabled).toBe('boolean');
    });
  }
}

/** The property every fuzzed text must satisfy; returns what happened, for tallies. */
function expectConfigOrConfigError(text: string): 'loaded' | ConfigError['code'] {
  const startedAt = performance.now();
  // A throw of anything here fails the property, and fast-check reports the (shrunk) text.
  const result = parseConfig(text, file);
  const elapsedMs = performance.now() - startedAt;
  expect(elapsedMs).toBeLessThan(caseBudgetMs);
  if (result.ok) {
    expectCompleteConfig(result.config);
    return 'loaded';
  }
  expect(ConfigError.isInstance(result.error)).toBe(true);
  expect(result.error).toBeInstanceOf(ConfigError);
  expect(['E_CONFIG_SYNTAX', 'E_CONFIG_INVALID']).toContain(result.error.code);
  expect(result.error.problems.some((problem) => problem.severity === 'error')).toBe(true);
  for (const problem of result.error.problems) {
    expect(Number.isInteger(problem.line) && problem.line >= 1).toBe(true);
    expect(Number.isInteger(problem.column) && problem.column >= 1).toBe(true);
    expect(typeof problem.message).toBe('string');
  }
  return result.error.code;
}

/** Runs the property over `texts` and counts the results, to show both paths were taken. */
function tally(texts: fc.Arbitrary<string>, numRuns: number): Map<string, number> {
  const counts = new Map<string, number>();
  fc.assert(
    fc.property(texts, (text) => {
      const result = expectConfigOrConfigError(text);
      counts.set(result, (counts.get(result) ?? 0) + 1);
    }),
    { numRuns },
  );
  return counts;
}

// Any UTF-16 code unit, lone surrogates included: what a file decoded with errors may hold.
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const randomUnicode = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: anyCodeUnit }),
  fc.string({
    unit: fc.constantFrom('{', '}', '[', ']', '"', ',', ':', '/', '*', '\\', '\n', ' ', 'u', '0', 'e', '-'),
  }),
);

type Mutation =
  | { readonly kind: 'delete'; readonly at: number; readonly length: number }
  | { readonly kind: 'duplicate'; readonly at: number; readonly length: number }
  | { readonly kind: 'comment'; readonly at: number; readonly text: string; readonly block: boolean }
  | { readonly kind: 'insert'; readonly at: number; readonly text: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('comment' as const), at: fc.nat(), text: randomUnicode, block: fc.boolean() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: randomUnicode }),
);

function mutate(text: string, change: Mutation): string {
  const at = text.length === 0 ? 0 : change.at % (text.length + 1);
  switch (change.kind) {
    case 'delete':
      return text.slice(0, at) + text.slice(at + change.length);
    case 'duplicate':
      return text.slice(0, at) + text.slice(at, at + change.length) + text.slice(at);
    case 'comment':
      return text.slice(0, at) + (change.block ? `/*${change.text}*/` : `//${change.text}\n`) + text.slice(at);
    case 'insert':
      return text.slice(0, at) + change.text + text.slice(at);
  }
}

const mutatedConfig = fc
  .tuple(fc.constantFrom(...validConfigs), fc.array(mutation, { minLength: 1, maxLength: 6 }))
  .map(([base, changes]) => changes.reduce(mutate, base));

// Keys that matter to the loader or to prototypes, mixed into every generated object.
const interestingKey = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'hooks',
    'PreToolUse',
    'PostToolUse',
    'command',
    'timeout',
    'enabled',
  ),
);
const anyValue = fc.anything({ key: interestingKey, maxDepth: 4 });

/** JSON text written by hand, so a `__proto__` key reaches the parser as a key. */
function toJsonText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  // undefined, NaN, Infinity and -0 are written as JSON would have them, or as null.
  return JSON.stringify(value) ?? 'null';
}

const entryField = fc.constantFrom(
  'command',
  'name',
  'matcher',
  'timeout',
  'onError',
  'enabled',
  'cmd',
  '__proto__',
  'constructor',
);
const event = fc.constantFrom('PreToolUse', 'PostToolUse', 'PretoolUse', '__proto__');

/** fc.anything placed at each level a config has: root, hooks, an event, an entry, a field, toggles. */
const randomShape = fc.oneof(
  anyValue.map((value) => toJsonText(value)),
  anyValue.map((value) => `{"hooks":${toJsonText(value)}}`),
  fc.tuple(event, anyValue).map(([name, value]) => `{"hooks":{${JSON.stringify(name)}:${toJsonText(value)}}}`),
  fc
    .tuple(event, fc.array(anyValue, { maxLength: 3 }))
    .map(
      ([name, values]) =>
        `{"hooks":{${JSON.stringify(name)}:[{"command":"true"},${values.map(toJsonText).join(',') || '{}'}]}}`,
    ),
  fc
    .tuple(event, entryField, anyValue)
    .map(
      ([name, field, value]) =>
        `{"hooks":{${JSON.stringify(name)}:[{"command":"true",${JSON.stringify(field)}:${toJsonText(value)}}]}}`,
    ),
  anyValue.map((value) => `{"hooksEnabled":${toJsonText(value)}}`),
  fc.tuple(event, anyValue).map(([name, value]) => `{"hooksEnabled":{${JSON.stringify(name)}:${toJsonText(value)}}}`),
  anyValue.map((value) => `{"__proto__":${toJsonText(value)},"hooks":{"PreToolUse":[{"command":"true"}]}}`),
);

describe('fuzzed setup.json', () => {
  it('C2/C6: random text and random unicode give a config or a ConfigError, never a throw or a hang', () => {
    const counts = tally(fc.oneof(randomUnicode, fc.json(), fc.string()), 1_000);
    expect(counts.get('E_CONFIG_SYNTAX')).toBeGreaterThan(0);
  });

  it('C2/C6: mutated valid configs (deleted and duplicated characters, random comments and unicode) never throw', () => {
    const counts = tally(mutatedConfig, 1_500);
    // Some mutations keep the file valid (inside a string or a comment), most break it.
    expect(counts.get('loaded')).toBeGreaterThan(0);
    expect(counts.get('E_CONFIG_SYNTAX')).toBeGreaterThan(0);
  });

  it('C6: fc.anything placed at the root, hooks, an event, an entry, a field or the toggles never throws', () => {
    const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();
    const counts = tally(randomShape, 1_500);
    expect(counts.get('loaded')).toBeGreaterThan(0);
    expect(counts.get('E_CONFIG_INVALID')).toBeGreaterThan(0);
    // A `__proto__` key in the file stayed data: no prototype was touched on the way.
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('C2: deep nesting, up to 100,000 levels, closed or not, anywhere, is a ConfigError and not a stack overflow', () => {
    // The shape is generated and the text built in the property, so a failure reports the shape.
    const deepShape = fc.record({
      depth: fc.oneof(fc.integer({ min: 1, max: 2 * MAX_NESTING_DEPTH }), fc.integer({ min: 2_000, max: 100_000 })),
      bracket: fc.constantFrom('array', 'object', 'mixed'),
      closed: fc.boolean(),
      where: fc.constantFrom('root', 'unknown key', 'hooks', 'entry field'),
    });
    fc.assert(
      fc.property(deepShape, ({ depth, bracket, closed, where }) => {
        const opening: string[] = [];
        const closing: string[] = [];
        for (let level = 0; level < depth; level += 1) {
          const object = bracket === 'object' || (bracket === 'mixed' && level % 2 === 1);
          opening.push(object ? '{"a":' : '[');
          closing.push(object ? '}' : ']');
        }
        const value = opening.join('') + (closed ? `1${closing.reverse().join('')}` : '');
        const text = {
          root: value,
          'unknown key': `{"theme":${value},"hooks":{"PreToolUse":[{"command":"true"}]}}`,
          hooks: `{"hooks":${value}}`,
          'entry field': `{"hooks":{"PreToolUse":[{"command":${value}}]}}`,
        }[where];
        expectConfigOrConfigError(text);
        const levels = depth + (where === 'root' ? 0 : where === 'entry field' ? 4 : 1);
        if (levels > MAX_NESTING_DEPTH) {
          const result = parseConfig(text, file);
          expect(result.ok ? 'loaded' : result.error.code).toBe('E_CONFIG_SYNTAX');
        }
      }),
      { numRuns: 80 },
    );
  });
});
