import { describe, expect, it } from 'vitest';
import { outcomesFor } from './__fixtures__/outcomes.ts';
import { aggregateSessionEvent } from './aggregate-session-event.ts';

describe('aggregateSessionEvent (E1–E4)', () => {
  it('E1: a deny blocks the prompt with its reasons; contexts of every valid output are kept', () => {
    const o = outcomesFor('UserPromptSubmit');
    const verdict = aggregateSessionEvent('UserPromptSubmit', [
      o.none('a', { context: 'team rules' }),
      o.exit2('b', 'no secrets in prompts'),
    ]);
    expect(verdict).toMatchObject({
      decision: 'deny',
      halt: false,
      reasons: ['no secrets in prompts'],
      context: 'team rules',
    });
  });

  it('E1: the default deny reason names the hook; a halt ends the turn; updated_input is a warning', () => {
    const o = outcomesFor('UserPromptSubmit');
    expect(aggregateSessionEvent('UserPromptSubmit', [o.exit2('g')]).reasons).toEqual(["blocked by hook 'g'"]);
    expect(aggregateSessionEvent('UserPromptSubmit', [o.halt('h', 'stop now')])).toMatchObject({
      halt: true,
      reasons: ['stop now'],
    });
    const rewritten = aggregateSessionEvent('UserPromptSubmit', [o.allow('r', { updated_input: { prompt: 'x' } })]);
    expect(rewritten.decision).toBe('allow');
    expect(rewritten.diagnostics).toEqual([
      { level: 'warning', hook: 'r', message: 'UserPromptSubmit: updated_input is not honoured' },
    ]);
  });

  it('E2: SessionStart keeps only context; deny and halt become warnings', () => {
    const o = outcomesFor('SessionStart');
    const verdict = aggregateSessionEvent('SessionStart', [
      o.none('ctx', { context: 'repo is frozen' }),
      o.exit2('d', 'nope'),
      o.halt('h', 'halt'),
    ]);
    expect(verdict).toMatchObject({ decision: 'none', halt: false, reasons: [], context: 'repo is frozen' });
    expect(verdict.diagnostics.map((diagnostic) => diagnostic.level)).toEqual(['warning', 'warning']);
    expect(verdict.diagnostics.map((diagnostic) => diagnostic.message).join('\n')).toMatch(
      /halt is not enforced[\s\S]*deny is not enforced here \(nope\)/,
    );
  });

  it('E3: a Stop deny is "not yet" with its reasons, not honoured (a warning) while stop_hook_active', () => {
    const o = outcomesFor('Stop');
    expect(aggregateSessionEvent('Stop', [o.exit2('tests', 'run the tests first')])).toMatchObject({
      decision: 'deny',
      reasons: ['run the tests first'],
    });
    const again = aggregateSessionEvent('Stop', [o.exit2('tests', 'run the tests first')], { stopHookActive: true });
    expect(again).toMatchObject({ decision: 'none', reasons: [] });
    expect(again.diagnostics[0]?.message).toContain('stop_hook_active');
  });

  it('E4: SessionEnd enforces nothing', () => {
    const o = outcomesFor('SessionEnd');
    const verdict = aggregateSessionEvent('SessionEnd', [o.exit2('d'), o.none('c', { context: 'x' })]);
    expect(verdict).toMatchObject({ decision: 'none', halt: false, reasons: [], context: '' });
  });

  it('E1: an ask is no opinion here, with a warning; nothing at all is decision none', () => {
    const o = outcomesFor('UserPromptSubmit');
    const asked = aggregateSessionEvent('UserPromptSubmit', [o.ask('a')]);
    expect(asked.decision).toBe('none');
    expect(asked.diagnostics).toHaveLength(1);
    expect(aggregateSessionEvent('UserPromptSubmit', [])).toEqual({
      decision: 'none',
      halt: false,
      reasons: [],
      context: '',
      diagnostics: [],
    });
  });
});
