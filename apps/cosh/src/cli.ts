// The `cosh` binary. A program starts `cosh hooks run` and `cosh claude-hook` once per tool call,
// so their plain command lines run without loading commander or the app's other commands
// (parsePlainCommandLine says which); every other command line, help and usage mistakes
// included, goes to the whole program (run-program.ts), which reads them as it always has.
import { parsePlainCommandLine, runPlainMain } from '@cosh/cosh-cli';

const plainCommandLine = parsePlainCommandLine(process.argv.slice(2));
if (plainCommandLine !== undefined) await runPlainMain(plainCommandLine);
else {
  const { runProgram } = await import('./run-program.ts');
  await runProgram();
}
