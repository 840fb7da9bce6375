import {
  addExamples,
  configOption,
  configPathOf,
  contextOf,
  noProjectOf,
  noProjectOption,
  sessionIdOf,
  sessionIdOption,
  UsageError,
} from '@cosh/cosh-cli';
import { parseCallTimeout as parseSeconds } from '../mcp/register-mcp-commands.ts';
import type { PermissionMode } from '../permission/index.ts';
import {
  asyncVerboseOption,
  checkFileOption,
  type Command,
  permissionOption,
  workingFolderOption,
} from '../tool-host-cli-options.ts';

/** Default of `--permission-timeout`, in seconds: as long as an MCP call to a downstream server may take. */
const defaultPermissionTimeoutSeconds = 120;

interface SessionFlags {
  readonly permission: PermissionMode;
  readonly permissionTimeout: string;
  readonly config?: string;
  readonly project?: boolean;
  readonly history?: string;
  readonly journal?: string;
  readonly cwd?: string;
  readonly sessionId?: string;
  readonly verbose?: boolean;
}

/**
 * Registers `cosh session` on the program; the implementation is imported when it runs. The
 * protocol streams are the process's stdin and stdout.
 */
export function addSessionCommand(program: Command, version: string): Command {
  const session = program
    .command('session')
    .description(
      'run tool calls read as JSON Lines on stdin, one at a time, and answer each with one JSON line on stdout (see the README)',
    );
  session
    .addOption(
      permissionOption(
        session,
        "the answer for a call that needs permission and that no hook allowed: ask (a permission_request line the driver answers), allow, or deny (hooks' allow becomes an allowlist); a call a hook answered ask about is refused whatever this says (only a person at a terminal may confirm it)",
      ),
    )
    .addOption(
      session
        .createOption(
          '--permission-timeout <seconds>',
          'with --permission ask: how long to wait for the permission_response before refusing',
        )
        .default(String(defaultPermissionTimeoutSeconds)),
    )
    .addOption(configOption())
    .addOption(noProjectOption())
    .addOption(sessionIdOption())
    .option(
      '--history <file>',
      'append every call to this file as one JSON line (and each async hook\'s report as a {"type":"async_result"} line)',
    )
    .option(
      '--journal <file>',
      'append one hash-chained line per event run to this decision journal (default: setup.json\'s "journal")',
    )
    .addOption(workingFolderOption(session, 'where tools and hooks run (default: the current directory)'))
    .addOption(asyncVerboseOption(session))
    .action(async (flags: SessionFlags, self: Command) => {
      const configPath = configPathOf(flags, self);
      checkFileOption('--history', flags.history, self);
      checkFileOption('--journal', flags.journal, self);
      const permissionTimeoutSeconds = parseSeconds(flags.permissionTimeout);
      if (permissionTimeoutSeconds === undefined) {
        throw new UsageError(
          `option '--permission-timeout <seconds>' expects a number of seconds greater than 0 and at most 86400, got '${flags.permissionTimeout}'`,
          self,
        );
      }
      const sessionId = sessionIdOf(flags, self);
      const { runSession } = await import('./session.ts');
      await runSession(
        contextOf(self),
        {
          permission: flags.permission,
          permissionTimeoutSeconds,
          configPath,
          noProject: noProjectOf(flags),
          historyPath: flags.history,
          journalPath: flags.journal,
          cwd: flags.cwd,
          version,
          sessionId,
          verbose: flags.verbose === true,
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
    ['cosh session --permission allow --verbose', "each async hook's report on stderr when it finishes"],
    ['cosh session --permission-timeout 600', 'an agent host with its own UI answers each permission_request line'],
  ]);
}
