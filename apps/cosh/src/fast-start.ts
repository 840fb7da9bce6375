// The plain `cosh hooks run` and the agents' bridge commands (dist/fast-start.cjs):
// the commands a program starts once per tool call, so their start-up is the time a person waits
// on every call. Built as one CommonJS file with everything it needs (zod and the schemas
// included, but run only when a text must be validated), so that Node loads one file, skips its
// ES module loader, and can keep the file's compiled code between runs (start.ts,
// require-with-code-cache.ts).
import { parsePlainCommandLine, runPlainMain, setCoshVersion } from '@cosh/cosh-cli/plain-command';
import packageJson from '../package.json' with { type: 'json' };

/**
 * Runs `argv` (the arguments after `cosh`) when it is a plain `hooks run` or bridge command line,
 * after which the process exits once its output is flushed; `false`, having done nothing, for any
 * other command line (help, a usage mistake, anything unusual), which the whole
 * program then reads.
 */
export function runPlainCommandLine(argv: readonly string[]): boolean {
  const plainCommandLine = parsePlainCommandLine(argv);
  if (plainCommandLine === undefined) return false;
  setCoshVersion(packageJson.version);
  void runPlainMain(plainCommandLine);
  return true;
}
