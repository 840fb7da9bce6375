import picomatch from 'picomatch';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anywhereGlob, compileRule, type RuleTestFields } from './compile-rule.ts';
import { dedupeKey } from './dedupe-key.ts';

const rule = (fields: Partial<RuleTestFields> & Pick<RuleTestFields, 'operator' | 'values'>) =>
  compileRule({ field: 'command', not: false, ...fields });

describe('D1 rule tests (pure)', () => {
  it('D1: regex is searched anywhere, without flags; a list means any of', () => {
    const test = rule({ operator: 'regex', values: ['rm\\s+-rf', '^sudo '] });
    expect(test({ command: 'echo; rm  -rf /' })).toBe(true);
    expect(test({ command: 'sudo ls' })).toBe(true);
    expect(test({ command: 'RM -RF /' })).toBe(false);
  });

  it('D1: glob matches the whole value with path semantics; a glob without / matches the last part', () => {
    const test = rule({ field: 'path', operator: 'glob', values: ['.env', 'secrets/**'] });
    expect(test({ path: '/app/.env' })).toBe(true);
    expect(test({ path: '.env' })).toBe(true);
    expect(test({ path: '/app/.env.example' })).toBe(false);
    expect(test({ path: 'secrets/a/b.txt' })).toBe(true);
    expect(test({ path: '/x/secrets/a' })).toBe(false);
  });

  it('D1: equals compares exactly, a list means any of, scalars of every JSON type', () => {
    const test = rule({ field: 'mode', operator: 'equals', values: ['main', 1, true, null] });
    expect(test({ mode: 'main' })).toBe(true);
    expect(test({ mode: 1 })).toBe(true);
    expect(test({ mode: '1' })).toBe(false);
    expect(test({ mode: true })).toBe(true);
    expect(test({ mode: null })).toBe(true);
    expect(test({ mode: 'Main' })).toBe(false);
  });

  it('D1: contains is a case-sensitive substring; a non-string value is tested as its JSON text', () => {
    const test = rule({ field: 'edits', operator: 'contains', values: ['--force'] });
    expect(test({ edits: 'git push --force' })).toBe(true);
    expect(test({ edits: [{ new_string: 'a --force b' }] })).toBe(true);
    expect(test({ edits: 'git push --FORCE' })).toBe(false);
  });

  it('D1: numeric segments index arrays; "*" is the whole input as JSON text', () => {
    const nested = rule({ field: 'edits.1.new_string', operator: 'contains', values: ['secret'] });
    expect(nested({ edits: [{ new_string: 'x' }, { new_string: 'my secret' }] })).toBe(true);
    expect(nested({ edits: [{ new_string: 'my secret' }] })).toBe(false);
    const whole = compileRule({ field: '*', operator: 'contains', values: ['"path":"/etc'], not: false });
    expect(whole({ path: '/etc/passwd' })).toBe(true);
  });

  it('D1: a missing field never holds, and with not always holds (a path through a non-object included)', () => {
    for (const subject of [{}, { command: { x: 1 } }, { other: 1 }, null, 'text']) {
      expect(rule({ field: 'command.x.y', operator: 'contains', values: [''] })(subject)).toBe(false);
      expect(rule({ field: 'command.x.y', operator: 'contains', values: [''], not: true })(subject)).toBe(true);
    }
    expect(rule({ field: 'list.x', operator: 'equals', values: [1] })({ list: [1] })).toBe(false);
    expect(rule({ field: 'list.01', operator: 'equals', values: [1] })({ list: [0, 1] })).toBe(false);
  });

  it('D1: not inverts a present field', () => {
    const test = rule({ field: 'path', operator: 'glob', values: ['/work/**'], not: true });
    expect(test({ path: '/etc/hosts' })).toBe(true);
    expect(test({ path: '/work/a' })).toBe(false);
  });

  it('D1/M5: a regex or glob that does not compile (a rule built in code) never holds and never throws', () => {
    expect(rule({ operator: 'regex', values: ['('] })({ command: '(' })).toBe(false);
    expect(rule({ operator: 'glob', values: ['[a'] })({ command: '[a' })).toBe(false);
    expect(rule({ operator: 'regex', values: ['(', 'a'] })({ command: 'a' })).toBe(true);
  });

  it('D1: the glob test agrees with picomatch on generated paths', () => {
    const segment = fc.constantFrom('a', 'b', '.env', 'src', 'x.ts', '.git', 'node_modules');
    const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join('/')}`);
    const glob = fc.constantFrom('.env', '**/*.ts', '/a/**', '*.{ts,js}', 'src/*', '**/.git/**', '[ab]', '?.ts');
    fc.assert(
      fc.property(path, glob, (value, pattern) => {
        const anywhere = pattern.includes('/') ? pattern : `**/${pattern}`;
        const expected = picomatch(anywhere, { strictBrackets: true, dot: true })(value);
        expect(anywhereGlob(pattern)).toBe(anywhere);
        return rule({ field: 'path', operator: 'glob', values: [pattern] })({ path: value }) === expected;
      }),
    );
  });

  it('M4: identical rule texts in files of one folder dedupe; other folders or other rules do not', () => {
    const text = '{"field":"command","contains":"x","decision":"deny"}';
    expect(dedupeKey({ rule: { text }, file: '/a/setup.json' })).toBe(
      dedupeKey({ rule: { text }, file: '/a/other.json' }),
    );
    expect(dedupeKey({ rule: { text }, file: '/a/setup.json' })).not.toBe(
      dedupeKey({ rule: { text }, file: '/b/setup.json' }),
    );
    expect(dedupeKey({ rule: { text: `${text} ` } })).not.toBe(dedupeKey({ rule: { text } }));
    expect(dedupeKey({ rule: { text } })).not.toBeNull();
  });
});
