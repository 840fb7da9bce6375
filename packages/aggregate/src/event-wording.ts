import type { HookEvent } from './hook-outcome.ts';

/** How the outcome rules word a deny and a failure in one event (O3, O5, P2). */
interface EventWording {
  /** O3's default deny reason (P2's in PostToolUse). */
  defaultDenyReason(hookName: string): string;
  /** What a failure did when it counts as a deny (`"onError": "deny"`). */
  readonly failedClosed: string;
  /** What a failure did when it counts as nothing; `how` says how the hook would deny. */
  failedOpen(how: string): string;
}

/** One entry per event: adding an event is one entry here, which the compiler asks for. */
export const EVENT_WORDING = {
  PreToolUse: {
    defaultDenyReason: (hookName) => `blocked by hook '${hookName}'`,
    failedClosed: 'the call is refused ("onError": "deny")',
    failedOpen: (how) => `the call was not blocked (${how} blocks; "onError": "deny" fails closed)`,
  },
  PostToolUse: {
    defaultDenyReason: (hookName) => `hook '${hookName}' flagged this output`,
    failedClosed: 'the output is flagged ("onError": "deny")',
    failedOpen: (how) => `the output was not flagged (${how} flags it; "onError": "deny" fails closed)`,
  },
} as const satisfies Record<HookEvent, EventWording>;
