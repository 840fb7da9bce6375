// Invariants of the verdict that src/verdict-properties.test.ts does not state: the decision and
// halt of a list of outcomes in ANY order (not only sorted back), what adding more hooks can and
// cannot change, prototypes anywhere in a rewritten input, and a rewritten input that can always
// be sent on as JSON.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregatePostToolUse,
  aggregatePreToolUse,
  type HookEvent,
  type HookOutcome,
  interpretRun,
  type OutcomeHook,
  type RunFacts,
} from '../../src/index.ts';

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'command'];

/** JSON text written by hand, so `__proto__` reaches JSON.parse as a key at every level. */
function jsonText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value).map(([key, inner]) => `${JSON.stringify(key)}:${jsonText(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A JSON value whose objects use hostile keys at every level (kept as entries, not assigned). */
const { tree: hostileValue } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 0 }), tie('object'), fc.array(tie('tree'), { maxLength: 3 })),
  object: fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string()), tie('tree')), { maxLength: 4 })
    .map((entries) => ({ entries })),
}));

function toText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(toText).join(',')}]`;
  if (typeof value === 'object' && value !== null && 'entries' in value) {
    const entries = (value as { entries: [string, unknown][] }).entries;
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${toText(inner)}`).join(',')}}`;
  }
  return jsonText(value);
}

const hostileObjectText = fc
  .array(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), hostileValue), { maxLength: 5 })
  .map((entries) => `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${toText(inner)}`).join(',')}}`);

const stdout = fc.oneof(
  fc
    .record(
      {
        decision: fc.constantFrom('"allow"', '"deny"', '"none"', '"block"', '1'),
        reason: fc.constantFrom('"r"', '""', '2'),
        context: fc.constantFrom('"ctx"', '""'),
        updated_input: fc.oneof(hostileObjectText, fc.constantFrom('null', '[]', '"x"')),
      },
      { requiredKeys: [] },
    )
    .map((fields) => `{${Object.entries(fields).map(([key, text]) => `"${key}":${text}`).join(',')}}`),
  fc.constantFrom('', 'not json', '{"decision":"allow"} trailing'),
);

const runFacts: fc.Arbitrary<RunFacts> = fc.record({
  exitCode: fc.constantFrom(0, 0, 0, 2, 49, 1, 127, null),
  signal: fc.constantFrom(null, null, 'SIGKILL'),
  stdout,
  stderr: fc.constantFrom('', 'why'),
  timedOut: fc.constantFrom(false, false, false, true),
  truncated: fc.constantFrom(false, false, false, true),
  startError: fc.constantFrom(null, null, null, 'spawn EMFILE'),
});

const hookRun = fc.record({
  onError: fc.constantFrom<OutcomeHook['onError']>('ignore', 'deny'),
  facts: runFacts,
});

const event = fc.constantFrom<HookEvent>('PreToolUse', 'PostToolUse');

function interpret(currentEvent: HookEvent, runs: readonly { onError: OutcomeHook['onError']; facts: RunFacts }[], offset = 0) {
  return runs.map(({ onError, facts }, index) => interpretRun(currentEvent, { name: `hook ${offset + index}`, onError }, facts));
}

function verdictOf(currentEvent: HookEvent, outcomes: readonly HookOutcome[]) {
  return currentEvent === 'PreToolUse'
    ? aggregatePreToolUse({ command: 'ls' }, outcomes)
    : aggregatePostToolUse({ toolOutput: 'raw', preToolUseContext: '' }, outcomes);
}

/** Every object reachable from `value` has a standard prototype and only own data properties. */
function expectPlainData(value: unknown): void {
  const pending: unknown[] = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next !== 'object' || next === null) continue;
    expect([Object.prototype, Array.prototype]).toContain(Object.getPrototypeOf(next));
    for (const key of Reflect.ownKeys(next)) {
      const descriptor = Object.getOwnPropertyDescriptor(next, key);
      expect(descriptor && 'value' in descriptor).toBe(true);
      pending.push(descriptor?.value);
    }
  }
}

function prototypeSnapshot(): string {
  return JSON.stringify(
    [Object.prototype, Array.prototype, Function.prototype].map((prototype) =>
      Object.getOwnPropertyNames(prototype).map((name) => [name, typeof Object.getOwnPropertyDescriptor(prototype, name)?.value]),
    ),
  );
}

describe('verdict invariants', () => {
  it('M3/A1/A2: decision, halt and the set of reasons do not depend on the order outcomes arrive in, whatever it is', () => {
    const runsInTwoOrders = fc
      .array(hookRun, { maxLength: 8 })
      .chain((runs) => fc.tuple(fc.constant(runs), fc.shuffledSubarray(runs.map((_, index) => index), { minLength: runs.length, maxLength: runs.length })));
    fc.assert(
      fc.property(event, runsInTwoOrders, (currentEvent, [runs, order]) => {
        const outcomes = interpret(currentEvent, runs);
        const shuffled = order.map((index) => outcomes[index] as HookOutcome);
        const inConfigOrder = verdictOf(currentEvent, outcomes);
        const inArrivalOrder = verdictOf(currentEvent, shuffled);
        expect(inArrivalOrder.decision).toBe(inConfigOrder.decision);
        expect(inArrivalOrder.halt).toBe(inConfigOrder.halt);
        expect([...inArrivalOrder.reasons].sort()).toEqual([...inConfigOrder.reasons].sort());
      }),
      { numRuns: 400 },
    );
  });

  it('A2: a deny never becomes an allow, however many hooks are added before, between or after', () => {
    fc.assert(
      fc.property(
        event,
        fc.array(hookRun, { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(hookRun, fc.nat()), { maxLength: 6 }),
        (currentEvent, runs, additions) => {
          const outcomes = interpret(currentEvent, runs);
          const before = verdictOf(currentEvent, outcomes);
          const more = [...outcomes];
          additions.forEach(([run, position], index) => {
            more.splice(position % (more.length + 1), 0, ...interpret(currentEvent, [run], 100 + index));
          });
          const after = verdictOf(currentEvent, more);
          if (before.decision === 'deny') expect(after.decision).toBe('deny');
          if (before.halt) expect(after.halt).toBe(true);
          // What a denying hook said is still said.
          for (const reason of before.decision === 'deny' && !after.halt ? before.reasons : []) expect(after.reasons).toContain(reason);
          // An allow can only come from a hook that allowed.
          if (after.decision === 'allow') expect(more.some((outcome) => outcome.kind === 'allow')).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('A1/P4: a halt is never lost: in both events it halts, names every halting hook, and PostToolUse still composes the output', () => {
    fc.assert(
      fc.property(event, fc.array(hookRun, { maxLength: 6 }), fc.nat(), fc.constantFrom('', 'stop now'), (currentEvent, runs, position, stderr) => {
        const outcomes = interpret(currentEvent, runs);
        const halting = interpretRun(currentEvent, { name: 'the halt', onError: 'ignore' }, {
          exitCode: 49,
          signal: null,
          stdout: '{"decision":"allow"}',
          stderr,
          timedOut: false,
          truncated: false,
          startError: null,
        });
        outcomes.splice(position % (outcomes.length + 1), 0, halting);
        const verdict = verdictOf(currentEvent, outcomes);
        expect(verdict.halt).toBe(true);
        expect(verdict.reasons).toContain(stderr === '' ? "halted by hook 'the halt'" : stderr);
        if (currentEvent === 'PostToolUse' && 'toolOutput' in verdict) expect(verdict.toolOutput.startsWith('raw')).toBe(true);
        if (currentEvent === 'PreToolUse' && 'toolInput' in verdict) expect(verdict.toolInput).toEqual({ command: 'ls' });
      }),
      { numRuns: 300 },
    );
  });

  it('A7: hostile keys at any depth of updated_input stay plain data; no prototype anywhere changes', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(fc.array(hostileObjectText, { minLength: 1, maxLength: 4 }), (texts) => {
        const outcomes = texts.map((text, index) =>
          interpretRun('PreToolUse', { name: `rewriter ${index}`, onError: 'ignore' }, {
            exitCode: 0,
            signal: null,
            stdout: `{"updated_input":${text}}`,
            stderr: '',
            timedOut: false,
            truncated: false,
            startError: null,
          }),
        );
        const verdict = aggregatePreToolUse({ command: 'ls' }, outcomes);
        expectPlainData(verdict.toolInput);
        // What the hooks wrote comes back byte for byte once serialised, `__proto__` keys included.
        const expected = { command: 'ls' } as Record<string, unknown>;
        for (const text of texts) {
          const parsed = JSON.parse(text) as Record<string, unknown>;
          for (const key of Object.keys(parsed)) Object.defineProperty(expected, key, { value: parsed[key], enumerable: true, writable: true, configurable: true });
        }
        expect(JSON.stringify(verdict.toolInput)).toBe(JSON.stringify(expected));
        expect(prototypeSnapshot()).toBe(before);
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      }),
      { numRuns: 400 },
    );
  });

  it('A7: whatever depth a hook nests updated_input to, the verdict input can be sent on as JSON', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 600, max: 100_000 })), fc.boolean(), (depth, asObjects) => {
        const open = asObjects ? '{"a":' : '[';
        const close = asObjects ? '}' : ']';
        const stdout = `{"decision":"allow","updated_input":{"deep":${open.repeat(depth)}1${close.repeat(depth)}}}`;
        const outcome = interpretRun('PreToolUse', { name: 'deep', onError: 'ignore' }, {
          exitCode: 0,
          signal: null,
          stdout,
          stderr: '',
          timedOut: false,
          truncated: false,
          startError: null,
        });
        const verdict = aggregatePreToolUse({ command: 'ls' }, [outcome]);
        expect(() => JSON.stringify(verdict.toolInput)).not.toThrow();
        expect(() => JSON.stringify(verdict)).not.toThrow();
      }),
      { numRuns: 60 },
    );
  });
});
