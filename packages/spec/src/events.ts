// SPEC C4, L1, A, P, R13, E1–E6: the events a hook can be attached to, one entry each. Adding an
// event is one entry here: the compiler then names every place that reads a rule of it (config's
// validation, aggregate's wording and verdict, the engine's payload, each agent's name for it).
import type { AgentName } from './agents.ts';

/** The events a hook can be attached to: a tool call's two, then the session's (E1–E4). */
export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'SessionStart',
  'Stop',
  'SessionEnd',
] as const;

/** One of {@link HOOK_EVENTS}. */
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** The events of one tool call (L1): their hooks see a tool name and input. */
export const TOOL_EVENTS = ['PreToolUse', 'PostToolUse'] as const satisfies readonly HookEvent[];

/** `PreToolUse` or `PostToolUse`. */
export type ToolEvent = (typeof TOOL_EVENTS)[number];

/** The session events of SPEC E (E1–E4): their hooks see no tool. */
export type SessionEvent = Exclude<HookEvent, ToolEvent>;

/** What a matcher of the event is tested against (M1, E1–E4): nothing means it runs for every call. */
export type MatcherSubject = 'tool_name' | 'source' | 'reason' | 'none';

/**
 * Which verdict rule reads the event's outcomes: a tool call's (A1–A7), a tool output's (P1–P4), or
 * a session event's (E1–E4, what counts of it being the entry's `honours`).
 */
export type Aggregator = 'tool-call' | 'tool-output' | 'session';

/** What a verdict of the event may do; what it may not is reported as a warning, never enforced. */
export interface EventHonours {
  /** A deny counts: it blocks the call, flags the output, blocks the prompt or says "not yet". */
  readonly deny: boolean;
  /** A halt ends the turn (A1). */
  readonly halt: boolean;
  /** `allow` and `ask` reach the permission system (A3, K7). */
  readonly permission: boolean;
  /** A hook's rewritten input counts (A7). */
  readonly updatedInput: boolean;
  /** `context` is added to what the model receives (A6, P2, E1, E2). */
  readonly context: boolean;
}

/** How the outcome rules word a deny and a failure in one event (O3, O5, P2). */
export interface EventWording {
  /** O3's default deny reason (P2's in PostToolUse). */
  defaultDenyReason(hookName: string): string;
  /** What a failure did when it counts as a deny (`"onError": "deny"`). */
  readonly failedClosed: string;
  /** What a failure did when it counts as nothing; `how` says how the hook would deny. */
  failedOpen(how: string): string;
}

/** Everything that differs between two events, in one place. */
export interface EventSpec {
  /** When its hooks run (L1, E1–E4), for listings and docs. */
  readonly runs: string;
  /** The fields of its Cosh payload besides `event`, `session_id` and `cwd` (R3, E5). */
  readonly payloadFields: readonly string[];
  /** What its matcher tests (M1, E1–E4). */
  readonly matcherSubject: MatcherSubject;
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
   * before the call goes on, an async hook would be a guard that never guards: a C6 error.
   */
  readonly allowsAsync: boolean;
  /** What a verdict of it can do (A1–A7, P2–P4, E1–E4), for listings and docs. */
  readonly verdict: string;
  /** What a verdict of it can do, as flags the verdict rule reads. */
  readonly honours: EventHonours;
  /** Which verdict rule reads its outcomes. */
  readonly aggregator: Aggregator;
  /**
   * A call the engine cannot put through its hooks (an invalid call, an untrusted config, a
   * closed engine) is refused: its guards never saw it (L7, S5). Where nothing is enforced, or a
   * refusal would hold the agent (a stop), it is an error diagnostic only.
   */
  readonly failsClosed: boolean;
  /** How its outcomes are worded (O3, O5, P2). */
  readonly wording: EventWording;
  /** Each agent's name for it (K8–K10, E5); `null` where the agent has no such event. */
  readonly agentNames: { readonly [Agent in AgentName]: string | null };
}

const sessionWording = (what: string, deny: string): EventWording => ({
  defaultDenyReason: (hookName) => `${deny} by hook '${hookName}'`,
  failedClosed: `the ${what} is refused ("onError": "deny")`,
  failedOpen: (how) => `the ${what} was not blocked (${how} blocks; "onError": "deny" fails closed)`,
});

const reportOnly = (what: string): EventWording => ({
  defaultDenyReason: (hookName) => `refused by hook '${hookName}'`,
  failedClosed: `nothing is enforced at ${what}`,
  failedOpen: () => `nothing is enforced at ${what}`,
});

/** The events (C4, E): how each one's hooks are fed, selected, what they may do, and its names. */
export const EVENTS = {
  SessionStart: {
    runs: 'when a session starts or resumes',
    payloadFields: ['source'],
    matcherSubject: 'source',
    carriesToolOutput: false,
    rewritesInput: false,
    allowsAsync: false,
    verdict: 'add context at the start of the session (deny and halt are warnings)',
    honours: { deny: false, halt: false, permission: false, updatedInput: false, context: true },
    aggregator: 'session',
    failsClosed: false,
    wording: reportOnly('a session start'),
    agentNames: { claude: 'SessionStart', codex: 'SessionStart', gemini: 'SessionStart' },
  },
  UserPromptSubmit: {
    runs: 'before a prompt reaches the model',
    payloadFields: ['prompt'],
    matcherSubject: 'none',
    carriesToolOutput: false,
    rewritesInput: false,
    allowsAsync: false,
    verdict: 'halt, block the prompt (deny), add context',
    honours: { deny: true, halt: true, permission: false, updatedInput: false, context: true },
    aggregator: 'session',
    failsClosed: true,
    wording: sessionWording('prompt', 'blocked'),
    agentNames: { claude: 'UserPromptSubmit', codex: 'UserPromptSubmit', gemini: 'BeforeAgent' },
  },
  PreToolUse: {
    runs: 'before a tool call is dispatched',
    payloadFields: ['tool_name', 'tool_input'],
    matcherSubject: 'tool_name',
    carriesToolOutput: false,
    rewritesInput: true,
    allowsAsync: false,
    verdict: 'halt, deny, ask, allow (skip the permission prompt), rewrite the input, add context',
    honours: { deny: true, halt: true, permission: true, updatedInput: true, context: true },
    aggregator: 'tool-call',
    failsClosed: true,
    wording: {
      defaultDenyReason: (hookName) => `blocked by hook '${hookName}'`,
      failedClosed: 'the call is refused ("onError": "deny")',
      failedOpen: (how) => `the call was not blocked (${how} blocks; "onError": "deny" fails closed)`,
    },
    agentNames: { claude: 'PreToolUse', codex: 'PreToolUse', gemini: 'BeforeTool' },
  },
  PostToolUse: {
    runs: 'after a tool call succeeded, before its output enters history',
    payloadFields: ['tool_name', 'tool_input', 'tool_output'],
    matcherSubject: 'tool_name',
    carriesToolOutput: true,
    rewritesInput: false,
    allowsAsync: true,
    verdict: 'halt, flag the output (deny), add context',
    honours: { deny: true, halt: true, permission: false, updatedInput: false, context: true },
    aggregator: 'tool-output',
    failsClosed: true,
    wording: {
      defaultDenyReason: (hookName) => `hook '${hookName}' flagged this output`,
      failedClosed: 'the output is flagged ("onError": "deny")',
      failedOpen: (how) => `the output was not flagged (${how} flags it; "onError": "deny" fails closed)`,
    },
    agentNames: { claude: 'PostToolUse', codex: 'PostToolUse', gemini: 'AfterTool' },
  },
  Stop: {
    runs: 'when the agent is about to end its turn',
    payloadFields: ['stop_hook_active'],
    matcherSubject: 'none',
    carriesToolOutput: false,
    rewritesInput: false,
    allowsAsync: false,
    verdict: 'not yet (deny: the reasons tell the agent to go on), halt',
    honours: { deny: true, halt: true, permission: false, updatedInput: false, context: false },
    aggregator: 'session',
    failsClosed: false,
    wording: sessionWording('stop', 'refused'),
    agentNames: { claude: 'Stop', codex: 'Stop', gemini: 'AfterAgent' },
  },
  SessionEnd: {
    runs: 'when a session ends',
    payloadFields: ['reason'],
    matcherSubject: 'reason',
    carriesToolOutput: false,
    rewritesInput: false,
    allowsAsync: false,
    verdict: 'nothing is enforced: the hooks run to completion',
    honours: { deny: false, halt: false, permission: false, updatedInput: false, context: false },
    aggregator: 'session',
    failsClosed: false,
    wording: reportOnly('a session end'),
    agentNames: { claude: 'SessionEnd', codex: 'SessionEnd', gemini: 'SessionEnd' },
  },
} as const satisfies Record<HookEvent, EventSpec>;

/** The entry of `event`. */
export function eventSpec(event: HookEvent): EventSpec {
  return EVENTS[event];
}

/** Whether `value` names an event exactly (case-sensitive, as in setup.json). */
export function isHookEvent(value: unknown): value is HookEvent {
  return typeof value === 'string' && Object.hasOwn(EVENTS, value);
}

/** Whether `event` is one of a tool call's events (its hooks see a tool). */
export function isToolEvent(event: HookEvent): event is ToolEvent {
  return EVENTS[event].matcherSubject === 'tool_name';
}

/** The events whose hooks may be `async` (R13). */
export const EVENTS_ALLOWING_ASYNC: readonly HookEvent[] = HOOK_EVENTS.filter((event) => EVENTS[event].allowsAsync);

/**
 * The event an agent's name stands for (`BeforeTool` → `PreToolUse` for Gemini CLI), or `undefined`
 * for a name the agent does not use for any event.
 */
export function eventOfAgentName(agent: AgentName, name: string): HookEvent | undefined {
  return HOOK_EVENTS.find((event) => EVENTS[event].agentNames[agent] === name);
}

/**
 * The agent's names of `events` (those it has), each naming the Cosh event it stands for, in the
 * order of `events`: what a bridge reads `hook_event_name` against.
 *
 * @example
 * agentEventNames('gemini', TOOL_EVENTS); // { BeforeTool: 'PreToolUse', AfterTool: 'PostToolUse' }
 */
export function agentEventNames<Event extends HookEvent>(
  agent: AgentName,
  events: readonly Event[],
): Readonly<Record<string, Event>> {
  const names: Record<string, Event> = {};
  for (const event of events) {
    const name = EVENTS[event].agentNames[agent];
    if (name !== null) names[name] = event;
  }
  return names;
}
