import { claudeToolNameRunAdvice, homeFolder, hookPathFor } from '@cosh/config';
import {
  asyncReportLine,
  createHookEngine,
  type HookEngine,
  ONE_CALL_ENGINE,
  type SessionEvent,
  touchedPaths,
} from '@cosh/hooks';
import { readArgumentFile } from '../argument-file.ts';
import type { CliContext } from '../cli-context.ts';
import { type CommandName, ExitError, UsageError } from '../cli-errors.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { hostJournal } from '../host-journal.ts';
import { type CommandConfig, loadCommandConfig } from '../load-command-config.ts';
import { parseEventArgument } from './event-argument.ts';
import { inputObjectOf } from './input-option.ts';
import { hooksRunJson } from './hooks-run-json.ts';
import { sessionCallOf, sessionRunJson } from './hooks-run-session.ts';
import { printHooksRun } from './hooks-run-text.ts';
import { printJson } from './problem-json.ts';

/** What `cosh hooks run` was asked, as parsed by commander. */
export interface HooksRunOptions {
  readonly event: string;
  readonly tool: string | undefined;
  /** At most one of `input` and `inputFile`, and of `output` and `outputFile`: commander's `conflicts()` refuses both. */
  readonly input: string | undefined;
  readonly inputFile: string | undefined;
  readonly output: string | undefined;
  readonly outputFile: string | undefined;
  readonly configPath: string | undefined;
  /** `--no-project`: leave out the project layer (SPEC C10). */
  readonly noProject?: boolean | undefined;
  /** `session_id` for Claude-protocol hooks (K4); default a new UUID. */
  readonly sessionId?: string | undefined;
  /** `--journal <file>`: the decision journal (J1), over setup.json's. */
  readonly journal?: string | undefined;
  readonly json: boolean;
  /** Without `--json`: print each hook's stdin payload, stdout and stderr under its row. */
  readonly verbose?: boolean;
  /** `--exit-code` (SPEC X): exit 2 on a deny verdict, 49 on halt, for CI policy tests. */
  readonly exitCode?: boolean;
  /** The command run, for the `--help` pointer of a usage error. */
  readonly command?: CommandName | undefined;
}

/** E5: `cosh hooks run <UserPromptSubmit|SessionStart|Stop|SessionEnd> [--input <json>]`. */
async function runSessionEvent(context: CliContext, options: HooksRunOptions, event: SessionEvent): Promise<void> {
  const { command } = options;
  if (options.tool !== undefined) context.err.line(`cosh: warning: --tool is ignored for ${event} (it has no tool)`);
  const call = sessionCallOf(event, await inputObjectOf(context, options), command);
  const { config, engine } = await openRunEngine(context, options);
  const result = await engine.run(event, call);
  await engine.close();
  if (options.json) printJson((text) => context.out.write(text), sessionRunJson(result));
  else {
    printHooksRun(context.out, result, {
      inputChanged: false,
      eventEnabled: config.hooksEnabled[event],
      refused: config.refusal !== null,
      verbose: options.verbose === true,
    });
  }
  exitOnVerdict(options, result);
}

/**
 * `cosh hooks run <event> --tool <name> [--input <json> | --input-file <path>]
 * [--output <text> | --output-file <path>] [--config <path>] [--no-project] [--json]` (SPEC X):
 * runs the hooks of one event for one tool call (from every layer, trust checked: C10, S5),
 * runs no tool, and prints the result. Exit 0 whatever the verdict (with `exitCode`: 2 on
 * deny, 49 on halt, after the result is printed); bad usage or a bad input is a {@link UsageError} (64); a config that does not
 * load is a `ConfigError` (78); configuration warnings go to stderr.
 */
export async function runHooksRun(context: CliContext, options: HooksRunOptions): Promise<void> {
  const { command } = options;
  const event = parseEventArgument(options.event, command);
  // E5: a session event has no tool; its --input is the event's own fields.
  if (event !== 'PreToolUse' && event !== 'PostToolUse') return runSessionEvent(context, options, event);
  if (options.tool === undefined) throw new UsageError("required option '--tool <name>' not specified", command);
  if (options.tool === '')
    throw new UsageError("option '--tool <name>' needs a tool name, not an empty string", command);

  const toolInput = await inputObjectOf(context, options);
  const toolOutput =
    options.outputFile === undefined
      ? (options.output ?? '')
      : await readArgumentFile(context, '--output-file', options.outputFile, command);
  if (event === 'PreToolUse' && (options.output !== undefined || options.outputFile !== undefined)) {
    context.err.line(
      `cosh: warning: ${options.output === undefined ? '--output-file' : '--output'} is ignored for PreToolUse (only PostToolUse hooks see a tool output)`,
    );
  }

  // M2: a Claude Code tool name tries the hooks on a call no Cosh host makes (Cosh calls Bash bash_run).
  const claudeName = claudeToolNameRunAdvice(options.tool);
  if (claudeName !== undefined) context.err.line(`cosh: warning: ${claudeName}`);

  const { config, engine } = await openRunEngine(context, options);
  const call = { toolName: options.tool, toolInput };
  const result =
    event === 'PreToolUse' ? await engine.preToolUse(call) : await engine.postToolUse({ ...call, toolOutput });
  // Its HTTP hooks' connections: nothing more will be sent on them; its async hooks end (R13).
  await engine.close();

  if (options.json) {
    // F3: the call's touched paths (F2), computed here only for --json: the engine computes them
    // only when a selected hook has `paths`.
    const touched = await touchedPaths(call, { cwd: context.cwd, home: homeFolder(context.env) });
    printJson((text) => context.out.write(text), hooksRunJson(result, touched));
  } else {
    printHooksRun(context.out, result, {
      inputChanged: result.toolInput !== toolInput,
      eventEnabled: config.hooksEnabled[event],
      refused: config.refusal !== null,
      verbose: options.verbose === true,
    });
  }
  exitOnVerdict(options, result);
}

/**
 * The configuration of every layer and an engine over it, for one run of any event: the same for
 * a tool event and a session event (B12's PATH, R12's one-call processes, J1's journal, R13).
 */
async function openRunEngine(
  context: CliContext,
  options: HooksRunOptions,
): Promise<{ config: CommandConfig['config']; engine: HookEngine }> {
  const {
    config,
    projectFolder,
    sandbox,
    journal: journalSettings,
  } = await loadCommandConfig(context, {
    configPath: options.configPath,
    noProject: options.noProject,
    warnings: 'stderr',
    validationCache: true,
    // SPEC S4/X: a person trying a new user file's hooks at a terminal trusts it on first use, as
    // exec, list and validate do (with the notice); without a terminal nothing is trusted (S5).
    trustOnFirstUse: true,
  });
  const engine = createHookEngine(config, {
    cwd: context.cwd,
    // B12: no PATH entry the agent's shell could write.
    env: hookPathFor(sandbox, context.env, [context.cwd]).env,
    sessionId: options.sessionId,
    projectFolder,
    // One call: nothing is kept for a next one (R12).
    ...ONE_CALL_ENGINE,
    journal: await hostJournal(context, { settings: journalSettings, file: options.journal, agent: 'cosh' }),
    // R13: an async hook's finished report, with --verbose.
    onAsyncResult: options.verbose === true ? (report) => context.err.write(asyncReportLine(report)) : undefined,
  });
  return { config, engine };
}

/** `--exit-code` (X): exit 49 on halt, 2 on deny, after the result is printed. */
function exitOnVerdict(options: HooksRunOptions, result: { readonly halt: boolean; readonly decision: string }): void {
  if (options.exitCode !== true) return;
  // Halt first: a halt stops the turn whatever else was said (A1).
  if (result.halt) throw new ExitError(EXIT_CODES.halted);
  if (result.decision === 'deny') throw new ExitError(EXIT_CODES.denied);
}
