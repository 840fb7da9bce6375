// Module loader hooks of trace-loads.mjs (they run on the loader thread).
import { appendFileSync } from 'node:fs';

let traceFile;

export function initialize(data) {
  traceFile = data.file;
}

export async function load(url, context, nextLoad) {
  if (traceFile && url.startsWith('file:')) appendFileSync(traceFile, `${url}\n`);
  return nextLoad(url, context);
}
