// SPEC L1, R3, K4, A7, P1–P3, R13: what differs between the two events, one entry each. Adding an
// event is one entry here (and its name in `@cosh/config`'s HOOK_EVENTS): the compiler then names
// every place that reads a rule.
import type { HookEvent } from '@cosh/config';

/** The rules of one event that the engine, its payloads and its hosts follow. */
export interface EventRules {
  /** When its hooks run in a tool call's lifecycle (L1), for listings and docs. */
  readonly runs: string;
  /**
   * Its hooks are sent the tool's output (R3's `tool_output`, K4's `tool_response`), and a call
   * of it must carry one (P1).
   */
  readonly carriesToolOutput: boolean;
  /**
   * A hook's rewritten input counts (A7: merged before the permission system sees the call), so a
   * Claude hook's `updatedInput` is translated back to the Cosh tool's fields (K5); where it does
   * not count (P3) it is left as printed and only reported.
   */
  readonly rewritesInput: boolean;
  /**
   * Its hooks may be `async` (R13): the call does not wait for them. Where the verdict matters
   * before the call runs (PreToolUse), an async hook would be a guard that never guards: a C6
   * error in `@cosh/config`.
   */
  readonly allowsAsync: boolean;
  /** What a verdict of it can do (A1–A7, P2–P4), for listings and docs. */
  readonly verdict: string;
}

/** The two events (C4): how each one's hooks are fed, what they may do, and what is shown. */
export const EVENT_RULES = {
  PreToolUse: {
    runs: 'before a tool call is dispatched',
    carriesToolOutput: false,
    rewritesInput: true,
    allowsAsync: false,
    verdict: 'halt, deny, ask, allow (skip the permission prompt), rewrite the input, add context',
  },
  PostToolUse: {
    runs: 'after a tool call succeeded, before its output enters history',
    carriesToolOutput: true,
    rewritesInput: false,
    allowsAsync: true,
    verdict: 'halt, flag the output (deny), add context',
  },
} as const satisfies Record<HookEvent, EventRules>;

/** The rules of `event`. */
export function eventRules(event: HookEvent): EventRules {
  return EVENT_RULES[event];
}
