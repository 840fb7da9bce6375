import {
  type CliContext,
  escapeForTerminal,
  ExitError,
  type OpenTerminal,
  parseToolInput,
  readArgumentFile,
  UsageError,
} from '@cosh/cosh-cli';
import { callRecord } from '../history/index.ts';
import { createTerminalPrompt, type PermissionMode } from '../permission/index.ts';
import type { ToolCallResult } from '../tool-host-types.ts';
import { callNotes } from '../tool-host-notes.ts';
import type { Command } from '../tool-host-cli-options.ts';
import { setUpToolHost } from '../tool-host-setup.ts';
import { createToolRegistry } from '../tools/index.ts';

/** What `cosh exec` was asked, as parsed by commander. */
export interface ExecOptions {
  readonly tool: string;
  /** At most one of `input` and `inputFile` (commander's `conflicts()` refuses both). */
  readonly input: string | undefined;
  /** `--input-file`: a path, or `-` for standard input. */
  readonly inputFile?: string | undefined;
  readonly permission: PermissionMode;
  readonly configPath: string | undefined;
  /** `--no-project`: the project layer is left out (SPEC C10). */
  readonly noProject?: boolean | undefined;
  readonly historyPath: string | undefined;
  /** `--journal <file>` (J1). */
  readonly journalPath?: string | undefined;
  /** `--session-id`: Claude hooks' `session_id` (K4). */
  readonly sessionId?: string | undefined;
  readonly json: boolean;
  /**
   * Whether a person is there to answer a prompt: stdin or stderr is a terminal. A program that
   * runs `cosh exec` with every stream piped gets the refusal at once, never a prompt on the
   * terminal it happens to have.
   */
  readonly interactive: boolean;
  /** The command run, for the `--help` pointer of a usage error. */
  readonly command?: Command | undefined;
}

/** `cosh exec`'s exit statuses by the call's status (SPEC X). */
export const execExitCodes = { ok: 0, error: 1, blocked: 2, halted: 49 } as const satisfies Record<
  ToolCallResult['status'],
  number
>;

/**
 * `cosh exec <tool> [--input <json> | --input-file <path|->] [--permission ask|allow|deny]
 * [--config <path>] [--history F] [--json]` (SPEC X): one real tool call through the lifecycle (L1). Prints exactly what enters
 * history on stdout (a line end added when it has none; nothing for an empty output), or with
 * `--json` the whole call record. Exit 0 the tool succeeded, 1 it failed, 2 blocked (a hook or
 * the permission system), 49 halted (PreToolUse or PostToolUse); 64 bad usage (unknown tool,
 * bad `--input`, an input that does not fit the tool, a history file that cannot be opened),
 * 78 a configuration error. Hook diagnostics, config warnings and refusal hints go to stderr.
 */
export async function runExec(context: CliContext, options: ExecOptions): Promise<void> {
  const { command } = options;
  const registry = createToolRegistry();
  // Usage first, before the config is read or any file touched: the tool, then the JSON, then its fields.
  if (registry.get(options.tool) === undefined) {
    const refused = registry.parseCall(options.tool, {});
    throw new UsageError(refused.ok ? `unknown tool '${options.tool}'` : refused.error, command);
  }
  const [inputText, source] =
    options.inputFile === undefined
      ? [options.input ?? '{}', '--input']
      : [
          await readArgumentFile(context, '--input-file', options.inputFile, command),
          options.inputFile === '-' ? '--input-file - (standard input)' : `--input-file '${options.inputFile}'`,
        ];
  // An editor may save a byte order mark; it is not part of the JSON.
  const parsedInput = parseToolInput(inputText.replace(/^\uFEFF/, ''), source);
  if (!parsedInput.ok) throw new UsageError(parsedInput.message, command);
  const checked = registry.parseCall(options.tool, parsedInput.value);
  if (!checked.ok) throw new UsageError(checked.error, command);

  const terminal: OpenTerminal | undefined =
    options.permission === 'ask' && options.interactive ? context.openTerminal() : undefined;
  let result: ToolCallResult;
  try {
    const setup = await setUpToolHost(context, {
      registry,
      permission: options.permission,
      prompt: terminal === undefined ? undefined : createTerminalPrompt(terminal),
      // The y/N is on the controlling terminal: a person answers it, so a hook's ask is put there (K7).
      promptAnsweredBy: 'person',
      cwd: context.cwd,
      configPath: options.configPath,
      noProject: options.noProject,
      // SPEC S4: a person running one call at a terminal trusts a new user file on first use.
      trustOnFirstUse: true,
      // One call: nothing is kept for a next one (R12).
      oneCall: true,
      historyPath: options.historyPath,
      journalPath: options.journalPath,
      sessionId: options.sessionId,
      command,
    });
    try {
      result = await setup.host.call(options.tool, parsedInput.value);
    } finally {
      await setup.close();
    }
  } finally {
    terminal?.close();
  }

  for (const note of callNotes(result)) context.err.line(`cosh: ${note}`);
  // A terminal obeys what it is sent: a hook's reason or a tool's output (which the model or a
  // file chose) must not clear the screen or set the window title, so control characters are
  // shown as escapes there. Piped, and in the history, the text stays exactly as it is.
  const shown = (text: string): string =>
    context.out.isTTY ? escapeForTerminal(text, { keepLineBreaks: true }) : text;
  if (options.json) {
    context.out.write(`${shown(JSON.stringify(callRecord(result), null, 2))}\n`);
  } else if (result.output !== '') {
    context.out.write(shown(result.output.endsWith('\n') ? result.output : `${result.output}\n`));
  }
  // Checked before the call, so a rejection here means the registry changed its mind: still usage.
  if (result.rejected !== null) throw new ExitError(64);
  const exitCode = execExitCodes[result.status];
  if (exitCode !== 0) throw new ExitError(exitCode);
}
