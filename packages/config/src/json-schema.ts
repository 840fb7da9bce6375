import * as z from 'zod/mini';
import { nearMissPattern } from './near-miss-pattern.ts';
import { EVENTS_ALLOWING_ASYNC, type HookEvent } from './hook-events.ts';
import { RULE_OPERATORS } from './config-types.ts';
import { hookEntryShape, hooksEnabledShape, hooksShape, ruleShape, setupFileSchema } from './setup-schema.ts';
import { COSH_TOP_LEVEL_KEYS } from './validate-config.ts';
import { type ExclusiveField, HOOK_KIND_NAMES, HOOK_KINDS } from '@cosh/spec';

/**
 * The JSON Schema of setup.json (draft 2020-12), generated from the zod schema the loader
 * validates with, so the two cannot drift apart (SPEC C9). Shipped as
 * `@cosh/config/schema.json`. It accepts what `cosh hooks validate` accepts (warnings
 * included) and rejects what C6 rejects: a test validates the examples, the docs' snippets and
 * every C6 error case against it with ajv.
 */
export function createSetupJsonSchema(): Record<string, unknown> {
  // `output` mode keeps objects built with z.object closed (additionalProperties: false) and
  // the looseObject root open; optional fields stay optional since no `.default()` is used.
  const schema = z.toJSONSchema(setupFileSchema, {
    io: 'output',
    target: 'draft-2020-12',
    override: ({ zodSchema, jsonSchema }) => {
      // C5: a near miss of `hooks`, `hooksEnabled`, … (edit distance ≤ 2, or another letter
      // case) is an error, while the keys themselves and other programs' settings are fine.
      if (zodSchema === setupFileSchema) {
        jsonSchema['propertyNames'] = {
          anyOf: [
            { enum: Object.keys(setupFileSchema.shape) },
            { not: { anyOf: COSH_TOP_LEVEL_KEYS.map((key) => ({ pattern: nearMissPattern(key) })) } },
          ],
        };
      }
      // C5: exactly one of command and url; C6: a kind's exclusive fields only on its own
      // entries (`@cosh/spec`'s HOOK_KINDS: headers only with a url, …). zod's
      // object shape alone can say neither.
      if (zodSchema === hookEntryShape) {
        jsonSchema['oneOf'] = [
          { required: ['command'], not: { anyOf: fieldsOfOtherKinds('command') } },
          { required: ['url'], not: { anyOf: fieldsOfOtherKinds('url') } },
          // D1: a rule hook runs in Cosh's process, so nothing of a process or a request goes with it.
          {
            required: ['rule'],
            not: {
              anyOf: [
                ...HOOK_KINDS.rule.notWith.map(({ field }) => ({ required: [field] })),
                { type: 'object', required: ['protocol'], properties: { protocol: { const: 'claude' } } },
              ],
            },
          },
        ];
      }
      // D1: exactly one operator per rule.
      if (zodSchema === ruleShape) {
        jsonSchema['oneOf'] = RULE_OPERATORS.map((operator) => ({ required: [operator] }));
      }
      // R13: `"async": true` only where the event allows it (a PreToolUse guard must be waited for).
      if (zodSchema === hooksShape) {
        const properties = jsonSchema['properties'] as Record<string, Record<string, unknown>> | undefined;
        for (const [event, list] of Object.entries(properties ?? {})) {
          if (EVENTS_ALLOWING_ASYNC.includes(event as HookEvent)) continue;
          // The list may not contain such an entry; the entry's own schema stays shared.
          list['not'] = {
            type: 'array',
            contains: { type: 'object', required: ['async'], properties: { async: { const: true } } },
          };
        }
      }
      // A misspelt toggle is only a warning (its event stays on), so the schema accepts it too.
      if (zodSchema === hooksEnabledShape) jsonSchema['additionalProperties'] = {};
    },
  });
  return typeListsAsAnyOf(schema) as Record<string, unknown>;
}

/**
 * D1's `equals` scalars come out as `"type": ["string", "number", …]`, which strict validators
 * (ajv's default) refuse as a union type: written as `anyOf` of one type each, same meaning.
 */
function typeListsAsAnyOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(typeListsAsAnyOf);
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = typeListsAsAnyOf(value);
  const type = copy['type'];
  if (Array.isArray(type)) {
    delete copy['type'];
    copy['anyOf'] = type.map((one) => ({ type: one }));
  }
  return copy;
}

/** The JSON Schema as the text of the shipped schema.json file. */
export function renderSetupJsonSchema(): string {
  return `${JSON.stringify(createSetupJsonSchema(), null, 2)}\n`;
}

/**
 * What an entry holding `base` (`command` or `url`) cannot also have: the base field of every
 * kind not written with it, then those kinds' exclusive fields, in the kinds' table order.
 */
function fieldsOfOtherKinds(base: string): Record<string, unknown>[] {
  const refused: Record<string, unknown>[] = [];
  const seen = new Set<string>([base]);
  for (const kind of HOOK_KIND_NAMES) {
    const { configFields, exclusiveFields } = HOOK_KINDS[kind];
    if (configFields[0] === base) continue;
    const kindBase = configFields[0] as string;
    if (!seen.has(kindBase)) refused.push({ required: [kindBase] });
    seen.add(kindBase);
    for (const field of exclusiveFields) refused.push(exclusiveFieldSet(field));
  }
  return refused;
}

/** An exclusive field, set (`ExclusiveField.setWhen`), as a JSON Schema. */
function exclusiveFieldSet({ field, setWhen }: ExclusiveField): Record<string, unknown> {
  if (setWhen === 'present') return { required: [field] };
  return { type: 'object', required: [field], properties: { [field]: { const: true } } };
}
