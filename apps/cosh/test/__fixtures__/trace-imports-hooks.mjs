// Module loader hooks of trace-imports.mjs (they run on the loader thread).
import { appendFileSync } from 'node:fs';

let traceFile;

export function initialize(data) {
  traceFile = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (traceFile) appendFileSync(traceFile, `${resolved.url}\n`);
  return resolved;
}
