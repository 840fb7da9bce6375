#!/usr/bin/env node
// A committed shim so the `cosh` bin link exists before the first build. CommonJS (bin/package.json
// says so), as dist/start.cjs is: Node 20's ES module loader would cost every start several
// milliseconds before a line of Cosh runs, and `cosh hooks run` and `cosh claude-hook` start once
// per tool call.
'use strict';
const { join } = require('node:path');

const start = join(__dirname, '..', 'dist', 'start.cjs');
try {
  require(start);
} catch (error) {
  // In a clone before `pnpm build` the bundle is not there: say what to do instead of a stack.
  // Checked only after a failure, so a normal start pays nothing; any other failure (a broken
  // build included) keeps its own error.
  if (require('node:fs').existsSync(start)) throw error;
  process.stderr.write('cosh is not built yet: run pnpm build\n');
  // 70 (EX_SOFTWARE), the binary's status for an internal error.
  process.exitCode = 70;
}
