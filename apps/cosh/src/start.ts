// The first module of every `cosh` run (dist/start.cjs, which bin/cosh.js requires). CommonJS,
// as the bin file is: Node then never starts its ES module loader for the plain `hooks run` and
// `claude-hook`, which a program starts once per tool call. Those go to dist/fast-start.cjs, one
// CommonJS file; every other command line goes to the whole program, dist/cli.js.
//
// No code cache of the per-call bundle is kept between runs (there was one, in ~/.cache/cosh):
// it saved 6–9% of a start, but V8 runs cached code without a checksum of it, so a file anyone
// with the user's shell can write (an agent's bash_run) became code in every guard's start
// (issue 27). Nothing under the cache folder decides how Cosh starts.
import module, { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { runPlainCommandLine } from './fast-start.ts';

interface FastStart {
  readonly runPlainCommandLine: typeof runPlainCommandLine;
}

const argv = process.argv.slice(2);
const perCall = argv[0] === 'claude-hook' || (argv[0] === 'hooks' && argv[1] === 'run');
if (!(perCall && loadFastStart().runPlainCommandLine(argv))) {
  // Help, usage mistakes and anything unusual in those two commands too: the whole program reads
  // them, with the same messages and exit statuses (run-plain-command.test.ts compares the two).
  // Node 22.1+ keeps V8's compiled code of the ES modules it loads from now on (in the OS temp
  // folder, or $NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off); Node 20 has no
  // such function.
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  void import(new URL('./cli.js', import.meta.url).href);
}

/** dist/fast-start.cjs, required as Node requires any CommonJS file. */
function loadFastStart(): FastStart {
  const file = fileURLToPath(new URL('./fast-start.cjs', import.meta.url));
  return createRequire(file)(file) as FastStart;
}
