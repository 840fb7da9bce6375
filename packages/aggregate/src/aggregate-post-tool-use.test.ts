import { describe, expect, it } from 'vitest';
import { outcomesFor } from './__fixtures__/outcomes.ts';
import { aggregatePostToolUse } from './aggregate-post-tool-use.ts';

const post = outcomesFor('PostToolUse');

describe('aggregatePostToolUse', () => {
  it('P2: no hooks and no PreToolUse context: the output enters history unchanged', () => {
    for (const toolOutput of ['', 'plain', 'ends\n', 'crlf\r\n']) {
      const verdict = aggregatePostToolUse({ toolOutput }, []);
      expect(verdict).toEqual({ decision: 'none', halt: false, reasons: [], context: '', toolOutput, diagnostics: [] });
      expect(aggregatePostToolUse({ toolOutput, preToolUseContext: '' }, [post.none('quiet')]).toolOutput).toBe(
        toolOutput,
      );
    }
  });

  it('P2: raw output, PreToolUse context, PostToolUse contexts, then [hook] lines, in config order', () => {
    const verdict = aggregatePostToolUse({ toolOutput: 'file contents', preToolUseContext: 'pre one\npre two' }, [
      post.exit2('flag1', 'secret on line 3'),
      post.none('ctx1', { context: 'post one' }),
      post.crash('strict', { onError: 'deny' }),
      post.denyJson('flag2', { context: 'post two' }),
      post.allow('ctx3', { context: 'post three' }),
    ]);
    expect(verdict.toolOutput).toBe(
      [
        'file contents',
        'pre one',
        'pre two',
        'post one',
        'post two',
        'post three',
        '[hook] secret on line 3',
        `[hook] hook 'strict' failed: exited with code 1`,
        `[hook] hook 'flag2' flagged this output`,
      ].join('\n'),
    );
    expect(verdict.context).toBe('post one\npost two\npost three');
    expect(verdict.decision).toBe('deny');
    expect(verdict.reasons).toEqual([
      'secret on line 3',
      `hook 'strict' failed: exited with code 1`,
      `hook 'flag2' flagged this output`,
    ]);
  });

  it(`P2: the default PostToolUse deny reason is "hook '<name>' flagged this output"`, () => {
    expect(aggregatePostToolUse({ toolOutput: 'x\n' }, [post.exit2('Flag large reads')]).toolOutput).toBe(
      `x\n[hook] hook 'Flag large reads' flagged this output`,
    );
  });

  it('P2: appended text starts on a new line only when needed', () => {
    expect(aggregatePostToolUse({ toolOutput: '' }, [post.none('c', { context: 'ctx' })]).toolOutput).toBe('ctx');
    expect(aggregatePostToolUse({ toolOutput: 'out\n' }, [post.none('c', { context: 'ctx' })]).toolOutput).toBe(
      'out\nctx',
    );
    expect(aggregatePostToolUse({ toolOutput: 'out' }, [post.none('c', { context: 'ctx' })]).toolOutput).toBe(
      'out\nctx',
    );
    expect(aggregatePostToolUse({ toolOutput: 'out', preToolUseContext: 'pre' }, []).toolOutput).toBe('out\npre');
  });

  it('P3: allow, none and errors change nothing after the call', () => {
    const verdict = aggregatePostToolUse({ toolOutput: 'out' }, [post.allow('a'), post.none('n'), post.crash('c')]);
    expect(verdict.toolOutput).toBe('out');
    expect(verdict.decision).toBe('allow');
    expect(verdict.halt).toBe(false);
    expect(verdict.reasons).toEqual([]);
  });

  it('P3: updated_input changes nothing and gives a warning naming the hook', () => {
    const verdict = aggregatePostToolUse({ toolOutput: 'out' }, [
      post.allow('rewriter', { updated_input: { command: 'ls' } }),
    ]);
    expect(verdict.toolOutput).toBe('out');
    expect(verdict.diagnostics).toEqual([
      {
        level: 'warning',
        hook: 'rewriter',
        message: `hook 'rewriter' returned updated_input in PostToolUse; it is ignored because the tool already ran`,
      },
    ]);
  });

  it("P3: the ignored-updated_input warnings come after the outcomes' errors, as in PreToolUse", () => {
    const verdict = aggregatePostToolUse({ toolOutput: 'out' }, [
      post.none('rewriter', { updated_input: { command: 'ls' } }),
      post.crash('broken'),
    ]);
    expect(verdict.diagnostics.map((diagnostic) => [diagnostic.level, diagnostic.hook])).toEqual([
      ['error', 'broken'],
      ['warning', 'rewriter'],
    ]);
  });

  it('P4: any halt halts; the composed output still carries contexts and [hook] lines', () => {
    const verdict = aggregatePostToolUse({ toolOutput: 'out', preToolUseContext: 'pre' }, [
      post.halt('stop', 'quota exceeded', '{"context":"halt ctx"}'),
      post.exit2('flag', 'suspicious'),
    ]);
    expect(verdict.halt).toBe(true);
    expect(verdict.reasons).toEqual(['quota exceeded']);
    expect(verdict.decision).toBe('deny');
    expect(verdict.toolOutput).toBe('out\npre\nhalt ctx\n[hook] suspicious');
  });

  it('P4: a halt on its own appends nothing but its context', () => {
    const verdict = aggregatePostToolUse({ toolOutput: 'out' }, [post.halt('stop')]);
    expect(verdict.halt).toBe(true);
    expect(verdict.reasons).toEqual([`halted by hook 'stop'`]);
    expect(verdict.toolOutput).toBe('out');
  });

  it('O2: invalid outputs and errors are diagnostics in config order; their context is not appended', () => {
    const verdict = aggregatePostToolUse({ toolOutput: 'out' }, [post.invalid('garbled'), post.crash('broken')]);
    expect(verdict.toolOutput).toBe('out');
    expect(verdict.diagnostics.map((diagnostic) => [diagnostic.level, diagnostic.hook])).toEqual([
      ['error', 'garbled'],
      ['error', 'broken'],
    ]);
  });
});

describe('aggregatePostToolUse: ask (K7, P3)', () => {
  it('K7, P3: an ask after the call changes nothing but is reported, with a warning', () => {
    const verdict = aggregatePostToolUse({ toolOutput: 'out' }, [
      post.ask('late', { reason: 'too late', context: 'ctx' }),
    ]);
    expect(verdict.decision).toBe('ask');
    expect(verdict.reasons).toEqual(['too late']);
    expect(verdict.toolOutput).toBe('out\nctx');
    expect(verdict.diagnostics).toEqual([
      {
        level: 'warning',
        hook: 'late',
        message: `hook 'late' asked for confirmation in PostToolUse; it is ignored because the tool already ran`,
      },
    ]);
  });

  it('K7, P2: a PostToolUse deny still gives its [hook] line beside an ask', () => {
    const verdict = aggregatePostToolUse({ toolOutput: 'out' }, [post.ask('late'), post.exit2('flag', 'secret')]);
    expect(verdict.decision).toBe('deny');
    expect(verdict.toolOutput).toBe('out\n[hook] secret');
  });
});
