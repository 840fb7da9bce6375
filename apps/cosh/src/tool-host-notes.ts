import { escapeForTerminal } from '@cosh/cosh-cli';
import type { ToolCallResult } from './tool-host-types.ts';

/**
 * What a person should read on stderr about one call, one line each, without a prefix: the
 * hooks' diagnostics (a broken hook, a merge conflict), why the permission system refused it
 * and how to allow it, a halt that came after the tool ran (the output itself does not say
 * so, P4), and a history line that could not be written. Hook text is made inert (control
 * characters escaped) so it cannot drive the terminal.
 */
export function callNotes(
  result: Pick<ToolCallResult, 'toolName' | 'pre' | 'post' | 'blockedBy' | 'permissionMessage' | 'historyError'>,
): string[] {
  const notes: string[] = [];
  for (const verdict of [result.pre, result.post]) {
    for (const diagnostic of verdict?.diagnostics ?? [])
      notes.push(`${verdict?.event}: ${diagnostic.level}: ${escapeForTerminal(diagnostic.message)}`);
  }
  const tool = escapeForTerminal(result.toolName);
  if (result.blockedBy === 'permission' && result.permissionMessage !== null) {
    notes.push(`${tool} was not run: ${escapeForTerminal(result.permissionMessage)}`);
  }
  if (result.post?.halt === true) {
    notes.push(
      `a PostToolUse hook halted the turn after ${tool} ran: ${escapeForTerminal(result.post.reasons.join('; '))}`,
    );
  }
  if (result.historyError !== null) notes.push(`warning: ${escapeForTerminal(result.historyError)}`);
  return notes;
}
