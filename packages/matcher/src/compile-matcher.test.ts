import { describe, expect, it } from 'vitest';
import { compileMatcher, matcherMatches } from './compile-matcher.ts';

const MATCHERS = [
  'bash_run',
  '^fs_read$',
  '^fs_',
  '_read$',
  '^',
  '$',
  '^$',
  'a$b',
  'fs^read',
  'fs.read',
  'fs_read|bash',
  'tool}',
  'tool]',
  'x{2}',
  '\\d',
  '\\^fs',
  'ß',
  '😀',
  '/bash/',
  'BASH',
];
const TOOL_NAMES = [
  '',
  'bash_run',
  'my_bash_runner',
  'fs_read',
  'fs_read_all',
  'xfs_read',
  'fsXread',
  'fs^read',
  'a$b',
  'tool}',
  'tool]',
  'xx',
  'ß',
  '😀x',
  '/bash/',
  '^fs',
  '7',
];

describe('compileMatcher', () => {
  it('M1: every compiled matcher answers exactly as new RegExp(matcher).test(name) does', () => {
    for (const matcher of MATCHERS) {
      const compilation = compileMatcher(matcher);
      if (!compilation.ok) throw new Error(`${matcher} should compile`);
      const regex = new RegExp(matcher);
      for (const toolName of TOOL_NAMES) {
        expect([matcher, toolName, matcherMatches(compilation.test, toolName)]).toEqual([
          matcher,
          toolName,
          regex.test(toolName),
        ]);
      }
    }
  });

  it('M1: plain literals and simple anchors skip the regex engine', () => {
    expect(compileMatcher('bash_run')).toEqual({ ok: true, test: { kind: 'includes', literal: 'bash_run' } });
    expect(compileMatcher('^fs_read$')).toEqual({ ok: true, test: { kind: 'equals', literal: 'fs_read' } });
    expect(compileMatcher('^fs_')).toEqual({ ok: true, test: { kind: 'startsWith', literal: 'fs_' } });
    expect(compileMatcher('_read$')).toEqual({ ok: true, test: { kind: 'endsWith', literal: '_read' } });
    expect(compileMatcher('fs.read')).toMatchObject({ ok: true, test: { kind: 'regex' } });
  });

  it('M1: absent or empty matches every tool', () => {
    expect(compileMatcher(undefined)).toEqual({ ok: true, test: { kind: 'all' } });
    expect(compileMatcher('')).toEqual({ ok: true, test: { kind: 'all' } });
  });

  it('M2: a matcher that does not compile reports the engine message', () => {
    const star = compileMatcher('*');
    expect(star.ok).toBe(false);
    expect(!star.ok && star.error).toMatch(/Nothing to repeat/);
    expect(compileMatcher('(').ok).toBe(false);
    expect(compileMatcher('[').ok).toBe(false);
  });
});
