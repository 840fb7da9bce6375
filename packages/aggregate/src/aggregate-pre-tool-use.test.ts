import { describe, expect, it } from 'vitest';
import { outcomesFor } from './__fixtures__/outcomes.ts';
import { aggregatePreToolUse } from './aggregate-pre-tool-use.ts';

const pre = outcomesFor('PreToolUse');
const input = { command: 'rm -rf build' };

describe('aggregatePreToolUse', () => {
  it('A4: no hooks: none, no reasons, no context, the original input', () => {
    const verdict = aggregatePreToolUse(input, []);
    expect(verdict).toEqual({
      decision: 'none',
      halt: false,
      reasons: [],
      context: '',
      toolInput: input,
      diagnostics: [],
    });
    expect(verdict.toolInput).toBe(input);
  });

  it('A4: hooks without an opinion, errors and invalid outputs leave it to the permission system', () => {
    const verdict = aggregatePreToolUse(input, [pre.none('quiet'), pre.crash('broken'), pre.invalid('garbled')]);
    expect(verdict.decision).toBe('none');
    expect(verdict.halt).toBe(false);
    expect(verdict.reasons).toEqual([]);
    expect(verdict.diagnostics.map((diagnostic) => [diagnostic.level, diagnostic.hook])).toEqual([
      ['error', 'broken'],
      ['error', 'garbled'],
    ]);
  });

  it('A3: any allow (and no deny) auto-approves', () => {
    expect(aggregatePreToolUse(input, [pre.none('a'), pre.allow('b'), pre.crash('c')]).decision).toBe('allow');
  });

  it('A2: deny wins over allow, whatever the order', () => {
    expect(aggregatePreToolUse(input, [pre.allow('a'), pre.exit2('b', 'no')]).decision).toBe('deny');
    expect(aggregatePreToolUse(input, [pre.exit2('b', 'no'), pre.allow('a')]).decision).toBe('deny');
    expect(aggregatePreToolUse(input, [pre.allow('a'), pre.denyJson('b')]).decision).toBe('deny');
  });

  it('A2: an error or invalid output with onError deny counts as a deny', () => {
    const crashed = aggregatePreToolUse(input, [pre.allow('a'), pre.crash('strict', { onError: 'deny' })]);
    expect(crashed.decision).toBe('deny');
    expect(crashed.reasons).toEqual([`hook 'strict' failed: exited with code 1`]);
    const garbled = aggregatePreToolUse(input, [pre.invalid('strict', { onError: 'deny' }), pre.allow('a')]);
    expect(garbled.decision).toBe('deny');
    expect(garbled.reasons[0]).toMatch(/^hook 'strict' failed: invalid output: decision must be one of/);
  });

  it('A1: any halt halts, whatever else was said; decision comes from the other hooks', () => {
    const withAllow = aggregatePreToolUse(input, [pre.allow('a'), pre.halt('stop', 'HALTED')]);
    expect(withAllow.halt).toBe(true);
    expect(withAllow.decision).toBe('allow');
    const withDeny = aggregatePreToolUse(input, [pre.halt('stop'), pre.exit2('no')]);
    expect(withDeny.halt).toBe(true);
    expect(withDeny.decision).toBe('deny');
    expect(aggregatePreToolUse(input, [pre.halt('stop')]).decision).toBe('none');
  });

  it('A5: reasons are the halts when halted, in config order', () => {
    const verdict = aggregatePreToolUse(input, [
      pre.exit2('d1', 'deny one'),
      pre.halt('h1', 'halt one'),
      pre.halt('h2'),
    ]);
    expect(verdict.reasons).toEqual(['halt one', `halted by hook 'h2'`]);
  });

  it('A5: reasons are the denies when denied, in config order, allows contribute none', () => {
    const verdict = aggregatePreToolUse(input, [
      pre.denyJson('d1', { reason: 'first' }),
      pre.allow('a', { reason: 'ignored' }),
      pre.exit2('d2'),
      pre.exit2('d3', 'third'),
    ]);
    expect(verdict.reasons).toEqual(['first', `blocked by hook 'd2'`, 'third']);
    expect(aggregatePreToolUse(input, [pre.allow('a', { reason: 'why' })]).reasons).toEqual([]);
  });

  it('A6: contexts of valid outputs (allow, deny, none, halt) in config order, joined with \\n', () => {
    const verdict = aggregatePreToolUse(input, [
      pre.allow('a', { context: 'from allow' }),
      pre.invalid('garbled'),
      pre.exit2('d', '', '{"context":"from deny"}'),
      pre.none('n', { context: '' }),
      pre.none('m', { context: 'from none' }),
      pre.halt('h', '', '{"context":"from halt"}'),
      pre.crash('c'),
    ]);
    expect(verdict.context).toBe('from allow\nfrom deny\nfrom none\nfrom halt');
  });

  it('A7: updated_input is merged in config order when the verdict is allow', () => {
    const verdict = aggregatePreToolUse({ command: 'grep x', path: '.' }, [
      pre.allow('color', { updated_input: { command: 'grep --color=never x' } }),
      pre.none('path', { updated_input: { path: '/src' } }),
    ]);
    expect(verdict.decision).toBe('allow');
    expect(verdict.toolInput).toEqual({ command: 'grep --color=never x', path: '/src' });
    expect(verdict.diagnostics).toEqual([]);
  });

  it('A7: updated_input is merged when the verdict is none', () => {
    const verdict = aggregatePreToolUse(input, [pre.none('n', { updated_input: { command: 'rm -ri build' } })]);
    expect(verdict.decision).toBe('none');
    expect(verdict.toolInput).toEqual({ command: 'rm -ri build' });
  });

  it('A7: not applied on deny or halt: the original input comes back', () => {
    const rewrite = pre.allow('rewrite', { updated_input: { command: 'true' } });
    const denied = aggregatePreToolUse(input, [rewrite, pre.exit2('no')]);
    expect(denied.toolInput).toBe(input);
    const halted = aggregatePreToolUse(input, [rewrite, pre.halt('stop')]);
    expect(halted.toolInput).toBe(input);
  });

  it('A7: exit 2, exit 49 and invalid outputs never contribute updated_input', () => {
    const verdict = aggregatePreToolUse(input, [
      pre.invalid('garbled'),
      pre.none('n', { updated_input: { extra: 1 } }),
    ]);
    expect(verdict.toolInput).toEqual({ command: 'rm -rf build', extra: 1 });
  });

  it('A7: two hooks setting one key to different values give a warning naming both and the key', () => {
    const verdict = aggregatePreToolUse(input, [
      pre.allow('first', { updated_input: { command: 'ls' } }),
      pre.allow('second', { updated_input: { command: 'pwd' } }),
      pre.allow('third', { updated_input: { command: 'pwd' } }),
    ]);
    expect(verdict.toolInput).toEqual({ command: 'pwd' });
    expect(verdict.diagnostics).toEqual([
      {
        level: 'warning',
        hook: 'second',
        message: `hooks 'first' and 'second' set updated_input key "command" to different values; 'second' wins (later in config order)`,
      },
    ]);
  });

  it('A7: a __proto__ key in updated_input stays an own key and pollutes nothing', () => {
    const verdict = aggregatePreToolUse(input, [
      pre.none('evil', { updated_input: JSON.parse('{"__proto__":{"isAdmin":true}}') as Record<string, unknown> }),
    ]);
    expect(Object.hasOwn(verdict.toolInput, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(verdict.toolInput)).toBe(Object.prototype);
    expect((verdict.toolInput as Record<string, unknown>)['isAdmin']).toBeUndefined();
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
  });

  it('A2/A5: a deny outcome without a reason still denies, with the default reason', () => {
    const verdict = aggregatePreToolUse(input, [
      {
        hook: 'manual',
        kind: 'deny',
        reason: null,
        context: null,
        updatedInput: null,
        countsAsDeny: true,
        diagnostic: null,
      },
    ]);
    expect(verdict.decision).toBe('deny');
    expect(verdict.reasons).toEqual([`blocked by hook 'manual'`]);
  });

  it('M3: results follow the order given (config order), not any other', () => {
    const first = aggregatePreToolUse(input, [pre.exit2('a', 'A'), pre.exit2('b', 'B')]);
    const second = aggregatePreToolUse(input, [pre.exit2('b', 'B'), pre.exit2('a', 'A')]);
    expect(first.reasons).toEqual(['A', 'B']);
    expect(second.reasons).toEqual(['B', 'A']);
  });
});

describe('aggregatePreToolUse: ask (K7)', () => {
  it('K7: precedence halt > deny > ask > allow > none, whatever the order', () => {
    const ask = pre.ask('asker', { reason: 'confirm this' });
    expect(aggregatePreToolUse(input, [pre.allow('a'), ask]).decision).toBe('ask');
    expect(aggregatePreToolUse(input, [ask, pre.allow('a')]).decision).toBe('ask');
    expect(aggregatePreToolUse(input, [ask, pre.none('n')]).decision).toBe('ask');
    expect(aggregatePreToolUse(input, [ask, pre.exit2('d', 'no')]).decision).toBe('deny');
    expect(aggregatePreToolUse(input, [pre.denyJson('d'), ask]).decision).toBe('deny');
    expect(aggregatePreToolUse(input, [pre.crash('strict', { onError: 'deny' }), ask]).decision).toBe('deny');
    const halted = aggregatePreToolUse(input, [ask, pre.halt('stop', 'stopped')]);
    expect([halted.halt, halted.decision, halted.reasons]).toEqual([true, 'ask', ['stopped']]);
  });

  it("K7: with ask, reasons are the asks' reasons in config order; allows add none", () => {
    const verdict = aggregatePreToolUse(input, [
      pre.ask('first', { reason: 'pushes to main' }),
      pre.allow('ok', { reason: 'ignored' }),
      pre.ask('second'),
    ]);
    expect(verdict.decision).toBe('ask');
    expect(verdict.reasons).toEqual(['pushes to main', `asked by hook 'second'`]);
  });

  it("K7: a deny keeps only the denies' reasons, not the asks'", () => {
    const verdict = aggregatePreToolUse(input, [pre.ask('asker', { reason: 'confirm' }), pre.exit2('d', 'no')]);
    expect(verdict.reasons).toEqual(['no']);
  });

  it("K7, A7: an asked call may still run, so updated_input merges in config order, the asker's included", () => {
    const verdict = aggregatePreToolUse({ command: 'git push', cwd: '/repo' }, [
      pre.allow('a', { updated_input: { command: 'git push --dry-run' } }),
      pre.ask('b', { updated_input: { command: 'git push --dry-run --verbose' } }),
      pre.none('c', { updated_input: { extra: 1 } }),
    ]);
    expect(verdict.decision).toBe('ask');
    expect(verdict.toolInput).toEqual({ command: 'git push --dry-run --verbose', cwd: '/repo', extra: 1 });
    expect(verdict.diagnostics.map((diagnostic) => diagnostic.level)).toEqual(['warning']);
  });

  it('K7, A7: a denied call keeps its input even if an asker rewrote it', () => {
    const original = { command: 'rm -rf /' };
    const verdict = aggregatePreToolUse(original, [pre.ask('b', { updated_input: { command: 'ls' } }), pre.exit2('d')]);
    expect(verdict.toolInput).toBe(original);
  });

  it("K7, A6: an asker's context counts like any valid output's", () => {
    expect(aggregatePreToolUse(input, [pre.ask('b', { context: 'asked because' })]).context).toBe('asked because');
  });
});
