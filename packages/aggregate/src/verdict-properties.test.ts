import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregatePostToolUse } from './aggregate-post-tool-use.ts';
import { aggregatePreToolUse } from './aggregate-pre-tool-use.ts';
import { composeToolOutput } from './compose-tool-output.ts';
import type { HookEvent, HookOutcome, OutcomeHook, RunFacts } from './hook-outcome.ts';
import { interpretClaudeRun } from './interpret-runs.ts';
import { interpretRun } from './interpret-runs.ts';
import { mergeUpdatedInputs } from './merge-updated-inputs.ts';
import { parseHookOutput } from './parse-hook-output.ts';

// Keys chosen to collide across hooks and to include every name that could reach a prototype.
const INPUT_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'command', 'path'];

const inputEntries = fc.array(fc.tuple(fc.constantFrom(...INPUT_KEYS), fc.jsonValue({ maxDepth: 2 })), {
  maxLength: 5,
});

/** Object.fromEntries defines own data properties, so `__proto__` stays a key, as in JSON.parse. */
const plainInput = inputEntries.map((entries) => Object.fromEntries(entries) as Record<string, unknown>);

/** JSON text built by hand, so `__proto__` reaches JSON.parse as a key rather than a prototype. */
function objectText(entries: readonly (readonly [string, unknown])[]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;
}

const validStdout = fc
  .record(
    {
      decision: fc.constantFrom('allow', 'deny', 'ask', 'none'),
      reason: fc.constantFrom('', 'because', 'no way'),
      context: fc.constantFrom('', 'ctx one', 'ctx two\nmore'),
      updated_input: inputEntries,
      unknown_field: fc.jsonValue({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  )
  .map((fields) =>
    objectText(
      Object.entries(fields).map(([key, value]) =>
        key === 'updated_input'
          ? ([key, JSON.parse(objectText(value as [string, unknown][])) as unknown] as const)
          : ([key, value] as const),
      ),
    ),
  );

const stdout = fc.oneof(
  validStdout,
  fc.constantFrom('', ' \n', '{"decision":"block"}', 'HALTED', '[1]', '{"a":1} x', '{"updated_input":null}'),
  fc.string(),
);

const runFacts: fc.Arbitrary<RunFacts> = fc.record({
  exitCode: fc.oneof(fc.constantFrom(0, 0, 0, 2, 2, 49, 1, 127, null), fc.integer({ min: -1, max: 255 })),
  signal: fc.constantFrom(null, null, null, 'SIGKILL', 'SIGTERM'),
  stdout,
  stderr: fc.constantFrom('', '  \n', 'stderr says no\n', 'line 1\nline 2'),
  timedOut: fc.constantFrom(false, false, false, false, true),
  truncated: fc.constantFrom(false, false, false, true),
  stdoutTruncated: fc.constantFrom(undefined, undefined, false, true),
  startError: fc.constantFrom(null, null, null, null, 'spawn /bin/sh EMFILE'),
});

const onError = fc.constantFrom<OutcomeHook['onError']>('ignore', 'deny');
const timeout = fc.constantFrom(undefined, 5, 0.5);

/** A config's worth of hook runs, each named after its config position. */
const runs = fc.array(fc.record({ onError, timeout, facts: runFacts }), { maxLength: 8 }).map((entries) =>
  entries.map(({ onError: policy, timeout: seconds, facts }, index) => ({
    hook: { name: `hook ${index}`, onError: policy, timeout: seconds } satisfies OutcomeHook,
    facts,
  })),
);

const event = fc.constantFrom<HookEvent>('PreToolUse', 'PostToolUse');

/** Runs with the order they finish in: a permutation of their config positions. */
const runsWithFinishOrder = runs.chain((configRuns) =>
  fc
    .shuffledSubarray(
      configRuns.map((_, index) => index),
      { minLength: configRuns.length, maxLength: configRuns.length },
    )
    .map((finishOrder) => ({ configRuns, finishOrder })),
);

function interpretAll(currentEvent: HookEvent, configRuns: readonly { hook: OutcomeHook; facts: RunFacts }[]) {
  return configRuns.map(({ hook, facts }) => interpretRun(currentEvent, hook, facts));
}

function aggregate(currentEvent: HookEvent, toolInput: Record<string, unknown>, outcomes: readonly HookOutcome[]) {
  return currentEvent === 'PreToolUse'
    ? aggregatePreToolUse(toolInput, outcomes)
    : aggregatePostToolUse({ toolOutput: 'raw output', preToolUseContext: 'pre context' }, outcomes);
}

function snapshotPrototype(): string {
  return JSON.stringify(
    Object.getOwnPropertyNames(Object.prototype).map((name) => {
      const descriptor = Object.getOwnPropertyDescriptor(Object.prototype, name);
      return [name, typeof descriptor?.value, descriptor?.writable, descriptor?.enumerable];
    }),
  );
}

/** The same arbitrary runs, some of them HTTP calls (H3): a status or a failure instead of a process. */
const processOrHttpFacts: fc.Arbitrary<RunFacts> = fc.oneof(
  runFacts,
  fc.record({
    httpStatus: fc.constantFrom(200, 204, 302, 500, null),
    failure: fc.constantFrom(null, null, 'connection refused by 127.0.0.1:9 (ECONNREFUSED)'),
    exitCode: fc.constant(null),
    signal: fc.constant(null),
    stdout,
    stderr: fc.constant(''),
    timedOut: fc.constantFrom(false, false, true),
    truncated: fc.constantFrom(false, false, true),
    startError: fc.constant(null),
  }),
);

describe('countsAsDeny', () => {
  it('O2 O3 O5 O6 R9 H3 K5: one rule for both protocols: a deny, a process that could not start, or a failure with onError deny', () => {
    fc.assert(
      fc.property(event, onError, processOrHttpFacts, fc.boolean(), (currentEvent, policy, facts, claude) => {
        const hook = { name: 'guard', onError: policy };
        const outcome = (claude ? interpretClaudeRun : interpretRun)(currentEvent, hook, facts);
        const failed = outcome.kind === 'error' || outcome.kind === 'invalid';
        // HTTP runs never carry a start error: their failures are onError's to decide (H3).
        const couldNotStart = facts.startError !== null;
        expect(outcome.countsAsDeny).toBe(outcome.kind === 'deny' || (failed && (couldNotStart || policy === 'deny')));
        if (couldNotStart) expect(outcome.kind).toBe('error');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('verdict properties', () => {
  it('M3: the verdict does not depend on finish order once results are put back in config order', () => {
    fc.assert(
      fc.property(event, plainInput, runsWithFinishOrder, (currentEvent, toolInput, { configRuns, finishOrder }) => {
        // The engine's harness: interpret each run as it finishes, then sort back to config order.
        const finished = finishOrder.map((configIndex) => {
          const run = configRuns[configIndex] as (typeof configRuns)[number];
          return { configIndex, outcome: interpretRun(currentEvent, run.hook, run.facts) };
        });
        const sorted = [...finished].sort((left, right) => left.configIndex - right.configIndex);
        const fromFinishOrder = aggregate(
          currentEvent,
          toolInput,
          sorted.map((entry) => entry.outcome),
        );
        const fromConfigOrder = aggregate(currentEvent, toolInput, interpretAll(currentEvent, configRuns));
        expect(fromFinishOrder).toEqual(fromConfigOrder);
      }),
      { numRuns: 300 },
    );
  });

  it('A1: the same config-ordered outcomes always give the same verdict and are never changed', () => {
    fc.assert(
      fc.property(event, plainInput, runs, (currentEvent, toolInput, configRuns) => {
        const outcomes = interpretAll(currentEvent, configRuns);
        const before = JSON.stringify([toolInput, outcomes]);
        const first = aggregate(currentEvent, toolInput, outcomes);
        // Interleave another aggregation so any state kept between calls would show.
        aggregate(currentEvent, { other: true }, [...outcomes].reverse());
        const second = aggregate(currentEvent, toolInput, outcomes);
        expect(second).toEqual(first);
        expect(JSON.stringify(second)).toBe(JSON.stringify(first));
        expect(JSON.stringify([toolInput, outcomes])).toBe(before);
      }),
      { numRuns: 300 },
    );
  });

  it('A2: a deny never becomes an allow: any countsAsDeny outcome makes the decision deny', () => {
    fc.assert(
      fc.property(event, plainInput, runs, (currentEvent, toolInput, configRuns) => {
        const outcomes = interpretAll(currentEvent, configRuns);
        const verdict = aggregate(currentEvent, toolInput, outcomes);
        const anyDeny = outcomes.some((outcome) => outcome.countsAsDeny);
        expect(verdict.decision === 'deny').toBe(anyDeny);
        if (verdict.decision === 'allow') expect(outcomes.some((outcome) => outcome.kind === 'allow')).toBe(true);
        if (anyDeny && !verdict.halt) expect(verdict.reasons.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('K7: precedence deny > ask > allow > none; an ask is never cancelled by an allow', () => {
    fc.assert(
      fc.property(event, plainInput, runs, (currentEvent, toolInput, configRuns) => {
        const outcomes = interpretAll(currentEvent, configRuns);
        const verdict = aggregate(currentEvent, toolInput, outcomes);
        const has = (kind: HookOutcome['kind']) => outcomes.some((outcome) => outcome.kind === kind);
        const anyDeny = outcomes.some((outcome) => outcome.countsAsDeny);
        const expected = anyDeny ? 'deny' : has('ask') ? 'ask' : has('allow') ? 'allow' : 'none';
        expect(verdict.decision).toBe(expected);
        if (verdict.decision === 'ask' && !verdict.halt) {
          expect(verdict.reasons).toHaveLength(outcomes.filter((outcome) => outcome.kind === 'ask').length);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('A1: a halt is never lost, in both events', () => {
    fc.assert(
      fc.property(event, plainInput, runs, (currentEvent, toolInput, configRuns) => {
        const outcomes = interpretAll(currentEvent, configRuns);
        const verdict = aggregate(currentEvent, toolInput, outcomes);
        const halts = outcomes.filter((outcome) => outcome.kind === 'halt');
        expect(verdict.halt).toBe(halts.length > 0);
        if (verdict.halt) expect(verdict.reasons).toHaveLength(halts.length);
      }),
      { numRuns: 500 },
    );
  });

  it('A6: only valid outputs contribute context, and P2 keeps the raw output as a prefix', () => {
    fc.assert(
      fc.property(runs, (configRuns) => {
        const outcomes = interpretAll('PostToolUse', configRuns);
        const verdict = aggregatePostToolUse({ toolOutput: 'raw output' }, outcomes);
        for (const outcome of outcomes) {
          if (outcome.kind === 'error' || outcome.kind === 'invalid') expect(outcome.context).toBeNull();
        }
        expect(verdict.toolOutput.startsWith('raw output')).toBe(true);
        const denies = outcomes.filter((outcome) => outcome.countsAsDeny).length;
        expect(
          verdict.toolOutput.split('\n').filter((line) => line.startsWith('[hook] ')).length,
        ).toBeGreaterThanOrEqual(denies);
      }),
      { numRuns: 300 },
    );
  });

  it('A7: an input merge never touches a prototype; __proto__ stays an own key; later hooks win', () => {
    const prototypeBefore = snapshotPrototype();
    fc.assert(
      fc.property(plainInput, fc.array(plainInput, { maxLength: 5 }), (toolInput, updatedInputs) => {
        const updates = updatedInputs.map((updatedInput, index) => ({ hook: `hook ${index}`, updatedInput }));
        const { toolInput: merged } = mergeUpdatedInputs(toolInput, updates);

        expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
        expect(snapshotPrototype()).toBe(prototypeBefore);
        for (const key of INPUT_KEYS) {
          const setters = updatedInputs.filter((update) => Object.hasOwn(update, key));
          const last = setters.at(-1);
          if (last !== undefined) {
            expect(Object.hasOwn(merged, key)).toBe(true);
            expect(Object.getOwnPropertyDescriptor(merged, key)?.value).toBe(last[key]);
          } else {
            expect(Object.hasOwn(merged, key)).toBe(Object.hasOwn(toolInput, key));
          }
        }
      }),
      { numRuns: 500 },
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('A7: the whole path from hook stdout to merged input keeps __proto__ a plain key', () => {
    const prototypeBefore = snapshotPrototype();
    fc.assert(
      fc.property(fc.array(inputEntries, { minLength: 1, maxLength: 4 }), (entryLists) => {
        const outcomes = entryLists.map((entries, index) =>
          interpretRun(
            'PreToolUse',
            { name: `hook ${index}`, onError: 'ignore' },
            {
              exitCode: 0,
              signal: null,
              stdout: `{"updated_input":${objectText(entries)}}`,
              stderr: '',
              timedOut: false,
              truncated: false,
              startError: null,
            },
          ),
        );
        const verdict = aggregatePreToolUse({ command: 'ls' }, outcomes);
        expect(Object.getPrototypeOf(verdict.toolInput)).toBe(Object.prototype);
        const setsProto = entryLists.some((entries) => entries.some(([key]) => key === '__proto__'));
        expect(Object.hasOwn(verdict.toolInput, '__proto__')).toBe(setsProto);
        expect(snapshotPrototype()).toBe(prototypeBefore);
      }),
      { numRuns: 300 },
    );
  });

  it('O2: interpreting any text or facts never throws', () => {
    fc.assert(
      fc.property(event, runFacts, onError, fc.string({ unit: 'binary' }), (currentEvent, facts, policy, text) => {
        expect(() => parseHookOutput(text)).not.toThrow();
        expect(() =>
          interpretRun(currentEvent, { name: 'any', onError: policy }, { ...facts, stdout: text }),
        ).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('P2: composing appends after the raw output and changes nothing when there is nothing to add', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string(), { maxLength: 4 }), (output, pieces) => {
        const composed = composeToolOutput(output, pieces);
        const kept = pieces.filter((piece) => piece !== '');
        if (kept.length === 0) expect(composed).toBe(output);
        else {
          expect(composed.startsWith(output)).toBe(true);
          expect(composed.endsWith(kept.join('\n'))).toBe(true);
          const separator = composed.slice(output.length, composed.length - kept.join('\n').length);
          expect(separator).toBe(output === '' || output.endsWith('\n') ? '' : '\n');
        }
      }),
    );
  });
});

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'command'];

/** JSON text written by hand, so `__proto__` reaches JSON.parse as a key at every level. */
function jsonText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([key, inner]) => `${JSON.stringify(key)}:${jsonText(inner)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A JSON value whose objects use hostile keys at every level (kept as entries, not assigned). */
const { tree: hostileValue } = fc.letrec((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 0 }),
    tie('object'),
    fc.array(tie('tree'), { maxLength: 3 }),
  ),
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

const hostileStdout = fc.oneof(
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
    .map(
      (fields) =>
        `{${Object.entries(fields)
          .map(([key, text]) => `"${key}":${text}`)
          .join(',')}}`,
    ),
  fc.constantFrom('', 'not json', '{"decision":"allow"} trailing'),
);

const hostileRunFacts: fc.Arbitrary<RunFacts> = fc.record({
  exitCode: fc.constantFrom(0, 0, 0, 2, 49, 1, 127, null),
  signal: fc.constantFrom(null, null, 'SIGKILL'),
  stdout: hostileStdout,
  stderr: fc.constantFrom('', 'why'),
  timedOut: fc.constantFrom(false, false, false, true),
  truncated: fc.constantFrom(false, false, false, true),
  startError: fc.constantFrom(null, null, null, 'spawn EMFILE'),
});

const hookRun = fc.record({
  onError: fc.constantFrom<OutcomeHook['onError']>('ignore', 'deny'),
  facts: hostileRunFacts,
});

function interpret(
  currentEvent: HookEvent,
  runs: readonly { onError: OutcomeHook['onError']; facts: RunFacts }[],
  offset = 0,
) {
  return runs.map(({ onError, facts }, index) =>
    interpretRun(currentEvent, { name: `hook ${offset + index}`, onError }, facts),
  );
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
      Object.getOwnPropertyNames(prototype).map((name) => [
        name,
        typeof Object.getOwnPropertyDescriptor(prototype, name)?.value,
      ]),
    ),
  );
}

// Invariants the properties above do not state: the decision and halt of outcomes in ANY order
// (not only sorted back), what adding more hooks can and cannot change, prototypes anywhere in a
// rewritten input, and a rewritten input that can always be sent on as JSON.
describe('verdict invariants', () => {
  it('M3/A1/A2: decision, halt and the set of reasons do not depend on the order outcomes arrive in, whatever it is', () => {
    const runsInTwoOrders = fc.array(hookRun, { maxLength: 8 }).chain((runs) =>
      fc.tuple(
        fc.constant(runs),
        fc.shuffledSubarray(
          runs.map((_, index) => index),
          { minLength: runs.length, maxLength: runs.length },
        ),
      ),
    );
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
          for (const reason of before.decision === 'deny' && !after.halt ? before.reasons : [])
            expect(after.reasons).toContain(reason);
          // An allow can only come from a hook that allowed.
          if (after.decision === 'allow') expect(more.some((outcome) => outcome.kind === 'allow')).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('A1/P4: a halt is never lost: in both events it halts, names every halting hook, and PostToolUse still composes the output', () => {
    fc.assert(
      fc.property(
        event,
        fc.array(hookRun, { maxLength: 6 }),
        fc.nat(),
        fc.constantFrom('', 'stop now'),
        (currentEvent, runs, position, stderr) => {
          const outcomes = interpret(currentEvent, runs);
          const halting = interpretRun(
            currentEvent,
            { name: 'the halt', onError: 'ignore' },
            {
              exitCode: 49,
              signal: null,
              stdout: '{"decision":"allow"}',
              stderr,
              timedOut: false,
              truncated: false,
              startError: null,
            },
          );
          outcomes.splice(position % (outcomes.length + 1), 0, halting);
          const verdict = verdictOf(currentEvent, outcomes);
          expect(verdict.halt).toBe(true);
          expect(verdict.reasons).toContain(stderr === '' ? "halted by hook 'the halt'" : stderr);
          if (currentEvent === 'PostToolUse' && 'toolOutput' in verdict)
            expect(verdict.toolOutput.startsWith('raw')).toBe(true);
          if (currentEvent === 'PreToolUse' && 'toolInput' in verdict)
            expect(verdict.toolInput).toEqual({ command: 'ls' });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('A7: hostile keys at any depth of updated_input stay plain data; no prototype anywhere changes', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(fc.array(hostileObjectText, { minLength: 1, maxLength: 4 }), (texts) => {
        const outcomes = texts.map((text, index) =>
          interpretRun(
            'PreToolUse',
            { name: `rewriter ${index}`, onError: 'ignore' },
            {
              exitCode: 0,
              signal: null,
              stdout: `{"updated_input":${text}}`,
              stderr: '',
              timedOut: false,
              truncated: false,
              startError: null,
            },
          ),
        );
        const verdict = aggregatePreToolUse({ command: 'ls' }, outcomes);
        expectPlainData(verdict.toolInput);
        // What the hooks wrote comes back byte for byte once serialised, `__proto__` keys included.
        const expected = { command: 'ls' } as Record<string, unknown>;
        for (const text of texts) {
          const parsed = JSON.parse(text) as Record<string, unknown>;
          for (const key of Object.keys(parsed))
            Object.defineProperty(expected, key, {
              value: parsed[key],
              enumerable: true,
              writable: true,
              configurable: true,
            });
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
      fc.property(
        fc.oneof(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 600, max: 100_000 })),
        fc.boolean(),
        (depth, asObjects) => {
          const open = asObjects ? '{"a":' : '[';
          const close = asObjects ? '}' : ']';
          const stdout = `{"decision":"allow","updated_input":{"deep":${open.repeat(depth)}1${close.repeat(depth)}}}`;
          const outcome = interpretRun(
            'PreToolUse',
            { name: 'deep', onError: 'ignore' },
            {
              exitCode: 0,
              signal: null,
              stdout,
              stderr: '',
              timedOut: false,
              truncated: false,
              startError: null,
            },
          );
          const verdict = aggregatePreToolUse({ command: 'ls' }, [outcome]);
          expect(() => JSON.stringify(verdict.toolInput)).not.toThrow();
          expect(() => JSON.stringify(verdict)).not.toThrow();
        },
      ),
      { numRuns: 60 },
    );
  });
});
