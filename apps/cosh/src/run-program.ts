// The composition root of the `cosh` program: the commands of @cosh/cosh-cli, the app's
// version, and the single process exit in runMain. Commands the app adds (exec, mcp, …) are
// registered on `program` here, before runMain. cli.ts runs it for every command line but the
// plain `hooks run` and `claude-hook` ones (see start.ts).
import { createProgram, runMain } from '@cosh/cosh-cli';
// Bundled into dist/cli.js at build time, so start-up reads no file to know its version.
import packageJson from '../package.json' with { type: 'json' };
import { addExecCommand } from './commands/exec-command.ts';
import { addSessionCommand } from './commands/session-command.ts';
import { addMcpCommands } from './mcp/register-mcp-commands.ts';

/** Builds the whole `cosh` program, parses `process.argv` with it, runs the command and exits. */
export async function runProgram(): Promise<never> {
  const program = createProgram({ version: packageJson.version });
  addExecCommand(program);
  addSessionCommand(program, packageJson.version);
  addMcpCommands(program, packageJson.version);
  return await runMain(program);
}
