import { describe, expect, it } from 'vitest';
import { aggregatePostToolUse } from './aggregate-post-tool-use.ts';
import { aggregatePreToolUse } from './aggregate-pre-tool-use.ts';
import { interpretRun } from './interpret-runs.ts';
import { ruleOutcome } from './rule-outcome.ts';

const hook = { name: 'guard', onError: 'ignore' as const };
const answer = (
  decision: 'deny' | 'allow' | 'ask' | 'halt' | 'context',
  reason: string | null = null,
  context: string | null = null,
) => ({
  decision,
  reason,
  context,
});

describe('D1 rule outcomes (as a command hook answering the same)', () => {
  it('D1: a test that did not hold is no opinion', () => {
    expect(ruleOutcome('PreToolUse', hook, null)).toMatchObject({
      kind: 'none',
      reason: null,
      context: null,
      countsAsDeny: false,
    });
  });

  it('D1/O6: deny with the rule reason, or the default reason of the event (O3, P2)', () => {
    expect(ruleOutcome('PreToolUse', hook, answer('deny', 'no rm'))).toMatchObject({
      kind: 'deny',
      reason: 'no rm',
      countsAsDeny: true,
    });
    expect(ruleOutcome('PreToolUse', hook, answer('deny', '  '))).toMatchObject({ reason: "blocked by hook 'guard'" });
    expect(ruleOutcome('PostToolUse', hook, answer('deny')).reason).toBe("hook 'guard' flagged this output");
  });

  it('D1/O4: halt, K7: ask, O1: allow, each with its context', () => {
    expect(ruleOutcome('PreToolUse', hook, answer('halt', null, 'c'))).toMatchObject({
      kind: 'halt',
      reason: "halted by hook 'guard'",
      context: 'c',
    });
    expect(ruleOutcome('PreToolUse', hook, answer('ask', 'sure?'))).toMatchObject({ kind: 'ask', reason: 'sure?' });
    expect(ruleOutcome('PreToolUse', hook, answer('ask')).reason).toBe("asked by hook 'guard'");
    expect(ruleOutcome('PreToolUse', hook, answer('allow', 'ignored', 'ok'))).toMatchObject({
      kind: 'allow',
      reason: null,
      context: 'ok',
    });
  });

  it('D1: context is decision none with the context, which the verdict appends (A6, P2)', () => {
    const outcome = ruleOutcome('PreToolUse', hook, answer('context', null, 'remember the tests'));
    expect(outcome).toMatchObject({ kind: 'none', context: 'remember the tests', countsAsDeny: false });
    const verdict = aggregatePreToolUse({ command: 'ls' }, [outcome]);
    expect(verdict).toMatchObject({ decision: 'none', context: 'remember the tests' });
    const post = aggregatePostToolUse({ toolOutput: 'out' }, [
      ruleOutcome('PostToolUse', hook, answer('context', null, 'note')),
    ]);
    expect(post.toolOutput).toBe('out\nnote');
  });

  it('D1: interpretRun reads a rule run by its answer, not its (empty) exit fields', () => {
    const facts = {
      exitCode: null,
      signal: null,
      stdout: '',
      stderr: '',
      timedOut: false,
      truncated: false,
      startError: null,
    };
    expect(interpretRun('PreToolUse', hook, { ...facts, ruleAnswer: answer('deny', 'x') })).toMatchObject({
      kind: 'deny',
      reason: 'x',
    });
    expect(interpretRun('PreToolUse', hook, { ...facts, ruleAnswer: null })).toMatchObject({ kind: 'none' });
  });
});
