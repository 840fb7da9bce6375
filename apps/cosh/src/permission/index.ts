export { openTerminal, type OpenTerminal } from './open-terminal.ts';
export {
  createPermissionCheck,
  needsPrompt,
  type PermissionCheckOptions,
  type PermissionDefaults,
  type PermissionMode,
  type PermissionPrompt,
  type PermissionRequest,
} from './permission-check.ts';
export { renderCall } from './render-call.ts';
export { createTerminalPrompt, type TerminalStreams } from './terminal-prompt.ts';
