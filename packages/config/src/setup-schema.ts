import * as z from 'zod';
import { ON_ERROR_VALUES } from './hook-events.ts';

/** Seconds a hook may run when its entry sets no `timeout` (SPEC C5). */
export const DEFAULT_TIMEOUT_SECONDS = 60;

/** The largest `timeout` accepted: one day (SPEC C5). */
export const MAX_TIMEOUT_SECONDS = 86_400;

// One schema serves two jobs: validating a parsed file (C5, C6) and generating the JSON Schema
// editors use for completion (C9). Defaults are therefore documented with `meta` rather than
// applied with `.default()`, which would make the fields required in the generated schema; they
// are applied when the validated value becomes a HookEntry.

const hookEntrySchema = z
  .object({
    name: z
      .string()
      .optional()
      .meta({ description: 'Shown in listings and diagnostics. Defaults to the command.' }),
    command: z
      .string()
      .min(1)
      .regex(/\S/)
      .meta({
        description:
          'Run as `/bin/sh -c <command>`, with {"event","tool_name","tool_input"} (and "tool_output" after the call) as one line of JSON on stdin, and COSH_EVENT, COSH_TOOL_NAME, COSH_HOOK_NAME in the environment. Exit 0 with nothing or {"decision","reason","context","updated_input"} on stdout, exit 2 to deny, exit 49 to halt the turn.',
      }),
    matcher: z
      .string()
      .optional()
      .meta({
        description:
          'A regular expression searched in the tool name (case-sensitive, no flags): "bash_run" also matches "my_bash_runner", "^fs_read$" only fs_read. Absent or "" matches every tool. A matcher that does not compile means the hook never runs.',
        examples: ['^bash_run$', '^fs_(read|write)$', ''],
      }),
    timeout: z
      .number()
      .gt(0)
      .max(MAX_TIMEOUT_SECONDS)
      .optional()
      .meta({
        description:
          'Seconds before the hook and everything it started are killed (SIGTERM, then SIGKILL). Fractions allowed.',
        default: DEFAULT_TIMEOUT_SECONDS,
      }),
    onError: z
      .enum(ON_ERROR_VALUES)
      .optional()
      .meta({
        description:
          'What a hook that fails (crashes, times out, exits with another code) or prints invalid output counts as: "ignore" (no opinion) or "deny" (fail closed).',
        default: 'ignore',
      }),
    enabled: z
      .boolean()
      .optional()
      .meta({ description: 'false turns this one hook off, as if it were not there.', default: true }),
  })
  .meta({ title: 'Hook', description: 'A shell command run for every tool call its matcher selects.' });

const hookListSchema = z.array(hookEntrySchema);

const hooksSchema = z
  .object({
    PreToolUse: hookListSchema.optional().meta({
      description:
        'Run before a tool call is dispatched: they can deny it, auto-approve it, rewrite its input, add context, or halt the turn.',
    }),
    PostToolUse: hookListSchema.optional().meta({
      description:
        'Run after a tool call succeeded, before its output enters history: they can add context, flag the output (deny), or halt the turn.',
    }),
  })
  .meta({ description: 'Event name → the hooks run for it, in order.' });

const hooksEnabledSchema = z
  .object({
    PreToolUse: z.boolean().optional().meta({ default: true }),
    PostToolUse: z.boolean().optional().meta({ default: true }),
  })
  .meta({ description: 'Turns every hook of an event on or off. A missing key means enabled.' });

/**
 * setup.json: a shared settings file, so keys other than these are kept and ignored (SPEC C3).
 * `hooks` and its entries are closed objects, which makes editors flag misspelt events and
 * fields the way `cosh hooks validate` warns about them (C4, C5).
 */
export const setupFileSchema = z
  .looseObject({
    $schema: z.string().optional().meta({ description: 'The JSON Schema of this file, for editors.' }),
    hooks: hooksSchema.optional(),
    hooksEnabled: hooksEnabledSchema.optional(),
  })
  .meta({
    title: 'Cosh setup.json',
    description: 'Cosh settings. The hooks section configures lifecycle hooks run around every tool call.',
  });

/** The known fields of a hook entry, for "did you mean" suggestions. */
export const HOOK_ENTRY_FIELDS: readonly string[] = Object.keys(hookEntrySchema.shape);
