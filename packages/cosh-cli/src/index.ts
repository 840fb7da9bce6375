export {
  attachContext,
  type CliContext,
  type CliIo,
  colorEnabled,
  contextOf,
  createCliContext,
  createStyle,
  type Style,
  type Writer,
} from './cli-context.ts';
export { ExitError, UsageError } from './cli-errors.ts';
export { configOption, configPathOf } from './config-option.ts';
export { type CreateProgramOptions, createProgram } from './create-program.ts';
export { EXIT_CODES } from './exit-codes.ts';
export { type CommandConfig, loadCommandConfig } from './load-command-config.ts';
export { printProblems, problemLine } from './print-problems.ts';
export { runCli, runMain } from './run-main.ts';
export { escapeForTerminal, printableText, shortenText } from './terminal-text.ts';
export { commandPath, usageHint } from './usage-hint.ts';
export type { HooksListJson } from './commands/hooks-list.ts';
export { type HookRunJson, type HooksRunJson, hookRunJson } from './commands/hooks-run-json.ts';
export { jsonKind, parserMessage, parseToolInput, type ToolInputParse } from './commands/hooks-run-input.ts';
export type { HooksValidateJson } from './commands/hooks-validate.ts';
