import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance } from './closest-match.ts';
import { nearMissPattern } from './near-miss-pattern.ts';

/** The rule `validateConfig` applies to a top-level key (SPEC C5). */
function isNearMiss(key: string, word: string): boolean {
  return key.toLowerCase() === word.toLowerCase() || editDistance(key, word) <= 2;
}

describe('nearMissPattern', () => {
  it('C5: matches the near misses the spec names and not unrelated keys', () => {
    const hooks = new RegExp(nearMissPattern('hooks'), 'u');
    const hooksEnabled = new RegExp(nearMissPattern('hooksEnabled'), 'u');
    for (const key of ['hooks', 'hook', 'Hooks', 'HOOKS', 'hoks', 'hokos', 'hooksx', 'h00ks']) {
      expect(hooks.test(key), key).toBe(true);
    }
    for (const key of ['hooksEnabled', 'hooksEnable', 'HooksEnabled', 'hookEnabled', 'hooksenabled']) {
      expect(hooksEnabled.test(key), key).toBe(true);
    }
    for (const key of ['editor', 'hooksEnabled', 'allowManagedHooksOnly', 'x-hooks-y', '']) {
      expect(hooks.test(key), key).toBe(false);
    }
  });

  it('C5: agrees with the validator on strings a few random edits away', () => {
    const words = ['hooks', 'hooksEnabled', 'sandbox'] as const;
    const patterns = new Map(words.map((word) => [word, new RegExp(nearMissPattern(word), 'u')]));
    const edit = fc.tuple(fc.nat(3), fc.nat(20), fc.constantFrom(...'hoksEnabldxHO_.'));
    fc.assert(
      fc.property(fc.constantFrom(...words), fc.array(edit, { maxLength: 4 }), (word, edits) => {
        const letters = [...word];
        for (const [operation, at, letter] of edits) {
          const position = at % (letters.length + 1);
          if (operation === 0) letters.splice(position, 0, letter);
          else if (operation === 1) letters.splice(position, 1);
          else if (operation === 2) letters.splice(position, 1, letter);
          else if (position + 1 < letters.length) {
            [letters[position], letters[position + 1]] = [letters[position + 1] as string, letters[position] as string];
          }
        }
        const key = letters.join('');
        expect(patterns.get(word)?.test(key), key).toBe(isNearMiss(key, word));
      }),
      { numRuns: 3000 },
    );
  });
});
