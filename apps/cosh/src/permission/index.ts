export {
  createPermissionCheck,
  needsPrompt,
  type PermissionCheckOptions,
  type PermissionDefaults,
  type PermissionMode,
  type PermissionPrompt,
  type PermissionRequest,
} from './permission-check.ts';
export { type CallFacts, renderCall, renderWholeCall } from './render-call.ts';
export { createTerminalPrompt } from './terminal-prompt.ts';
