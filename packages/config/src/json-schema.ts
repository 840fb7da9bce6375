import * as z from 'zod/mini';
import { hookEntryShape, setupFileSchema } from './setup-schema.ts';

/**
 * The JSON Schema of setup.json (draft 2020-12), generated from the zod schema the loader
 * validates with, so the two cannot drift apart (SPEC C9). Shipped as
 * `@cosh/config/schema.json`.
 */
export function createSetupJsonSchema(): Record<string, unknown> {
  // `output` mode keeps objects built with z.object closed (additionalProperties: false) and
  // the looseObject root open; optional fields stay optional since no `.default()` is used.
  return z.toJSONSchema(setupFileSchema, {
    io: 'output',
    target: 'draft-2020-12',
    override: ({ zodSchema, jsonSchema }) => {
      // C5: a near miss of `hooks` or `hooksEnabled` is an error. A JSON Schema cannot measure
      // edit distance; it names the misses editors meet most: any case, a letter dropped or two
      // letters swapped.
      if (zodSchema === setupFileSchema) {
        jsonSchema['propertyNames'] = {
          not: {
            anyOf: [
              { enum: nearMissesOf(['hooks', 'hooksEnabled']) },
              { pattern: '^[hH][oO][oO][kK][sS]$' },
              { pattern: '^[hH][oO][oO][kK][sS][eE][nN][aA][bB][lL][eE][dD]$' },
            ],
          },
        };
      }
      // C5: exactly one of command and url, which zod's object shape alone cannot say.
      if (zodSchema === hookEntryShape) {
        jsonSchema['oneOf'] = [
          { required: ['command'], not: { required: ['url'] } },
          { required: ['url'], not: { anyOf: [{ required: ['command'] }] } },
        ];
      }
    },
  });
}

/** Each word with one letter dropped or two neighbours swapped, the word itself left out. */
function nearMissesOf(words: readonly string[]): string[] {
  const misses = new Set<string>();
  for (const word of words) {
    for (let position = 0; position < word.length; position += 1) {
      misses.add(word.slice(0, position) + word.slice(position + 1));
      if (position + 1 < word.length) {
        misses.add(word.slice(0, position) + word[position + 1] + word[position] + word.slice(position + 2));
      }
    }
  }
  for (const word of words) misses.delete(word);
  return [...misses].sort();
}

/** The JSON Schema as the text of the shipped schema.json file. */
export function renderSetupJsonSchema(): string {
  return `${JSON.stringify(createSetupJsonSchema(), null, 2)}\n`;
}
