import { describe, expect, it } from 'vitest';
import { compileHooks } from './compile-hooks.ts';
import { selectHooks } from './select-hooks.ts';

interface TestHook {
  readonly name: string;
  readonly command: string;
  readonly matcher?: string | undefined;
}

describe('compileHooks', () => {
  it('M2: a matcher that does not compile is listed with the regex error and never throws', () => {
    const hooks: TestHook[] = [
      { name: 'star', command: 'a', matcher: '*_run' },
      { name: 'ok', command: 'b', matcher: 'bash' },
      { name: 'paren', command: 'c', matcher: '(' },
      { name: 'star again', command: 'd', matcher: '**' },
      { name: 'every tool', command: 'e', matcher: '*' },
    ];
    const compiled = compileHooks(hooks);
    expect(compiled.invalidMatchers.map((invalid) => [invalid.hook.name, invalid.index, invalid.matcher])).toEqual([
      ['star', 0, '*_run'],
      ['paren', 2, '('],
      ['star again', 3, '**'],
    ]);
    expect(compiled.invalidMatchers[0]?.error).toMatch(/Nothing to repeat/);
    expect(compiled.invalidMatchers[1]?.error).toMatch(/Unterminated group/);
  });

  it('M5: later changes to the given array do not change the compiled hooks', () => {
    const hooks: TestHook[] = [{ name: 'one', command: 'a', matcher: 'bash' }];
    const compiled = compileHooks(hooks);
    hooks.push({ name: 'two', command: 'b' });
    expect(compiled.hooks.map((hook) => hook.name)).toEqual(['one']);
    expect(selectHooks(compiled, 'bash_run').map((selection) => selection.hook.name)).toEqual(['one']);
  });

  it('M5: every matcher is compiled during compileHooks, not during selectHooks', () => {
    const OriginalRegExp = globalThis.RegExp;
    let constructions = 0;
    // Count constructions through a subclass installed only for the duration of this test.
    class CountingRegExp extends OriginalRegExp {
      constructor(pattern: string | RegExp, flags?: string) {
        super(pattern, flags);
        constructions += 1;
      }
    }
    globalThis.RegExp = CountingRegExp as RegExpConstructor;
    try {
      const compiled = compileHooks([
        { command: 'a', matcher: 'bash|zsh' },
        { command: 'b', matcher: '^fs_(read|write)$' },
        { command: 'c', matcher: 'bash|zsh' },
        { command: 'd' },
        { command: 'e', matcher: 'plain_literal' },
      ]);
      // Two distinct regexes, each compiled once; no matcher and a plain name are no regex.
      expect(constructions).toBe(2);
      for (const name of ['bash_run', 'fs_read', 'other', 'zsh', 'x'.repeat(10), 'plain_literal']) {
        selectHooks(compiled, name);
      }
      expect(constructions).toBe(2);
    } finally {
      globalThis.RegExp = OriginalRegExp;
    }
  });
});
