import { addExamples, configOption, configPathOf, contextOf, noProjectOf, noProjectOption } from '@cosh/cosh-cli';
import type { PermissionMode } from '../permission/index.ts';
import { checkFileOption, type Command, permissionOption, workingFolderOption } from '../tool-host-cli-options.ts';

interface SessionFlags {
  readonly permission: PermissionMode;
  readonly config?: string;
  readonly project?: boolean;
  readonly history?: string;
  readonly cwd?: string;
}

/**
 * Registers `cosh session` on the program; the implementation is imported when it runs. The
 * protocol streams are the process's stdin and stdout.
 */
export function addSessionCommand(program: Command): Command {
  const session = program
    .command('session')
    .description(
      'run tool calls read as JSON Lines on stdin, one at a time, and answer each with one JSON line on stdout (see the README)',
    );
  session
    .addOption(
      permissionOption(
        session,
        "the answer for a call that needs permission and that no hook allowed: ask (cannot prompt here: refused), allow, or deny (hooks' allow becomes an allowlist)",
      ),
    )
    .addOption(configOption())
    .addOption(noProjectOption())
    .option('--history <file>', 'append every call to this file as one JSON line')
    .addOption(workingFolderOption(session, 'where tools and hooks run (default: the current directory)'))
    .action(async (flags: SessionFlags, self: Command) => {
      const configPath = configPathOf(flags, self);
      checkFileOption('--history', flags.history, self);
      const { runSession } = await import('./session.ts');
      await runSession(
        contextOf(self),
        {
          permission: flags.permission,
          configPath,
          noProject: noProjectOf(flags),
          historyPath: flags.history,
          cwd: flags.cwd,
          command: self,
        },
        { input: process.stdin, output: process.stdout },
      );
    });
  return addExamples(session, [
    [
      `echo '{"id": 1, "tool_name": "fs_read", "tool_input": {"path": "README.md"}}' | cosh session`,
      'one call; the answer is one JSON line',
    ],
    ['cosh session --permission allow --history calls.jsonl < calls.jsonl', 'replay calls, recording each'],
  ]);
}
