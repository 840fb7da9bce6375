#!/usr/bin/env node
// A committed shim so the `cosh` bin link exists before the first build.
import { existsSync } from 'node:fs';
import module from 'node:module';

// Node 22.1+ keeps V8's compiled code of the bundle between runs (in the OS temp folder, or
// $NODE_COMPILE_CACHE), so later starts skip most parsing; Node 20 has no such cache and skips
// this. It never throws and changes nothing but speed; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
// The bundle is imported afterwards, dynamically: a static import would be evaluated first.
module.enableCompileCache?.();
const bundle = new URL('../dist/cli.js', import.meta.url);
try {
  await import(bundle.href);
} catch (error) {
  // In a clone before `pnpm build` the bundle is not there: say what to do instead of a stack.
  // Checked only after a failure, so a normal start pays nothing; any other failure (a missing
  // chunk of a broken build included) keeps its own error.
  if (existsSync(bundle)) throw error;
  process.stderr.write('cosh is not built yet: run pnpm build\n');
  // 70 (EX_SOFTWARE), the binary's status for an internal error.
  process.exitCode = 70;
}
