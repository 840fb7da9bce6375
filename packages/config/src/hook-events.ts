import {
  EVENTS_ALLOWING_ASYNC as ASYNC_EVENTS,
  HOOK_EVENTS as EVENTS_OF_TABLE,
  type HookEvent as Event,
  isToolEvent,
} from '@cosh/spec';

/**
 * The events setup.json files hooks under (C4, E): `@cosh/spec`'s events table, a tool call's two
 * first, then the session's.
 */
export const HOOK_EVENTS = EVENTS_OF_TABLE;

/** One of {@link HOOK_EVENTS}. */
export type HookEvent = Event;

/**
 * The events a listing shows (`hooks list`, the settings screen): a tool call's two always, a
 * session event (E) when it has hooks or is turned off, so a setup of tool hooks only reads as
 * it always did.
 */
export function eventsToShow(config: {
  readonly hooks: Readonly<Record<HookEvent, readonly unknown[]>>;
  readonly hooksEnabled: Readonly<Record<HookEvent, boolean>>;
}): HookEvent[] {
  return HOOK_EVENTS.filter(
    (event) => isToolEvent(event) || config.hooks[event].length > 0 || !config.hooksEnabled[event],
  );
}

/** The events as a sentence: `PreToolUse, PostToolUse, … and SessionEnd` (C4's messages). */
export function listedEvents(conjunction = 'and'): string {
  return `${HOOK_EVENTS.slice(0, -1).join(', ')} ${conjunction} ${HOOK_EVENTS.at(-1)}`;
}

/** What an `error` or `invalid` outcome of a hook counts as: nothing (`ignore`) or a deny (`deny`). */
export const ON_ERROR_VALUES = ['ignore', 'deny'] as const;

/** What an `error` or `invalid` outcome of a hook counts as (SPEC O5). */
export type OnError = (typeof ON_ERROR_VALUES)[number];

/** Whether `value` names a hook event exactly (case-sensitive, as in setup.json). */
export function isHookEvent(value: unknown): value is HookEvent {
  return typeof value === 'string' && (HOOK_EVENTS as readonly string[]).includes(value);
}

/**
 * SPEC R13: the events whose hooks may be `async` (the call does not wait for them): the events
 * table's `allowsAsync`. Before the call runs (PreToolUse) an async hook would be a guard that
 * never guards: a C6 error.
 */
export const EVENTS_ALLOWING_ASYNC: readonly HookEvent[] = HOOK_EVENTS.filter((event) => ASYNC_EVENTS.includes(event));

/** SPEC B5: how `bash_run` is sandboxed (`auto` is the default). */
export const SANDBOX_MODES = ['auto', 'required', 'off'] as const;

/** One of {@link SANDBOX_MODES}. */
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** The hook protocols a hook entry can speak (SPEC C5, K1). */
export const HOOK_PROTOCOLS = ['cosh', 'claude'] as const;

/** `cosh` (default: SPEC R3, O1–O6) or `claude` (Claude Code's hook protocol, SPEC K1–K5). */
export type HookProtocol = (typeof HOOK_PROTOCOLS)[number];
