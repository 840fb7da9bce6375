import { describe, expect, it } from 'vitest';
import { httpRunFacts, outcomeHook, runFacts } from './__fixtures__/run-facts.ts';
import type { HookOutcome } from './hook-outcome.ts';
import { interpretRun } from './interpret-runs.ts';

const guard = outcomeHook('Guard');
const strictGuard = outcomeHook('Guard', { onError: 'deny' });
/** What the diagnostic of a failed hook that let a PreToolUse call through says (issue 13). */
const notBlocked = 'the call was not blocked (exit 2 blocks; "onError": "deny" fails closed)';
// An HTTP hook blocks with its answer: its status is no exit code.
const httpNotBlocked = 'the call was not blocked (a 2xx answer that denies blocks; "onError": "deny" fails closed)';

function noOpinion(overrides: Partial<HookOutcome> = {}): HookOutcome {
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

describe('interpretRun: exit 0 (O1, O2, O6)', () => {
  it('O1: blank stdout is no opinion, whatever stderr says', () => {
    expect(interpretRun('PreToolUse', guard, runFacts({ stdout: ' \n', stderr: 'debug noise' }))).toEqual(noOpinion());
  });

  it('O1: allow with context and updated_input', () => {
    const outcome = interpretRun(
      'PreToolUse',
      guard,
      runFacts({ stdout: '{"decision":"allow","context":"ok","updated_input":{"command":"ls"}}\n' }),
    );
    expect(outcome).toEqual(noOpinion({ kind: 'allow', context: 'ok', updatedInput: { command: 'ls' } }));
  });

  it('O1: a missing decision is none; a reason on an allow or none is not kept', () => {
    expect(interpretRun('PreToolUse', guard, runFacts({ stdout: '{"reason":"why","context":"c"}' }))).toEqual(
      noOpinion({ context: 'c' }),
    );
    expect(interpretRun('PreToolUse', guard, runFacts({ stdout: '{"decision":"allow","reason":"why"}' }))).toEqual(
      noOpinion({ kind: 'allow' }),
    );
  });

  it('O2: invalid output is no opinion with an error diagnostic naming the hook and the problem', () => {
    expect(interpretRun('PreToolUse', guard, runFacts({ stdout: '{"decision":"block"}' }))).toEqual(
      noOpinion({
        kind: 'invalid',
        diagnostic: {
          level: 'error',
          hook: 'Guard',
          message: `hook 'Guard' printed invalid output: decision must be one of allow, deny, ask, none (got "block"; did you mean "deny"?); ${notBlocked}`,
        },
      }),
    );
  });

  it('O2: invalid output of a hook with onError deny counts as a deny; the outcome stays invalid', () => {
    const outcome = interpretRun('PreToolUse', strictGuard, runFacts({ stdout: 'Deny' }));
    expect(outcome.kind).toBe('invalid');
    expect(outcome.countsAsDeny).toBe(true);
    expect(outcome.reason).toBe(
      `hook 'Guard' failed: invalid output: expected one JSON object, found plain text ("Deny")`,
    );
    expect(outcome.diagnostic?.level).toBe('error');
  });

  it('O2: an invalid output gives neither context nor updated_input', () => {
    const outcome = interpretRun(
      'PreToolUse',
      guard,
      runFacts({ stdout: '{"context":"c","updated_input":{"a":1},"reason":5}' }),
    );
    expect(outcome.kind).toBe('invalid');
    expect(outcome.context).toBeNull();
    expect(outcome.updatedInput).toBeNull();
  });

  it('O2: truncated stdout is invalid even if what was kept parses', () => {
    const outcome = interpretRun(
      'PreToolUse',
      guard,
      runFacts({ stdout: '{"decision":"allow"}', stdoutTruncated: true }),
    );
    expect(outcome.kind).toBe('invalid');
    expect(outcome.diagnostic?.message).toBe(
      `hook 'Guard' printed invalid output: output was truncated (over 1 MiB); ${notBlocked}`,
    );
  });

  it('O2: stdoutTruncated is preferred over truncated, which also covers stderr', () => {
    const stderrOnly = runFacts({ stdout: '{"decision":"allow"}', truncated: true, stdoutTruncated: false });
    expect(interpretRun('PreToolUse', guard, stderrOnly).kind).toBe('allow');
    // Without the precise flag, the combined one is all there is: take the output as cut.
    const unknownWhich = runFacts({ stdout: '{"decision":"allow"}', truncated: true });
    expect(interpretRun('PreToolUse', guard, unknownWhich).kind).toBe('invalid');
  });

  it('O6: exit 0 with decision deny is a deny with its reason', () => {
    const outcome = interpretRun(
      'PreToolUse',
      guard,
      runFacts({ stdout: '{"decision":"deny","reason":"rm -rf is not allowed","context":"see policy"}' }),
    );
    expect(outcome).toEqual(
      noOpinion({ kind: 'deny', reason: 'rm -rf is not allowed', context: 'see policy', countsAsDeny: true }),
    );
  });

  it('O6: a deny without a reason takes stderr, else the default of its event', () => {
    const withStderr = runFacts({ stdout: '{"decision":"deny"}', stderr: '  secret found\n' });
    expect(interpretRun('PreToolUse', guard, withStderr).reason).toBe('secret found');
    const bare = runFacts({ stdout: '{"decision":"deny","reason":""}' });
    expect(interpretRun('PreToolUse', guard, bare).reason).toBe(`blocked by hook 'Guard'`);
    expect(interpretRun('PostToolUse', guard, bare).reason).toBe(`hook 'Guard' flagged this output`);
  });
});

describe('interpretRun: exit 2 and 49 (O3, O4)', () => {
  it('O3: exit 2 with empty stdout and stderr denies with the default reason', () => {
    expect(interpretRun('PreToolUse', guard, runFacts({ exitCode: 2 }))).toEqual(
      noOpinion({ kind: 'deny', reason: `blocked by hook 'Guard'`, countsAsDeny: true }),
    );
  });

  it(`O3: in PostToolUse the default reason is "hook '<name>' flagged this output"`, () => {
    expect(interpretRun('PostToolUse', guard, runFacts({ exitCode: 2 })).reason).toBe(
      `hook 'Guard' flagged this output`,
    );
  });

  it('O3: exit 2 with allow JSON on stdout still denies', () => {
    const outcome = interpretRun('PreToolUse', guard, runFacts({ exitCode: 2, stdout: '{"decision":"allow"}' }));
    expect(outcome.kind).toBe('deny');
    expect(outcome.countsAsDeny).toBe(true);
  });

  it('O3: the reason is the JSON reason, else stderr trimmed, else the default', () => {
    const both = runFacts({ exitCode: 2, stdout: '{"reason":"from json"}', stderr: 'from stderr' });
    expect(interpretRun('PreToolUse', guard, both).reason).toBe('from json');
    const emptyJsonReason = runFacts({ exitCode: 2, stdout: '{"reason":""}', stderr: '\n from stderr \r\n' });
    expect(interpretRun('PreToolUse', guard, emptyJsonReason).reason).toBe('from stderr');
    const blankStderr = runFacts({ exitCode: 2, stdout: '{"reason":""}', stderr: ' \n\t' });
    expect(interpretRun('PreToolUse', guard, blankStderr).reason).toBe(`blocked by hook 'Guard'`);
  });

  it('O3: invalid stdout is ignored: still a deny, reason from stderr, no diagnostic', () => {
    const outcome = interpretRun(
      'PreToolUse',
      guard,
      runFacts({ exitCode: 2, stdout: 'BLOCKED {"reason":"x"', stderr: 'not today' }),
    );
    expect(outcome).toEqual(noOpinion({ kind: 'deny', reason: 'not today', countsAsDeny: true }));
  });

  it('O3: a valid stdout context still counts; its updated_input does not', () => {
    const outcome = interpretRun(
      'PreToolUse',
      guard,
      runFacts({ exitCode: 2, stdout: '{"context":"policy 7","updated_input":{"command":"true"}}' }),
    );
    expect(outcome.context).toBe('policy 7');
    expect(outcome.updatedInput).toBeNull();
  });

  it('O3: a truncated stdout lends no reason', () => {
    const outcome = interpretRun(
      'PreToolUse',
      guard,
      runFacts({ exitCode: 2, stdout: '{"reason":"partial"}', stdoutTruncated: true, stderr: 'err' }),
    );
    expect(outcome.reason).toBe('err');
  });

  it('O4: exit 49 with JSON on stdout halts with its reason and context, whatever decision it says', () => {
    const outcome = interpretRun(
      'PreToolUse',
      guard,
      runFacts({
        exitCode: 49,
        stdout: '{"decision":"allow","reason":"emergency stop","context":"c","updated_input":{"a":1}}',
      }),
    );
    expect(outcome).toEqual(noOpinion({ kind: 'halt', reason: 'emergency stop', context: 'c' }));
  });

  it(`O4: the halt reason is stderr trimmed, else "halted by hook '<name>'" in both events`, () => {
    expect(interpretRun('PreToolUse', guard, runFacts({ exitCode: 49, stderr: 'HALTED\n' })).reason).toBe('HALTED');
    expect(interpretRun('PreToolUse', guard, runFacts({ exitCode: 49 })).reason).toBe(`halted by hook 'Guard'`);
    expect(interpretRun('PostToolUse', guard, runFacts({ exitCode: 49 })).reason).toBe(`halted by hook 'Guard'`);
  });

  it('O4: a halt does not count as a deny, even with onError deny', () => {
    expect(interpretRun('PreToolUse', strictGuard, runFacts({ exitCode: 49 })).countsAsDeny).toBe(false);
  });
});

describe('interpretRun: anything else (O5)', () => {
  it('O5: exit 1 is an error with the exit code and stderr in the diagnostic', () => {
    expect(
      interpretRun('PreToolUse', guard, runFacts({ exitCode: 1, stdout: '{"decision":"deny"}', stderr: 'boom\n' })),
    ).toEqual(
      noOpinion({
        kind: 'error',
        diagnostic: { level: 'error', hook: 'Guard', message: `hook 'Guard' exited 1: ${notBlocked}; stderr: boom` },
      }),
    );
  });

  it('O5: exit 127 names the missing command', () => {
    const outcome = interpretRun('PreToolUse', guard, runFacts({ exitCode: 127, stderr: 'sh: 1: nope: not found\n' }));
    expect(outcome.diagnostic?.message).toBe(
      `hook 'Guard' exited 127 (command not found): ${notBlocked}; stderr: sh: 1: nope: not found`,
    );
  });

  it('O5: a signal is an error naming the signal, even if stdout says allow', () => {
    const outcome = interpretRun(
      'PreToolUse',
      guard,
      runFacts({ exitCode: null, signal: 'SIGKILL', stdout: '{"decision":"allow"}' }),
    );
    expect(outcome.kind).toBe('error');
    expect(outcome.diagnostic?.message).toBe(`hook 'Guard' was killed by signal SIGKILL: ${notBlocked}`);
  });

  it('O5: a timeout is an error "timed out after Ns", whatever exit code came with it', () => {
    const hook = outcomeHook('Slow', { timeout: 5 });
    for (const exitCode of [null, 0, 2, 49]) {
      const outcome = interpretRun('PreToolUse', hook, runFacts({ exitCode, signal: 'SIGTERM', timedOut: true }));
      expect(outcome.kind).toBe('error');
      expect(outcome.diagnostic?.message).toBe(`hook 'Slow' timed out after 5s: ${notBlocked}`);
    }
    const fractional = outcomeHook('Quick', { timeout: 0.5 });
    expect(
      interpretRun('PreToolUse', fractional, runFacts({ exitCode: null, timedOut: true })).diagnostic?.message,
    ).toBe(`hook 'Quick' timed out after 0.5s: ${notBlocked}`);
    expect(interpretRun('PreToolUse', guard, runFacts({ exitCode: null, timedOut: true })).diagnostic?.message).toBe(
      `hook 'Guard' timed out: ${notBlocked}`,
    );
  });

  it('O5: a failure to start is an error with the start error', () => {
    const outcome = interpretRun(
      'PostToolUse',
      guard,
      runFacts({ exitCode: null, startError: 'spawn /bin/sh EMFILE' }),
    );
    expect(outcome.kind).toBe('error');
    expect(outcome.diagnostic?.message).toBe(`hook 'Guard' could not start: spawn /bin/sh EMFILE; the call is refused`);
  });

  it('R9: a hook that could not start counts as a deny whatever onError says; its outcome stays error', () => {
    for (const event of ['PreToolUse', 'PostToolUse'] as const) {
      for (const hook of [guard, strictGuard]) {
        const outcome = interpretRun(
          event,
          hook,
          runFacts({ exitCode: null, startError: 'working directory does not exist' }),
        );
        expect(outcome).toMatchObject({
          kind: 'error',
          countsAsDeny: true,
          reason: `hook 'Guard' could not start: working directory does not exist; the call is refused`,
        });
      }
    }
  });

  it('O5: no exit code and no signal is still an error, not a crash', () => {
    expect(interpretRun('PreToolUse', guard, runFacts({ exitCode: null })).diagnostic?.message).toBe(
      `hook 'Guard' ended without an exit code: ${notBlocked}`,
    );
  });

  it(`O5: with onError deny an error counts as a deny, reason "hook '<name>' failed: …"`, () => {
    const timedOut = interpretRun(
      'PreToolUse',
      outcomeHook('Slow', { onError: 'deny', timeout: 5 }),
      runFacts({ exitCode: null, timedOut: true, stderr: 'partial' }),
    );
    expect(timedOut).toEqual({
      hook: 'Slow',
      kind: 'error',
      reason: `hook 'Slow' failed: timed out after 5s`,
      context: null,
      updatedInput: null,
      countsAsDeny: true,
      diagnostic: {
        level: 'error',
        hook: 'Slow',
        message: `hook 'Slow' timed out after 5s: the call is refused ("onError": "deny"); stderr: partial`,
      },
    });
    expect(interpretRun('PreToolUse', strictGuard, runFacts({ exitCode: 1 })).reason).toBe(
      `hook 'Guard' failed: exited with code 1`,
    );
  });

  it('O5: the diagnostic of a failure says what it did to the call: not blocked, refused, output not flagged', () => {
    const facts = runFacts({ exitCode: 1 });
    expect(interpretRun('PreToolUse', outcomeHook('x'), facts).diagnostic?.message).toBe(
      `hook 'x' exited 1: the call was not blocked (exit 2 blocks; "onError": "deny" fails closed)`,
    );
    expect(interpretRun('PreToolUse', outcomeHook('x', { onError: 'deny' }), facts).diagnostic?.message).toBe(
      `hook 'x' exited 1: the call is refused ("onError": "deny")`,
    );
    expect(interpretRun('PostToolUse', outcomeHook('x'), facts).diagnostic?.message).toBe(
      `hook 'x' exited 1: the output was not flagged (exit 2 flags it; "onError": "deny" fails closed)`,
    );
    expect(interpretRun('PostToolUse', outcomeHook('x', { onError: 'deny' }), facts).diagnostic?.message).toBe(
      `hook 'x' exited 1: the output is flagged ("onError": "deny")`,
    );
  });

  it('O2: an invalid decision names the decision that was probably meant (Claude words, capitals)', () => {
    const problemOf = (decision: string): string | undefined =>
      interpretRun('PreToolUse', guard, runFacts({ stdout: JSON.stringify({ decision }) })).diagnostic?.message;
    expect(problemOf('block')).toContain('(got "block"; did you mean "deny"?)');
    expect(problemOf('approve')).toContain('(got "approve"; did you mean "allow"?)');
    expect(problemOf('DENY')).toContain('(got "DENY"; did you mean "deny"?)');
    expect(problemOf('maybe')).toContain('(got "maybe")');
  });

  it('O5: other exit codes near the special ones are errors', () => {
    for (const exitCode of [3, 48, 50, 255, -1]) {
      expect(interpretRun('PreToolUse', guard, runFacts({ exitCode })).kind).toBe('error');
    }
  });
});

describe('interpretRun: ask (K7)', () => {
  it('K7: {"decision": "ask"} is valid Cosh output: outcome ask with its reason, context and updated_input', () => {
    const outcome = interpretRun(
      'PreToolUse',
      guard,
      runFacts({
        stdout:
          '{"decision":"ask","reason":"pushes to main","context":"c","updated_input":{"command":"git push --dry-run"}}',
      }),
    );
    expect(outcome).toEqual(
      noOpinion({
        kind: 'ask',
        reason: 'pushes to main',
        context: 'c',
        updatedInput: { command: 'git push --dry-run' },
      }),
    );
  });

  it('K7: an ask without a reason takes stderr, else the default; it never counts as a deny', () => {
    expect(
      interpretRun('PreToolUse', guard, runFacts({ stdout: '{"decision":"ask"}', stderr: ' sure? \n' })).reason,
    ).toBe('sure?');
    const bare = interpretRun('PreToolUse', strictGuard, runFacts({ stdout: '{"decision":"ask","reason":"  "}' }));
    expect(bare.reason).toBe(`asked by hook 'Guard'`);
    expect(bare.countsAsDeny).toBe(false);
  });

  it('K7, O2: the decision stays case-sensitive: "Ask" is invalid', () => {
    expect(interpretRun('PreToolUse', guard, runFacts({ stdout: '{"decision":"Ask"}' })).diagnostic?.message).toBe(
      `hook 'Guard' printed invalid output: decision must be one of allow, deny, ask, none (got "Ask"; did you mean "ask"?); ${notBlocked}`,
    );
  });

  it('K7, O3, O4: exit 2 and 49 win over an ask printed on stdout', () => {
    expect(interpretRun('PreToolUse', guard, runFacts({ exitCode: 2, stdout: '{"decision":"ask"}' })).kind).toBe(
      'deny',
    );
    expect(interpretRun('PreToolUse', guard, runFacts({ exitCode: 49, stdout: '{"decision":"ask"}' })).kind).toBe(
      'halt',
    );
  });
});

describe('interpretRun: HTTP hooks (H3)', () => {
  it('H3: a 2xx body is the stdout of a hook that exited 0 (O1, O6)', () => {
    expect(interpretRun('PreToolUse', guard, httpRunFacts({ stdout: '{"decision":"allow","context":"ok"}' }))).toEqual(
      noOpinion({ kind: 'allow', context: 'ok' }),
    );
    expect(interpretRun('PreToolUse', guard, httpRunFacts({ httpStatus: 204 }))).toEqual(noOpinion());
    expect(
      interpretRun('PreToolUse', guard, httpRunFacts({ httpStatus: 201, stdout: '{"decision":"deny","reason":"no"}' })),
    ).toMatchObject({
      kind: 'deny',
      reason: 'no',
      countsAsDeny: true,
    });
    expect(interpretRun('PostToolUse', guard, httpRunFacts({ stdout: '{"decision":"deny"}' })).reason).toBe(
      "hook 'Guard' flagged this output",
    );
  });

  it('H3: an invalid 2xx body is invalid (O2), as stdout would be', () => {
    const outcome = interpretRun('PreToolUse', guard, httpRunFacts({ stdout: '{"decision":"block"}' }));
    expect(outcome.kind).toBe('invalid');
    expect(outcome.diagnostic?.message).toBe(
      `hook 'Guard' printed invalid output: decision must be one of allow, deny, ask, none (got "block"; did you mean "deny"?); ${httpNotBlocked}`,
    );
  });

  it('H3: any other status is an error naming it, with the end of the body; no opinion by default', () => {
    const outcome = interpretRun(
      'PreToolUse',
      guard,
      httpRunFacts({ httpStatus: 500, stdout: 'policy service is down\n' }),
    );
    expect(outcome).toEqual(
      noOpinion({
        kind: 'error',
        diagnostic: {
          level: 'error',
          hook: 'Guard',
          message: `hook 'Guard' failed (HTTP status 500): ${httpNotBlocked}; response: policy service is down`,
        },
      }),
    );
    const redirect = interpretRun(
      'PreToolUse',
      guard,
      httpRunFacts({ httpStatus: 302, stdout: '{"decision":"allow"}' }),
    );
    expect(redirect.kind).toBe('error');
    expect(redirect.diagnostic?.message).toBe(
      `hook 'Guard' failed (HTTP status 302): ${httpNotBlocked}; response: {"decision":"allow"}`,
    );
  });

  it('H3 O5: with onError deny a failed HTTP hook counts as a deny; its reason names the status', () => {
    expect(interpretRun('PreToolUse', strictGuard, httpRunFacts({ httpStatus: 503 }))).toMatchObject({
      kind: 'error',
      countsAsDeny: true,
      reason: "hook 'Guard' failed: HTTP status 503",
    });
  });

  it('H3: a connection failure is an error (onError decides), never R9\'s fail-closed "could not start"', () => {
    const facts = httpRunFacts({ httpStatus: null, failure: 'connection refused by 127.0.0.1:9 (ECONNREFUSED)' });
    expect(interpretRun('PreToolUse', guard, facts)).toEqual(
      noOpinion({
        kind: 'error',
        diagnostic: {
          level: 'error',
          hook: 'Guard',
          message: `hook 'Guard' failed (connection refused by 127.0.0.1:9 (ECONNREFUSED)): ${httpNotBlocked}`,
        },
      }),
    );
    expect(interpretRun('PreToolUse', strictGuard, facts)).toMatchObject({
      countsAsDeny: true,
      reason: "hook 'Guard' failed: connection refused by 127.0.0.1:9 (ECONNREFUSED)",
    });
  });

  it('H3: a timeout is an error, even after a 2xx status arrived', () => {
    const outcome = interpretRun(
      'PreToolUse',
      outcomeHook('Guard', { timeout: 5 }),
      httpRunFacts({ httpStatus: 200, timedOut: true, stdout: '{"decision":' }),
    );
    expect(outcome.kind).toBe('error');
    expect(outcome.diagnostic?.message).toBe(`hook 'Guard' timed out after 5s: ${httpNotBlocked}`);
    const flagged = interpretRun('PostToolUse', guard, httpRunFacts({ httpStatus: 500 }));
    expect(flagged.diagnostic?.message).toBe(
      `hook 'Guard' failed (HTTP status 500): the output was not flagged (a 2xx answer that denies flags it; "onError": "deny" fails closed)`,
    );
  });

  it('H3 R8: a body over the cap is an error, not an invalid output', () => {
    const outcome = interpretRun(
      'PreToolUse',
      guard,
      httpRunFacts({ stdout: '{"decision":"allow"}', truncated: true, stdoutTruncated: true }),
    );
    expect(outcome.kind).toBe('error');
    expect(outcome.diagnostic?.message).toBe(`hook 'Guard' failed (response body over 1 MiB): ${httpNotBlocked}`);
  });

  it('H3: a 2xx whose body was cut by the connection is an error, whatever arrived', () => {
    const outcome = interpretRun(
      'PreToolUse',
      guard,
      httpRunFacts({
        stdout: '{"decision":"deny"}',
        failure: 'the connection to h:1 closed after 19 bytes of the response body, before its end',
      }),
    );
    expect(outcome).toMatchObject({ kind: 'error', countsAsDeny: false });
  });
});
