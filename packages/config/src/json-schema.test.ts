import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createSetupJsonSchema, renderSetupJsonSchema } from './json-schema.ts';

describe('the JSON Schema of setup.json', () => {
  it('C9: the committed schema.json is what the zod schema generates (run `pnpm build` to refresh it)', async () => {
    const committed = await readFile(new URL('../schema.json', import.meta.url), 'utf8');
    expect(committed).toBe(renderSetupJsonSchema());
  });

  it('C9: is shipped as @cosh/config/schema.json', async () => {
    const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, unknown>;
      files: string[];
      publishConfig: { exports: Record<string, unknown> };
    };
    expect(manifest.exports['./schema.json']).toBe('./schema.json');
    expect(manifest.publishConfig.exports['./schema.json']).toBe('./schema.json');
    expect(manifest.files).toContain('schema.json');
  });

  it('C9: describes hooks as the loader validates them', () => {
    const schema = createSetupJsonSchema() as {
      additionalProperties: unknown;
      properties: {
        hooks: {
          additionalProperties: unknown;
          properties: Record<
            string,
            {
              items: {
                required: string[];
                additionalProperties: unknown;
                properties: Record<string, Record<string, unknown>>;
              };
            }
          >;
        };
        hooksEnabled: { properties: Record<string, { type: string }> };
      };
    };
    // C3: other settings share the file; C4/C5: misspelt events and fields get flagged.
    expect(schema.additionalProperties).toEqual({});
    expect(schema.properties.hooks.additionalProperties).toBe(false);
    const entry = schema.properties.hooks.properties['PreToolUse']?.items;
    // C5: exactly one of command and url.
    expect(entry?.required).toBeUndefined();
    expect(entry?.['oneOf' as never]).toHaveLength(3); // D1: or a rule
    expect(entry?.properties['protocol']).toMatchObject({ enum: ['cosh', 'claude'], default: 'cosh' });
    expect(entry?.properties['url']).toMatchObject({ type: 'string' });
    expect(entry?.additionalProperties).toBe(false);
    expect(entry?.properties['timeout']).toMatchObject({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 86400,
      default: 60,
    });
    expect(entry?.properties['onError']).toMatchObject({ enum: ['ignore', 'deny'], default: 'ignore' });
    expect(entry?.properties['command']).toMatchObject({ type: 'string', minLength: 1 });
    expect(schema.properties.hooks.properties['PostToolUse']?.items).toEqual(entry);
    expect(schema.properties.hooksEnabled.properties['PreToolUse']?.type).toBe('boolean');
  });
});
