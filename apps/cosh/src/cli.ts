// The whole `cosh` program (dist/cli.js), for every command line but the plain `hooks run` and
// `claude-hook` ones, which dist/fast-start.cjs runs without it (start.ts says which).
import { runProgram } from './run-program.ts';

await runProgram();
