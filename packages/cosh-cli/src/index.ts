// What the app uses to add its commands to the `cosh` program; every name here is a promise.
export { MAX_ARGUMENT_FILE_BYTES, readArgumentFile } from './argument-file.ts';
export type { CliContext, Writer } from './cli-context.ts';
export { contextOf, hasControllingTerminal } from './cli-context.ts';
export { type CommandName, ExitError, UsageError } from './cli-errors.ts';
export { configOption, noProjectOption } from './config-option.ts';
export { configPathOf, noProjectOf, sessionIdOf } from './option-values.ts';
export { sessionIdOption } from './session-id-option.ts';
export { type CreateProgramOptions, createProgram } from './create-program.ts';
export { coshVersion, setCoshVersion } from './cosh-version.ts';
export { addExamples } from './help-examples.ts';
export { type HostJournalRequest, hostJournal, hostJournalFile } from './host-journal.ts';
export { type CommandConfig, type CommandConfigOptions, loadCommandConfig } from './load-command-config.ts';
export { type OpenTerminal, openTerminal, type TerminalStreams } from './open-terminal.ts';
export { isYes, readTerminalLine } from './read-terminal-line.ts';
export { runMain } from './run-main.ts';
export {
  type SandboxLookup,
  type SandboxStatus,
  sandboxStatus,
  sandboxStatusLine,
  sandboxWarnings,
} from './sandbox-status.ts';
export { type PlainCommandLine, parsePlainCommandLine } from './plain-command-line.ts';
export { runPlainCommand, runPlainMain } from './run-plain-command.ts';
export { escapeForTerminal, shortenText, type TerminalEscapeOptions } from './terminal-text.ts';
export { setUnknownOptionHint, shellWord, type UnknownOptionHint } from './usage-mistake.ts';
export { type HookRunJson, type HooksRunJson, hookRunJson, hooksRunJson } from './commands/hooks-run-json.ts';
export { jsonKind, parserMessage, parseToolInput, type ToolInputParse } from './commands/hooks-run-input.ts';
