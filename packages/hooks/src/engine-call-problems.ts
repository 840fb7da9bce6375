// What the engine refuses before any hook sees a call (L7, E1–E4): a call it cannot describe to
// hooks is denied, never run as if its hooks had allowed it.
import { EVENTS, type HookEvent, type SessionEvent } from '@cosh/spec';
import { isRecord } from './is-record.ts';
import { toolNameProblem } from './tool-name-problem.ts';

/** Why the engine cannot describe this tool call to hooks, or `null` when it can. */
export function toolCallProblem(call: unknown, event: HookEvent): string | null {
  if (!isRecord(call)) return 'the call must be an object';
  if (typeof call['toolName'] !== 'string') return 'toolName must be a string';
  // L7: refused even when no hook matches, since a host may mishandle such a name too.
  const nameProblem = toolNameProblem(call['toolName']);
  if (nameProblem !== null) return nameProblem;
  if (!isRecord(call['toolInput'])) return 'toolInput must be a JSON object';
  const placeProblem = callPlaceProblem(call);
  if (placeProblem !== null) return placeProblem;
  if (call['mcpServer'] !== undefined && typeof call['mcpServer'] !== 'string') return 'mcpServer must be a string';
  if (call['toolUseId'] !== undefined && typeof call['toolUseId'] !== 'string') return 'toolUseId must be a string';
  if (EVENTS[event].carriesToolOutput) {
    if (typeof call['toolOutput'] !== 'string') return 'toolOutput must be a string';
    const context = call['preToolUseContext'];
    if (context !== undefined && typeof context !== 'string') return 'preToolUseContext must be a string';
  }
  return null;
}

/** Why the engine cannot describe this session call to hooks (E1–E4), or `null` when it can. */
export function sessionCallProblem(event: SessionEvent, call: unknown): string | null {
  if (!isRecord(call)) return 'the call must be an object';
  const placeProblem = callPlaceProblem(call);
  if (placeProblem !== null) return placeProblem;
  for (const field of EVENTS[event].payloadFields) {
    const value = field === 'stop_hook_active' ? call['stopHookActive'] : call[field];
    if (field === 'stop_hook_active') {
      if (value !== undefined && typeof value !== 'boolean') return 'stopHookActive must be a boolean';
    } else if (typeof value !== 'string') return `${field} must be a string`;
  }
  return null;
}

/** What every event's call may carry: where its hooks run and its cancellation. */
function callPlaceProblem(call: Readonly<Record<string, unknown>>): string | null {
  if (call['cwd'] !== undefined && typeof call['cwd'] !== 'string') return 'cwd must be a string';
  if (call['signal'] !== undefined && !(call['signal'] instanceof AbortSignal)) return 'signal must be an AbortSignal';
  return null;
}
