export {
  createPermissionCheck,
  needsPrompt,
  type PermissionCheckOptions,
  type PermissionDefaults,
  type PermissionMode,
  type PermissionPrompt,
  type PermissionRequest,
  type PromptAnswerer,
} from './permission-check.ts';
export { type CallFacts, renderCall, renderWholeCall } from './render-call.ts';
export { createTerminalPrompt } from './terminal-prompt.ts';
