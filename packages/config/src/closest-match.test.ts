import { describe, expect, it } from 'vitest';
import { editDistance, suggestClosest } from './closest-match.ts';

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('counts a swap of two neighbours as one edit', () => {
    expect(editDistance('PerToolUse', 'PreToolUse')).toBe(1);
  });
});

describe('suggestClosest', () => {
  const events = ['PreToolUse', 'PostToolUse'];
  const fields = ['name', 'command', 'matcher', 'timeout', 'onError', 'enabled'];

  it('C4: suggests the event a misspelling meant', () => {
    expect(suggestClosest('PretoolUse', events)).toBe('PreToolUse');
    expect(suggestClosest('pretooluse', events)).toBe('PreToolUse');
    expect(suggestClosest('PostToolUsе', events)).toBe('PostToolUse');
    expect(suggestClosest('PreToolUses', events)).toBe('PreToolUse');
  });

  it('C5: suggests the field a misspelling or abbreviation meant', () => {
    expect(suggestClosest('cmd', fields)).toBe('command');
    expect(suggestClosest('on_error', fields)).toBe('onError');
    expect(suggestClosest('timeOut', fields)).toBe('timeout');
    expect(suggestClosest('match', fields)).toBe('matcher');
    expect(suggestClosest('enable', fields)).toBe('enabled');
  });

  it('suggests nothing for a word that is not close to any candidate', () => {
    expect(suggestClosest('Stop', events)).toBeUndefined();
    expect(suggestClosest('UserPromptSubmit', events)).toBeUndefined();
    expect(suggestClosest('description', fields)).toBeUndefined();
  });

  it('with parts, a prefix or a part of a name suggests it (tool names); without, it does not', () => {
    const tools = ['bash_run', 'find_grep', 'fs_read', 'fs_write'];
    expect(suggestClosest('bash', tools, { parts: true })).toBe('bash_run');
    expect(suggestClosest('grep', tools, { parts: true })).toBe('find_grep');
    expect(suggestClosest('write', tools, { parts: true })).toBe('fs_write');
    expect(suggestClosest('BASH_RUN', tools, { parts: true })).toBe('bash_run');
    expect(suggestClosest('fs_raed', tools, { parts: true })).toBe('fs_read');
    expect(suggestClosest('fs_wirte', tools, { parts: true })).toBe('fs_write');
    expect(suggestClosest('timout', ['command', 'timeout'], { parts: true })).toBe('timeout');
    for (const word of ['ls', 'python', '', 'x']) expect(suggestClosest(word, tools, { parts: true })).toBeUndefined();
    expect(suggestClosest('grep', tools)).toBeUndefined();
    expect(suggestClosest('enabled', ['hooks', 'hooksEnabled'])).toBeUndefined();
  });

  it('answers at once for a name megabytes long (no quadratic table), still finding a part with parts', () => {
    const huge = 'q'.repeat(8 * 1024 * 1024);
    const startedAt = performance.now();
    expect(suggestClosest(huge, ['bash_run', 'fs_read', 'fs_write', 'find_grep'], { parts: true })).toBeUndefined();
    expect(suggestClosest(`${huge}fs_read`, ['bash_run', 'fs_read'], { parts: true })).toBe('fs_read');
    // A quadratic table over 8 Mi characters would take hours; milliseconds here, seconds on a
    // loaded machine.
    expect(performance.now() - startedAt).toBeLessThan(10_000);
  });

  it('never suggests the word itself', () => {
    expect(suggestClosest('name', ['name'])).toBeUndefined();
  });
});
