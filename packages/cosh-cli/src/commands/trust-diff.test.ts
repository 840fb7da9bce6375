import { describe, expect, it } from 'vitest';
import { trustDiffLines } from './trust-diff.ts';

describe('trustDiffLines', () => {
  it('S4: a line diff of the file against its trusted copy, with context', () => {
    const trusted = 'a\nb\nc\nd\ne\nf\ng\n';
    const now = 'a\nb\nc\nD\ne\nf\ng\nh\n';
    expect(trustDiffLines('/x/setup.json', trusted, now)).toEqual([
      '--- /x/setup.json (trusted)',
      '+++ /x/setup.json (now)',
      '@@ -1,7 +1,8 @@',
      ' a',
      ' b',
      ' c',
      '-d',
      '+D',
      ' e',
      ' f',
      ' g',
      '+h',
    ]);
  });

  it('S4: a file never trusted is all added, a removed one all removed, an equal one no diff', () => {
    expect(trustDiffLines('/x', null, '{}\n')).toEqual([
      '--- /x (never trusted)',
      '+++ /x (now)',
      '@@ -1,0 +1,1 @@',
      '+{}',
    ]);
    expect(trustDiffLines('/x', '{}\n', null)).toEqual([
      '--- /x (trusted)',
      '+++ /x (removed)',
      '@@ -1,1 +1,0 @@',
      '-{}',
    ]);
    expect(trustDiffLines('/x', '{}', '{}')).toEqual([]);
  });

  it('S4: control characters in the file are shown as escapes', () => {
    expect(trustDiffLines('/x', '', '"\u001b[2J"\n')).toContain('+"\\u001b[2J"');
  });
});
