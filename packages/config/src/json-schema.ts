import * as z from 'zod/mini';
import { setupFileSchema } from './setup-schema.ts';

/**
 * The JSON Schema of setup.json (draft 2020-12), generated from the zod schema the loader
 * validates with, so the two cannot drift apart (SPEC C9). Shipped as
 * `@cosh/config/schema.json`.
 */
export function createSetupJsonSchema(): Record<string, unknown> {
  // `output` mode keeps objects built with z.object closed (additionalProperties: false) and
  // the looseObject root open; optional fields stay optional since no `.default()` is used.
  return z.toJSONSchema(setupFileSchema, { io: 'output', target: 'draft-2020-12' });
}

/** The JSON Schema as the text of the shipped schema.json file. */
export function renderSetupJsonSchema(): string {
  return `${JSON.stringify(createSetupJsonSchema(), null, 2)}\n`;
}
