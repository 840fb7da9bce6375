import {
  addExamples,
  configOption,
  configPathOf,
  contextOf,
  noProjectOf,
  noProjectOption,
  sessionIdOf,
  sessionIdOption,
} from '@cosh/cosh-cli';
import type { PermissionMode } from '../permission/index.ts';
import { checkFileOption, type Command, permissionOption } from '../tool-host-cli-options.ts';

interface ExecFlags {
  readonly input?: string;
  readonly inputFile?: string;
  readonly permission: PermissionMode;
  readonly config?: string;
  readonly project?: boolean;
  readonly history?: string;
  readonly journal?: string;
  readonly json?: boolean;
  readonly sessionId?: string;
}

/**
 * Registers `cosh exec` on the program. Only the options live here; the implementation (config
 * loader, engine, tools) is imported when the command runs, so `cosh --version` stays fast.
 */
export function addExecCommand(program: Command): Command {
  const exec = program
    .command('exec')
    .description(
      'run one tool call through the hooks (PreToolUse → permission → tool → PostToolUse) and print what enters history',
    )
    .argument('<tool>', 'bash_run, fs_read, fs_write, fs_edit or find_grep');
  exec
    .addOption(
      exec.createOption('--input <json>', 'the tool input: one JSON object (default {})').conflicts('inputFile'),
    )
    .addOption(
      exec
        .createOption('--input-file <path>', 'read the tool input from a file, or from standard input with -')
        .conflicts('input'),
    )
    .addOption(
      permissionOption(
        exec,
        "the answer for a call that needs permission and that no hook allowed: ask (a y/N prompt on the terminal; refused without one), allow, or deny (hooks' allow becomes an allowlist)",
      ),
    )
    .addOption(configOption())
    .addOption(noProjectOption())
    .addOption(sessionIdOption())
    .option('--history <file>', 'append the call to this file as one JSON line')
    .option(
      '--journal <file>',
      'append one hash-chained line per event run to this decision journal (default: setup.json\'s "journal")',
    )
    .option('--json', 'print the whole call record as one JSON object instead of the output')
    .action(async (tool: string, flags: ExecFlags, self: Command) => {
      const configPath = configPathOf(flags, self);
      checkFileOption('--history', flags.history, self);
      checkFileOption('--journal', flags.journal, self);
      const sessionId = sessionIdOf(flags, self);
      const { runExec } = await import('./exec.ts');
      const context = contextOf(self);
      await runExec(context, {
        tool,
        input: flags.input,
        inputFile: flags.inputFile,
        permission: flags.permission,
        configPath,
        noProject: noProjectOf(flags),
        historyPath: flags.history,
        journalPath: flags.journal,
        sessionId,
        json: flags.json === true,
        interactive: process.stdin.isTTY === true || context.err.isTTY,
        command: self,
      });
    });
  return addExamples(exec, [
    [`cosh exec fs_read --input '{"path": "README.md"}'`, 'read a file through your hooks'],
    [
      `cosh exec bash_run --input '{"command": "make test"}' --permission allow`,
      'run a command without the y/N prompt (a PreToolUse deny still blocks it)',
    ],
    ['jq -n \'{path: "notes.md", content: "hi"}\' | cosh exec fs_write --input-file -', 'the input from a pipe'],
  ]);
}
