import { composeToolOutput } from '@cosh/aggregate';

/**
 * What the model sees for a call blocked by a PreToolUse deny (L2):
 * `Blocked by hook: <reasons joined with "; ">`, then the PreToolUse context on a new line (P2).
 *
 * @example
 * blockedMessage(['rm -rf is not allowed'], 'policy: see SECURITY.md');
 * // 'Blocked by hook: rm -rf is not allowed\npolicy: see SECURITY.md'
 */
export function blockedMessage(reasons: readonly string[], context = ''): string {
  return composeToolOutput(`Blocked by hook: ${reasons.join('; ')}`, [context]);
}

/** What the model sees for a call halted by a PreToolUse hook (L2): `Halted by hook: <reasons>`, then the context. */
export function haltedMessage(reasons: readonly string[], context = ''): string {
  return composeToolOutput(`Halted by hook: ${reasons.join('; ')}`, [context]);
}

/** What the model sees for a call the permission system refused (L2): `Permission denied: <tool_name>`, then the context. */
export function permissionDeniedMessage(toolName: string, context = ''): string {
  return composeToolOutput(`Permission denied: ${toolName}`, [context]);
}

/**
 * What the model sees for a call a hook asked about (K7) that was not confirmed: refused at the
 * prompt, or where no prompt can be shown (`--permission allow`, MCP, a session).
 *
 * @example
 * askRefusedMessage('fs_read', ['reads outside the project']);
 * // 'Permission denied: fs_read (a hook asked for confirmation: reads outside the project)'
 */
export function askRefusedMessage(toolName: string, reasons: readonly string[], context = ''): string {
  return composeToolOutput(`Permission denied: ${toolName} (a hook asked for confirmation: ${reasons.join('; ')})`, [
    context,
  ]);
}
