import { EVENTS_ALLOWING_ASYNC as ASYNC_EVENTS, TOOL_EVENTS, type ToolEvent } from '@cosh/spec';

/**
 * The events setup.json files hooks under (C4), from `@cosh/spec`'s events table: the tool
 * events, in the order a tool call meets them.
 */
export const HOOK_EVENTS = TOOL_EVENTS;

/** `PreToolUse` (before a tool call is dispatched) or `PostToolUse` (after it succeeded). */
export type HookEvent = ToolEvent;

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
