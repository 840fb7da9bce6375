import { HOOK_EVENTS, type HookEvent, isHookEvent, listedEvents, suggestClosest } from '@cosh/config';
import { type CommandName, UsageError } from '../cli-errors.ts';

/**
 * The `<event>` argument of `hooks run` and `hooks enable|disable`: an event exactly as
 * setup.json spells it, else bad usage naming the closest event (`pretooluse` → PreToolUse).
 */
export function parseEventArgument(event: string, command: CommandName | undefined): HookEvent {
  if (isHookEvent(event)) return event;
  const closest = suggestClosest(event, HOOK_EVENTS);
  const suggestion = closest === undefined ? `expected ${listedEvents('or')}` : `did you mean ${closest}?`;
  throw new UsageError(`unknown event '${event}' (${suggestion})`, command);
}
