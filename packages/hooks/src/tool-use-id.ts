/**
 * A fresh id for one tool call, shaped as Claude Code's (`toolu_` and 32 hex digits): Claude hooks
 * pair a call's PreToolUse and PostToolUse by `tool_use_id` (K4).
 */
export function newToolUseId(): string {
  // Web Crypto's global: node:crypto stays off the cold path of `cosh hooks run`.
  return `toolu_${globalThis.crypto.randomUUID().replaceAll('-', '')}`;
}
