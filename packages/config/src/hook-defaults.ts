// The defaults and limits of a hook entry (SPEC C5, K2): shared by the schema (as documentation
// for editors, C9) and by the code that turns a validated entry into a HookEntry, which needs no zod.

/** Seconds a hook may run when its entry sets no `timeout` (SPEC C5). */
export const DEFAULT_TIMEOUT_SECONDS = 60;

/** Seconds a `"protocol": "claude"` hook may run when its entry sets no `timeout` (SPEC K2). */
export const DEFAULT_CLAUDE_TIMEOUT_SECONDS = 600;

/** The largest `timeout` accepted: one day (SPEC C5). */
export const MAX_TIMEOUT_SECONDS = 86_400;
