import { describe, expect, it } from 'vitest';
import { compileMatcher, everyTool } from './compile-matcher.ts';

const MATCHERS = [
  'bash_run',
  '^fs_read$',
  '^fs_',
  '_read$',
  'fs-read',
  '^fs-read$',
  '-',
  '_',
  'run$',
  '^7$',
  'fs_read$$',
  '^^fs',
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
  'fs_read\n',
  'fs-read',
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
        expect([matcher, toolName, compilation.test(toolName)]).toEqual([matcher, toolName, regex.test(toolName)]);
      }
    }
  });

  it('M1: absent or empty matches every tool', () => {
    expect(compileMatcher(undefined)).toEqual({ ok: true, test: everyTool });
    expect(compileMatcher('')).toEqual({ ok: true, test: everyTool });
    expect(everyTool('')).toBe(true);
  });

  it('M2: "*" alone matches every tool, an empty name included; other stars stay regexes', () => {
    expect(compileMatcher('*')).toEqual({ ok: true, test: everyTool });
    expect(compileMatcher('*?').ok).toBe(false);
    expect(compileMatcher('**').ok).toBe(false);
    const star = compileMatcher('bash_run*');
    expect(star.ok && star.test('bash_ru')).toBe(true);
  });

  it('M2: a matcher that does not compile reports the engine message', () => {
    const star = compileMatcher('*_run');
    expect(star.ok).toBe(false);
    expect(!star.ok && star.error).toMatch(/Nothing to repeat/);
    expect(compileMatcher('(').ok).toBe(false);
    expect(compileMatcher('[').ok).toBe(false);
  });
});
