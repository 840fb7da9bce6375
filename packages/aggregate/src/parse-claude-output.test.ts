import { describe, expect, it } from 'vitest';
import { parseClaudeOutput } from './parse-claude-output.ts';

function problemOf(stdout: string): string {
  const parsed = parseClaudeOutput(stdout);
  if (parsed.kind !== 'invalid') throw new Error(`expected invalid, got ${parsed.kind}`);
  return parsed.problem;
}

function outputOf(stdout: string) {
  const parsed = parseClaudeOutput(stdout);
  if (parsed.kind !== 'valid') throw new Error(`expected valid, got ${JSON.stringify(parsed)}`);
  return parsed.output;
}

const specific = (fields: Record<string, unknown>) =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } });

describe('parseClaudeOutput', () => {
  it('K5: blank and plain text are no answer, not invalid', () => {
    for (const stdout of [
      '',
      ' \n',
      'Checking the command…\n',
      'OK',
      '[1,2]',
      '"text"',
      'log line\n{"decision":"block"}',
    ]) {
      expect(parseClaudeOutput(stdout)).toEqual({ kind: 'plain' });
    }
  });

  it('K5: an empty object is a valid output with no opinion', () => {
    expect(outputOf('{}')).toEqual({
      stop: null,
      decision: 'none',
      reason: null,
      context: null,
      updatedInput: null,
      systemMessage: null,
    });
  });

  it('K5: permissionDecision allow|deny|ask|defer reads as allow, deny, ask, none', () => {
    const table = [
      ['allow', 'allow'],
      ['deny', 'deny'],
      ['ask', 'ask'],
      ['defer', 'none'],
    ] as const;
    for (const [permissionDecision, decision] of table) {
      expect(outputOf(specific({ permissionDecision, permissionDecisionReason: 'why' }))).toMatchObject({
        decision,
        reason: 'why',
      });
    }
  });

  it('K5: the deprecated decision approve|block reads as allow, deny, with reason', () => {
    expect(outputOf('{"decision":"approve","reason":"fine"}')).toMatchObject({ decision: 'allow', reason: 'fine' });
    expect(outputOf('{"decision":"block","reason":"no"}')).toMatchObject({ decision: 'deny', reason: 'no' });
  });

  it('K5: decision and reason are read only when there is no permissionDecision', () => {
    const both = JSON.stringify({
      decision: 'block',
      reason: 'old style',
      hookSpecificOutput: { permissionDecision: 'allow', permissionDecisionReason: 'new style' },
    });
    expect(outputOf(both)).toMatchObject({ decision: 'allow', reason: 'new style' });
    const deferred = JSON.stringify({
      decision: 'block',
      reason: 'old',
      hookSpecificOutput: { permissionDecision: 'defer' },
    });
    expect(outputOf(deferred)).toMatchObject({ decision: 'none', reason: null });
    // A reason without a decision is nobody's reason.
    expect(outputOf('{"reason":"stray"}')).toMatchObject({ decision: 'none', reason: null });
  });

  it('K5: updatedInput, additionalContext and systemMessage are read; blank strings count as absent', () => {
    const output = outputOf(
      JSON.stringify({
        systemMessage: 'formatted 3 files',
        hookSpecificOutput: { updatedInput: { command: 'ls -la' }, additionalContext: 'ctx' },
      }),
    );
    expect(output).toMatchObject({
      updatedInput: { command: 'ls -la' },
      context: 'ctx',
      systemMessage: 'formatted 3 files',
    });
    expect(outputOf('{"systemMessage":"  ","hookSpecificOutput":{"additionalContext":"\\n"}}')).toMatchObject({
      context: null,
      systemMessage: null,
    });
  });

  it('K5: continue false stops, with stopReason; continue true does not', () => {
    expect(outputOf('{"continue":false,"stopReason":"build broken"}').stop).toEqual({ reason: 'build broken' });
    expect(outputOf('{"continue":false}').stop).toEqual({ reason: null });
    expect(outputOf('{"continue":true,"stopReason":"x"}').stop).toBeNull();
  });

  it('K5: unknown keys are ignored, at the top and in hookSpecificOutput', () => {
    const output = outputOf(
      JSON.stringify({
        extra: [1],
        hookSpecificOutput: { permissionDecision: 'deny', updatedMCPToolOutput: 'x', other: {} },
      }),
    );
    expect(output.decision).toBe('deny');
  });

  it('K5, O2: a wrong type or value of any known field is invalid, every problem named by its path', () => {
    const table: [string, string][] = [
      ['{"continue":"no"}', 'continue must be a boolean (got "no")'],
      ['{"stopReason":1}', 'stopReason must be a string (got 1)'],
      ['{"systemMessage":null}', 'systemMessage must be a string (got null)'],
      ['{"reason":{}}', 'reason must be a string (got an object)'],
      ['{"suppressOutput":"yes"}', 'suppressOutput must be a boolean (got "yes")'],
      ['{"decision":"ask"}', 'decision must be one of approve, block (got "ask")'],
      ['{"decision":"deny"}', 'decision must be one of approve, block (got "deny")'],
      ['{"decision":"Block"}', 'decision must be one of approve, block (got "Block")'],
      ['{"hookSpecificOutput":[]}', 'hookSpecificOutput must be an object (got an array)'],
      ['{"hookSpecificOutput":"deny"}', 'hookSpecificOutput must be an object (got "deny")'],
      [specific({ hookEventName: 5 }), 'hookSpecificOutput.hookEventName must be a string (got 5)'],
      [
        specific({ permissionDecision: 'block' }),
        'hookSpecificOutput.permissionDecision must be one of allow, deny, ask, defer (got "block")',
      ],
      [
        specific({ permissionDecision: 'Allow' }),
        'hookSpecificOutput.permissionDecision must be one of allow, deny, ask, defer (got "Allow")',
      ],
      [
        specific({ permissionDecisionReason: false }),
        'hookSpecificOutput.permissionDecisionReason must be a string (got false)',
      ],
      [specific({ updatedInput: 'ls' }), 'hookSpecificOutput.updatedInput must be an object (got "ls")'],
      [specific({ updatedInput: [] }), 'hookSpecificOutput.updatedInput must be an object (got an array)'],
      [specific({ additionalContext: ['a'] }), 'hookSpecificOutput.additionalContext must be a string (got an array)'],
    ];
    for (const [stdout, problem] of table) expect([stdout, problemOf(stdout)]).toEqual([stdout, problem]);
    expect(problemOf('{"continue":0,"decision":"ask"}')).toBe(
      'continue must be a boolean (got 0); decision must be one of approve, block (got "ask")',
    );
  });

  it('K5: text that is not JSON is plain even when it starts with { (broken, or followed by text)', () => {
    for (const stdout of ['{"decision":"block"} trailing', '{"decision": ', '  {not json', '{"broken'])
      expect(parseClaudeOutput(stdout)).toEqual({ kind: 'plain' });
  });

  it('K5: an invalid object still says whether it stopped the turn', () => {
    expect(parseClaudeOutput('{"continue":false,"stopReason":"stop","decision":"ask"}')).toEqual({
      kind: 'invalid',
      problem: 'decision must be one of approve, block (got "ask")',
      stop: { reason: 'stop' },
    });
    expect(parseClaudeOutput('{"continue":false,"stopReason":7}')).toMatchObject({
      kind: 'invalid',
      stop: { reason: null },
    });
  });

  it('K5, A7: updatedInput keeps an own __proto__ key as data; nesting past the limit is invalid', () => {
    const output = outputOf('{"hookSpecificOutput":{"updatedInput":{"__proto__":{"polluted":true},"command":"ls"}}}');
    expect(Object.hasOwn(output.updatedInput ?? {}, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(output.updatedInput)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const deep = `${'{"a":'.repeat(600)}1${'}'.repeat(600)}`;
    expect(problemOf(`{"hookSpecificOutput":{"updatedInput":${deep}}}`)).toBe(
      'hookSpecificOutput.updatedInput nests more than 512 levels deep: the input it makes could not be sent as JSON',
    );
  });

  it('K5: a 100,000-deep value is invalid, never an exception', () => {
    const deep = `{"hookSpecificOutput":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(parseClaudeOutput(deep).kind).toBe('invalid');
  });
});
