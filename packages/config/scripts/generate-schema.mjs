// Writes schema.json, the JSON Schema of setup.json, from the freshly built zod schema (SPEC C9).
// Run by `pnpm build` after tsdown; a test fails when the committed file is stale.
import { writeFile } from 'node:fs/promises';
import { renderSetupJsonSchema } from '../dist/index.js';

const target = new URL('../schema.json', import.meta.url);
await writeFile(target, renderSetupJsonSchema());
console.log(`wrote ${target.pathname}`);
