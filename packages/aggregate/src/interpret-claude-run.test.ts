import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpRunFacts, outcomeHook, runFacts } from './__fixtures__/run-facts.ts';
import { aggregatePostToolUse } from './aggregate-post-tool-use.ts';
import { aggregatePreToolUse } from './aggregate-pre-tool-use.ts';
import type { HookEvent, HookOutcome, OutcomeKind, RunFacts } from './hook-outcome.ts';
import { interpretClaudeRun } from './interpret-runs.ts';

const guard = outcomeHook('Guard');
const strictGuard = outcomeHook('Guard', { onError: 'deny' });
/** What the diagnostic of a failed hook that let a PreToolUse call through says (issue 13). */
const notBlocked = 'the call was not blocked (exit 2 blocks; "onError": "deny" fails closed)';

function claude(facts: Partial<RunFacts>, event: HookEvent = 'PreToolUse', hook = guard): HookOutcome {
  return interpretClaudeRun(event, hook, runFacts(facts));
}

function expected(overrides: Partial<HookOutcome>): HookOutcome {
  return {
    hook: 'Guard',
    kind: 'none',
    reason: null,
    context: null,
    updatedInput: null,
    countsAsDeny: false,
    diagnostic: null,
    ...overrides,
  };
}

const answer = (fields: Record<string, unknown>, top: Record<string, unknown> = {}) =>
  JSON.stringify({ ...top, hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } });

describe('interpretClaudeRun: runs that did not finish (K5 row 1)', () => {
  it('K5, R9: a hook that could not start is an error that counts as a deny, whatever onError says', () => {
    const outcome = claude({ exitCode: null, startError: 'spawn /bin/sh ENOENT' });
    expect(outcome.kind).toBe('error');
    expect(outcome.countsAsDeny).toBe(true);
    expect(outcome.reason).toBe(`hook 'Guard' could not start: spawn /bin/sh ENOENT; the call is refused`);
  });

  it('K5, O5: timed out or killed is an error, whatever stdout says; onError deny makes it a deny', () => {
    const allow = answer({ permissionDecision: 'allow' });
    const timedOut = claude(
      { exitCode: null, signal: 'SIGKILL', timedOut: true, stdout: allow },
      'PreToolUse',
      outcomeHook('Guard', { timeout: 5 }),
    );
    expect(timedOut).toEqual(
      expected({
        kind: 'error',
        diagnostic: { level: 'error', hook: 'Guard', message: `hook 'Guard' timed out after 5s: ${notBlocked}` },
      }),
    );
    const killed = claude({ exitCode: null, signal: 'SIGKILL', stdout: allow }, 'PreToolUse', strictGuard);
    expect([killed.kind, killed.countsAsDeny, killed.reason]).toEqual([
      'error',
      true,
      `hook 'Guard' failed: killed by signal SIGKILL`,
    ]);
  });
});

describe('interpretClaudeRun: stdout cut at the cap (R8)', () => {
  it('K5, O2: a truncated stdout is invalid even if what was kept parses', () => {
    const outcome = claude({ stdout: answer({ permissionDecision: 'allow' }), stdoutTruncated: true });
    expect(outcome).toEqual(
      expected({
        kind: 'invalid',
        diagnostic: {
          level: 'error',
          hook: 'Guard',
          message: `hook 'Guard' printed invalid output: output was truncated (over 1 MiB); ${notBlocked}`,
        },
      }),
    );
    const strict = claude({ stdout: '{', truncated: true }, 'PreToolUse', strictGuard);
    expect([strict.kind, strict.countsAsDeny]).toEqual(['invalid', true]);
  });

  it('K5, O3: exit 2 with a truncated stdout still denies, with stderr as the reason (stdout is not read)', () => {
    expect(claude({ exitCode: 2, stdout: '{"continue":false}', stdoutTruncated: true, stderr: 'no\n' })).toEqual(
      expected({ kind: 'deny', reason: 'no', countsAsDeny: true }),
    );
  });

  it('K5: a truncated stderr alone does not make stdout invalid', () => {
    expect(claude({ stdout: '', truncated: true, stdoutTruncated: false }).kind).toBe('none');
  });
});

describe('interpretClaudeRun: continue false on exit 0 (K5)', () => {
  it('K5: continue false on exit 0 halts with stopReason', () => {
    expect(claude({ stdout: '{"continue":false,"stopReason":"build is broken"}', stderr: 'err' })).toEqual(
      expected({ kind: 'halt', reason: 'build is broken' }),
    );
  });

  it('K5: continue false on exit 2 is a deny by stderr, on another non-zero exit an error: stdout is not read', () => {
    const stdout = '{"continue":false,"stopReason":"build is broken"}';
    expect(claude({ exitCode: 2, stdout, stderr: 'err' })).toEqual(
      expected({ kind: 'deny', reason: 'err', countsAsDeny: true }),
    );
    for (const exitCode of [1, 49]) expect(claude({ exitCode, stdout, stderr: 'err' }).kind).toBe('error');
  });

  it('K5, O4: without a stopReason the halt takes the default reason, never stderr', () => {
    expect(claude({ stdout: '{"continue":false}', stderr: 'noise' }).reason).toBe(`halted by hook 'Guard'`);
  });

  it('K5: a halting object that breaks the schema still halts', () => {
    expect(claude({ stdout: '{"continue":false,"stopReason":"stop","decision":"ask"}' })).toEqual(
      expected({ kind: 'halt', reason: 'stop' }),
    );
  });

  it('K5, A6: a valid halting output lends its context and its message for the person', () => {
    const outcome = claude({ stdout: answer({ additionalContext: 'ctx' }, { continue: false, systemMessage: 'bye' }) });
    expect(outcome).toEqual(
      expected({
        kind: 'halt',
        reason: `halted by hook 'Guard'`,
        context: 'ctx',
        diagnostic: { level: 'info', hook: 'Guard', message: `hook 'Guard': bye` },
      }),
    );
  });
});

describe('interpretClaudeRun: exit 2 (K5)', () => {
  it('K5, O3: exit 2 denies with stderr trimmed, else the default reason of the event', () => {
    expect(claude({ exitCode: 2, stderr: '  rm -rf is not allowed\n' })).toEqual(
      expected({ kind: 'deny', reason: 'rm -rf is not allowed', countsAsDeny: true }),
    );
    expect(claude({ exitCode: 2 }).reason).toBe(`blocked by hook 'Guard'`);
    expect(claude({ exitCode: 2 }, 'PostToolUse').reason).toBe(`hook 'Guard' flagged this output`);
  });

  it("K5: exit 2's reason is stderr, never the JSON's: stdout is not read", () => {
    const stderr = 'from stderr';
    expect(
      claude({
        exitCode: 2,
        stderr,
        stdout: answer({ permissionDecision: 'deny', permissionDecisionReason: 'from json' }),
      }).reason,
    ).toBe(stderr);
    expect(claude({ exitCode: 2, stdout: '{"decision":"block","reason":"blocked in json"}' }).reason).toBe(
      `blocked by hook 'Guard'`,
    );
  });

  it('K5, O3: exit 2 denies whatever stdout says: an allow, an invalid object, plain text', () => {
    for (const stdout of [answer({ permissionDecision: 'allow' }), '{"decision":"ask"}', 'hello', '{broken']) {
      const outcome = claude({ exitCode: 2, stdout, stderr: 'no' });
      expect([stdout, outcome.kind, outcome.reason, outcome.countsAsDeny]).toEqual([stdout, 'deny', 'no', true]);
    }
  });

  it('K5, O3: a valid stdout on exit 2 gives nothing: no context, no message, no updatedInput', () => {
    const outcome = claude({
      exitCode: 2,
      stdout: answer(
        { permissionDecision: 'allow', updatedInput: { command: 'ls' }, additionalContext: 'ctx' },
        { systemMessage: 'm' },
      ),
    });
    expect(outcome).toEqual(expected({ kind: 'deny', reason: `blocked by hook 'Guard'`, countsAsDeny: true }));
  });
});

describe('interpretClaudeRun: another non-zero exit (K5)', () => {
  it('K5: a JSON allow printed by a hook that then exits 1 does not allow: an error, stdout not read', () => {
    const allow = answer({ permissionDecision: 'allow', updatedInput: { command: 'ls' }, additionalContext: 'ctx' });
    const outcome = claude({ exitCode: 1, stdout: allow, stderr: 'boom' });
    expect(outcome).toEqual(
      expected({
        kind: 'error',
        diagnostic: { level: 'error', hook: 'Guard', message: `hook 'Guard' exited 1: ${notBlocked}; stderr: boom` },
      }),
    );
    // With onError deny the failed hook blocks the call it tried to allow.
    expect(claude({ exitCode: 1, stdout: allow }, 'PreToolUse', strictGuard)).toMatchObject({
      kind: 'error',
      countsAsDeny: true,
    });
  });

  it('K5: no JSON counts on a non-zero exit: a deny, an ask, a halt, an invalid object are all errors', () => {
    for (const exitCode of [1, 3, 49, 127]) {
      for (const stdout of [
        answer({ permissionDecision: 'deny', permissionDecisionReason: 'no' }),
        answer({ permissionDecision: 'ask' }),
        '{"continue":false}',
        '{"decision":"ask"}',
        '{}',
      ]) {
        const outcome = claude({ exitCode, stdout });
        expect([exitCode, stdout, outcome.kind, outcome.context, outcome.updatedInput]).toEqual([
          exitCode,
          stdout,
          'error',
          null,
          null,
        ]);
      }
    }
  });

  it('K5: a truncated stdout on exit 1 is an error, not invalid', () => {
    expect(claude({ exitCode: 1, stdout: '{', stdoutTruncated: true }).kind).toBe('error');
  });
});

describe('interpretClaudeRun: invalid output on exit 0 (K5)', () => {
  it('K5, O2: an object that breaks the schema is invalid with the exact problem', () => {
    expect(claude({ stdout: '{"decision":"ask"}' })).toEqual(
      expected({
        kind: 'invalid',
        diagnostic: {
          level: 'error',
          hook: 'Guard',
          message: `hook 'Guard' printed invalid output: decision must be one of approve, block (got "ask"); ${notBlocked}`,
        },
      }),
    );
  });

  it('K5: stdout that is not JSON, even starting with {, is plain text: none on exit 0, an error on another code, onError deny or not', () => {
    for (const stdout of ['{"decision":"block"} and more', '{"hookSpecificOutput": {', '{"broken']) {
      expect(claude({ stdout }, 'PreToolUse', strictGuard)).toMatchObject({ kind: 'none', countsAsDeny: false });
      expect(claude({ stdout, exitCode: 1 }).kind).toBe('error');
    }
  });
});

describe('interpretClaudeRun: a valid answer on exit 0 (K5)', () => {
  it('K5: permissionDecision deny, allow, ask, defer', () => {
    expect(claude({ stdout: answer({ permissionDecision: 'deny', permissionDecisionReason: 'secrets' }) })).toEqual(
      expected({ kind: 'deny', reason: 'secrets', countsAsDeny: true }),
    );
    expect(claude({ stdout: answer({ permissionDecision: 'allow', permissionDecisionReason: 'read-only' }) })).toEqual(
      expected({ kind: 'allow' }),
    );
    expect(
      claude({ stdout: answer({ permissionDecision: 'ask', permissionDecisionReason: 'pushes to main' }) }),
    ).toEqual(expected({ kind: 'ask', reason: 'pushes to main' }));
    expect(claude({ stdout: answer({ permissionDecision: 'defer' }) })).toEqual(expected({ kind: 'none' }));
  });

  it('K5, K7: a deny or ask without a reason takes the default, not stderr', () => {
    expect(claude({ stdout: answer({ permissionDecision: 'deny' }), stderr: 'debug' }).reason).toBe(
      `blocked by hook 'Guard'`,
    );
    expect(claude({ stdout: answer({ permissionDecision: 'ask' }), stderr: 'debug' }).reason).toBe(
      `asked by hook 'Guard'`,
    );
  });

  it('K5: the deprecated approve and block', () => {
    expect(claude({ stdout: '{"decision":"approve","reason":"fine"}' })).toEqual(expected({ kind: 'allow' }));
    expect(claude({ stdout: '{"decision":"block","reason":"nope"}' })).toEqual(
      expected({ kind: 'deny', reason: 'nope', countsAsDeny: true }),
    );
  });

  it("K5: updatedInput is kept in Claude's fields with allow, ask and none, and ignored with deny", () => {
    const updatedInput = { command: 'npm test -- --silent', timeout: 120000 };
    expect(claude({ stdout: answer({ permissionDecision: 'allow', updatedInput }) }).updatedInput).toEqual(
      updatedInput,
    );
    expect(claude({ stdout: answer({ permissionDecision: 'ask', updatedInput }) }).updatedInput).toEqual(updatedInput);
    expect(claude({ stdout: answer({ updatedInput }) }).updatedInput).toEqual(updatedInput);
    expect(claude({ stdout: answer({ permissionDecision: 'deny', updatedInput }) }).updatedInput).toBeNull();
    expect(
      claude({ stdout: JSON.stringify({ decision: 'block', hookSpecificOutput: { updatedInput } }) }).updatedInput,
    ).toBeNull();
  });

  it('K5, A6: additionalContext is the context', () => {
    expect(claude({ stdout: answer({ additionalContext: 'Tests live in test/' }) })).toEqual(
      expected({ context: 'Tests live in test/' }),
    );
  });

  it('K5: systemMessage is an info diagnostic for the person, never context', () => {
    const outcome = claude({ stdout: '{"systemMessage":"Formatted 2 files"}' });
    expect(outcome).toEqual(
      expected({ diagnostic: { level: 'info', hook: 'Guard', message: `hook 'Guard': Formatted 2 files` } }),
    );
    const verdict = aggregatePostToolUse({ toolOutput: 'wrote it' }, [
      claude({ stdout: '{"systemMessage":"Formatted 2 files"}' }, 'PostToolUse'),
    ]);
    expect(verdict.toolOutput).toBe('wrote it');
    expect(verdict.diagnostics.map((diagnostic) => diagnostic.level)).toEqual(['info']);
  });

  it('K5, P2: PostToolUse decision block with a reason denies: a [hook] line after the output', () => {
    const outcome = claude({ stdout: '{"decision":"block","reason":"lint failed: 3 errors"}' }, 'PostToolUse');
    expect(outcome).toEqual(expected({ kind: 'deny', reason: 'lint failed: 3 errors', countsAsDeny: true }));
    const verdict = aggregatePostToolUse({ toolOutput: 'wrote src/a.ts\n' }, [outcome]);
    expect(verdict.toolOutput).toBe('wrote src/a.ts\n[hook] lint failed: 3 errors');
    expect(claude({ stdout: '{"decision":"block"}' }, 'PostToolUse').reason).toBe(`hook 'Guard' flagged this output`);
  });
});

describe('interpretClaudeRun: no JSON (K5)', () => {
  it('K5: exit 0 with blank or plain text is no opinion, not invalid', () => {
    for (const stdout of ['', '\n', 'All good\n', 'approve', '[1]']) {
      expect(claude({ stdout, stderr: 'noise' })).toEqual(expected({}));
    }
  });

  it('K5, O5: another exit code without JSON is an error; exit 49 means nothing special', () => {
    for (const [exitCode, problem] of [
      [1, 'exited 1'],
      [49, 'exited 49'],
      [127, 'exited 127 (command not found)'],
    ] as const) {
      const outcome = claude({ exitCode, stdout: 'plain', stderr: 'boom' });
      expect(outcome).toEqual(
        expected({
          kind: 'error',
          diagnostic: {
            level: 'error',
            hook: 'Guard',
            message: `hook 'Guard' ${problem}: ${notBlocked}; stderr: boom`,
          },
        }),
      );
    }
    expect(claude({ exitCode: 1 }, 'PreToolUse', strictGuard).countsAsDeny).toBe(true);
  });
});

describe('interpretClaudeRun with the verdict (K5, K7)', () => {
  it('K7: a Claude ask and a Cosh-style allow make an ask verdict with the ask reasons', () => {
    const verdict = aggregatePreToolUse({ command: 'git push' }, [
      claude({ stdout: answer({ permissionDecision: 'allow' }) }),
      interpretClaudeRun(
        'PreToolUse',
        outcomeHook('Pusher'),
        runFacts({ stdout: answer({ permissionDecision: 'ask', permissionDecisionReason: 'pushes' }) }),
      ),
    ]);
    expect([verdict.decision, verdict.reasons]).toEqual(['ask', ['pushes']]);
  });
});

// Random Claude outputs: well-formed answers, each field of the wrong type now and then, broken
// JSON, hostile keys, plain text; with random exit codes, signals, timeouts, truncation and start
// failures. The interpreter must never throw and always give one of the outcome kinds.
const OUTCOME_KINDS: readonly OutcomeKind[] = ['allow', 'deny', 'ask', 'none', 'halt', 'error', 'invalid'];

const anyValue = fc.jsonValue({ maxDepth: 2 });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof(arbitrary, anyValue);

const claudeObject = fc.record(
  {
    continue: maybe(fc.boolean()),
    stopReason: maybe(fc.string()),
    systemMessage: maybe(fc.string()),
    suppressOutput: maybe(fc.boolean()),
    decision: maybe(fc.constantFrom('approve', 'block', 'ask', 'allow', 'deny')),
    reason: maybe(fc.string()),
    hookSpecificOutput: maybe(
      fc.record(
        {
          hookEventName: maybe(fc.constantFrom('PreToolUse', 'PostToolUse')),
          permissionDecision: maybe(fc.constantFrom('allow', 'deny', 'ask', 'defer', 'block')),
          permissionDecisionReason: maybe(fc.string()),
          updatedInput: maybe(fc.dictionary(fc.constantFrom('__proto__', 'command', 'file_path', 'timeout'), anyValue)),
          additionalContext: maybe(fc.string()),
          unknown: anyValue,
        },
        { requiredKeys: [] },
      ),
    ),
    unknown: anyValue,
  },
  { requiredKeys: [] },
);

const claudeStdout = fc.oneof(
  claudeObject.map((value) => JSON.stringify(value)),
  // The same objects cut short or followed by text, as a crashing script prints them.
  fc.tuple(claudeObject, fc.nat()).map(([value, cut]) => {
    const text = JSON.stringify(value);
    return text.slice(0, cut % (text.length + 1));
  }),
  claudeObject.map((value) => `${JSON.stringify(value)}\ntrailing log`),
  fc.constantFrom('', ' \n', 'plain text', '{', '{"continue":false', '[]', '{"__proto__":{"continue":false}}'),
  fc.string(),
);

const claudeFacts: fc.Arbitrary<RunFacts> = fc.record({
  exitCode: fc.oneof(fc.constantFrom(0, 0, 0, 2, 2, 1, 49, 127, null), fc.integer({ min: -1, max: 255 })),
  signal: fc.constantFrom(null, null, null, 'SIGKILL', 'SIGTERM'),
  stdout: claudeStdout,
  stderr: fc.oneof(fc.constantFrom('', ' \n', 'blocked: rm -rf\n'), fc.string()),
  timedOut: fc.constantFrom(false, false, false, true),
  truncated: fc.boolean(),
  stdoutTruncated: fc.constantFrom(undefined, false, true),
  startError: fc.constantFrom(null, null, null, null, 'spawn /bin/sh EMFILE'),
});

describe('interpretClaudeRun: HTTP hooks (H3)', () => {
  it('H3 K5: a 2xx body is read as the stdout of exit 0: a Claude answer, blank or plain text', () => {
    expect(
      interpretClaudeRun(
        'PreToolUse',
        guard,
        httpRunFacts({ stdout: answer({ permissionDecision: 'deny', permissionDecisionReason: 'no' }) }),
      ),
    ).toEqual(expected({ kind: 'deny', reason: 'no', countsAsDeny: true }));
    expect(interpretClaudeRun('PreToolUse', guard, httpRunFacts({ stdout: 'ok, carry on' }))).toEqual(expected({}));
    expect(interpretClaudeRun('PreToolUse', guard, httpRunFacts({ httpStatus: 204 }))).toEqual(expected({}));
  });

  it('H3: another status, a timeout or a connection failure is an error that onError decides', () => {
    const down = interpretClaudeRun(
      'PreToolUse',
      guard,
      httpRunFacts({ httpStatus: 500, stdout: answer({ permissionDecision: 'allow' }) }),
    );
    expect(down).toMatchObject({ kind: 'error', countsAsDeny: false });
    expect(down.diagnostic?.message).toMatch(
      /^hook 'Guard' failed \(HTTP status 500\): the call was not blocked .*; response: /,
    );
    const refused = httpRunFacts({ httpStatus: null, failure: 'connection refused by h:1 (ECONNREFUSED)' });
    expect(interpretClaudeRun('PreToolUse', strictGuard, refused)).toMatchObject({
      kind: 'error',
      countsAsDeny: true,
      reason: "hook 'Guard' failed: connection refused by h:1 (ECONNREFUSED)",
    });
    expect(interpretClaudeRun('PreToolUse', guard, httpRunFacts({ timedOut: true })).kind).toBe('error');
  });
});

describe('interpretClaudeRun properties', () => {
  it('K5: for any Claude output and run facts it never throws and gives one of the outcome kinds', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<HookEvent>('PreToolUse', 'PostToolUse'),
        fc.constantFrom<'ignore' | 'deny'>('ignore', 'deny'),
        claudeFacts,
        (event, onError, facts) => {
          const outcome = interpretClaudeRun(event, { name: 'any', onError }, facts);
          expect(OUTCOME_KINDS).toContain(outcome.kind);
          // Invariants every consumer relies on.
          if (outcome.kind === 'deny' || outcome.kind === 'halt' || outcome.kind === 'ask')
            expect(outcome.reason).not.toBeNull();
          if (outcome.kind === 'deny') expect(outcome.countsAsDeny).toBe(true);
          if (outcome.kind === 'deny' || outcome.kind === 'halt') expect(outcome.updatedInput).toBeNull();
          if (outcome.kind === 'error' || outcome.kind === 'invalid') {
            expect(outcome.context).toBeNull();
            expect(outcome.diagnostic?.level).toBe('error');
          }
          if (facts.startError !== null) expect([outcome.kind, outcome.countsAsDeny]).toEqual(['error', true]);
          // The outcome goes on to both verdicts without a throw either.
          aggregatePreToolUse({ command: 'ls' }, [outcome]);
          aggregatePostToolUse({ toolOutput: 'out' }, [outcome]);
        },
      ),
      { numRuns: 2000 },
    );
    // 2,000 runs take a few seconds, all CPU: on a machine whose cores are busy, many more.
  }, 120_000);

  it('K5: arbitrary text on stdout never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: -1, max: 255 }), (stdout, exitCode) => {
        const outcome = interpretClaudeRun('PreToolUse', guard, runFacts({ stdout, exitCode }));
        expect(OUTCOME_KINDS).toContain(outcome.kind);
      }),
      { numRuns: 500 },
    );
  });
});
