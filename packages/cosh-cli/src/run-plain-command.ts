// `cosh hooks run` and the bridge commands without commander: a program (an agent) starts them
// once per tool call, and commander's load and set-up were about a sixth of their
// start. Only their plain command lines come here (plain-command-line.ts); the commander program
// reads everything else, so help, usage mistakes and suggestions stay its own.
import { type CliIo, createCliContext } from './cli-context.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { configPathOf, sessionIdOf } from './option-values.ts';
import { bridgeCommandName, HOOKS_RUN_COMMAND, type PlainCommandLine } from './plain-command-line.ts';
import { exitWhenFlushed, reportError, watchForClosedReaders } from './run-main.ts';

/**
 * Runs a plain command line as the commander program's action for it would (the same checks in
 * the same order, the same command modules), returning the exit status as `runCli` does. Never
 * throws.
 */
export async function runPlainCommand(commandLine: PlainCommandLine, io?: Partial<CliIo>): Promise<number> {
  const context = createCliContext(io);
  const command = commandLine.command === 'hooks run' ? HOOKS_RUN_COMMAND : bridgeCommandName(commandLine.command);
  try {
    const configPath = configPathOf(commandLine, command);
    if (commandLine.command === 'hooks run') {
      const sessionId = sessionIdOf(commandLine, command);
      const { runHooksRun } = await import('./commands/hooks-run.ts');
      await runHooksRun(context, {
        event: commandLine.event,
        tool: commandLine.tool,
        input: commandLine.input,
        inputFile: commandLine.inputFile,
        output: commandLine.output,
        outputFile: commandLine.outputFile,
        configPath,
        noProject: commandLine.noProject,
        sessionId,
        journal: commandLine.journal,
        json: commandLine.json,
        verbose: commandLine.verbose,
        exitCode: commandLine.exitCode,
        command,
      });
    } else {
      const { runAgentHook } = await import('./commands/agent-hook.ts');
      await runAgentHook(
        context,
        { command: commandLine.command, configPath, noProject: commandLine.noProject, client: commandLine.client },
        context.stdin,
      );
    }
    return EXIT_CODES.ok;
  } catch (error) {
    return await reportError(error, context, command);
  }
}

/**
 * {@link runPlainCommand} as the `cosh` binary runs it: then the process exits, as with
 * `runMain`, once its output is flushed.
 */
export async function runPlainMain(commandLine: PlainCommandLine): Promise<never> {
  watchForClosedReaders();
  return await exitWhenFlushed(await runPlainCommand(commandLine));
}
