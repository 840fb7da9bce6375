// The first module of every `cosh` run (dist/start.cjs, which bin/cosh.js requires). CommonJS,
// as the bin file is: Node then never starts its ES module loader for the plain `hooks run` and
// the agents' bridge commands (`<agent>-hook`), which a program starts once per tool call. Those go to
// dist/fast-start.cjs, one CommonJS file whose compiled code is kept beside it between runs
// (require-with-code-cache.ts says why there and nowhere else); every other command line goes to
// the whole program, dist/cli.js.
// Named imports only, and paths from import.meta.dirname: a default import of a built-in is
// bundled as a copy of all its properties, and a path through file: URLs loads Node's URL
// parser, together about half a millisecond of every start (issue 37).
import { createRequire, Module } from 'node:module';
import { join } from 'node:path';
import type { runPlainCommandLine } from './fast-start.ts';
import { requireWithCodeCache } from './require-with-code-cache.ts';

interface FastStart {
  readonly runPlainCommandLine: typeof runPlainCommandLine;
}

const argv = process.argv.slice(2);
// Every bridge command of the agents' table ends in `-hook` (bridge-commands.test.ts); any other
// such word is read by fast-start.cjs as no plain command line, and then by the whole program.
const perCall = argv[0]?.endsWith('-hook') === true || (argv[0] === 'hooks' && argv[1] === 'run');
if (!(perCall && runPerCall(argv))) {
  // Help, usage mistakes and anything unusual in those three commands too: the whole program reads
  // them, with the same messages and exit statuses (run-plain-command.test.ts compares the two).
  // Node 22.1+ keeps V8's compiled code of the ES modules it loads from now on, here in the
  // installation folder as ours is: by default it would be in the OS temp folder, where any
  // process can write code the whole program then runs (NODE_DISABLE_COMPILE_CACHE=1 turns it
  // off). Node 20 has no such function.
  (Module as { enableCompileCache?: (directory: string) => unknown }).enableCompileCache?.(
    join(import.meta.dirname, 'node-compile-cache'),
  );
  void import(new URL('./cli.js', import.meta.url).href);
}

/**
 * Runs `argv` from dist/fast-start.cjs when it is a plain per-call command line; `false`, having
 * done nothing, for any other. At exit the code compiled by then goes into the cache, recorded as
 * the code of this command (`hooks`, `claude-hook`, …) when the command ran
 * (require-with-code-cache.ts).
 */
function runPerCall(argv: readonly string[]): boolean {
  const fastStart = loadFastStart();
  let ran = false;
  process.once('exit', () => fastStart.save(ran ? (argv[0] ?? null) : null));
  ran = fastStart.exports.runPlainCommandLine(argv);
  return ran;
}

/**
 * dist/fast-start.cjs, with its compiled code from the cache beside it when there is one, on
 * every Node: Node's own compile cache (22.1+) keeps a file's code as compiled before it runs,
 * this one as it is at exit, with the functions that ran compiled too, which starts faster.
 */
function loadFastStart(): { readonly exports: FastStart; save(use: string | null): void } {
  const file = join(import.meta.dirname, 'fast-start.cjs');
  // With --enable-source-maps (a stack trace to read, not a start to time), as Node loads any
  // file: Node maps the stacks of the files it loads, not of the code compiled here. The switch
  // of Node's own compile cache turns this one off too.
  if (process.sourceMapsEnabled || process.env['NODE_DISABLE_COMPILE_CACHE'] !== undefined) {
    return { exports: createRequire(file)(file) as FastStart, save: () => undefined };
  }
  const loaded = requireWithCodeCache(
    file,
    join(import.meta.dirname, `fast-start-${process.version}-${process.arch}.v8-cache`),
  );
  return { exports: loaded.exports as FastStart, save: (use) => loaded.save(use) };
}
