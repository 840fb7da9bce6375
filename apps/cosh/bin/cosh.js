#!/usr/bin/env node
// A committed shim so the `cosh` bin link exists before the first build.
import module from 'node:module';

// Node 22.1+ keeps V8's compiled code of the bundle between runs (in the OS temp folder, or
// $NODE_COMPILE_CACHE), so later starts skip most parsing; Node 20 has no such cache and skips
// this. It never throws and changes nothing but speed; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
// The bundle is imported afterwards, dynamically: a static import would be evaluated first.
module.enableCompileCache?.();
await import('../dist/cli.js');
