// SPEC E5: `cosh hooks run <session event> --input <json>`: the session events need no tool; their
// input is the event's own payload fields (`{"prompt": "…"}`, `{"source": "startup"}`,
// `{"stop_hook_active": true}`, `{"reason": "logout"}`), as their hooks receive them.
import type { SessionEvent, SessionEventCall, SessionEventResult } from '@cosh/hooks';
import type { CommandName } from '../cli-errors.ts';
import { UsageError } from '../cli-errors.ts';
import { hookRunJson, type HooksRunHookJson } from './hooks-run-json.ts';

/** How each session event's call is read from `--input` (its payload fields), one entry per event. */
const SESSION_INPUTS: {
  readonly [Event in SessionEvent]: (input: Readonly<Record<string, unknown>>) => SessionEventCall<Event> | string;
} = {
  UserPromptSubmit: (input) =>
    typeof input['prompt'] === 'string' ? { prompt: input['prompt'] } : '"prompt" must be a string',
  SessionStart: (input) => {
    const source = input['source'] ?? 'startup';
    return typeof source === 'string' ? { source } : '"source" must be a string (startup, resume or clear)';
  },
  Stop: (input) => {
    const active = input['stop_hook_active'] ?? false;
    return typeof active === 'boolean' ? { stopHookActive: active } : '"stop_hook_active" must be true or false';
  },
  SessionEnd: (input) => {
    const reason = input['reason'] ?? 'other';
    return typeof reason === 'string' ? { reason } : '"reason" must be a string';
  },
};

/** A session event's call from `--input`, or a usage error naming the field. */
export function sessionCallOf<Event extends SessionEvent>(
  event: Event,
  input: Readonly<Record<string, unknown>>,
  command: CommandName | undefined,
): SessionEventCall<Event> {
  const call = (
    SESSION_INPUTS[event] as (input: Readonly<Record<string, unknown>>) => SessionEventCall<Event> | string
  )(input);
  if (typeof call === 'string') throw new UsageError(`--input for ${event}: ${call}`, command);
  return call;
}

/** `cosh hooks run <session event> --json` (E5): the event's verdict, no tool fields. */
export interface SessionRunJson {
  readonly event: SessionEvent;
  readonly decision: SessionEventResult['decision'];
  readonly halt: boolean;
  readonly reasons: readonly string[];
  readonly context: string;
  readonly hooks: readonly HooksRunHookJson[];
  readonly diagnostics: SessionEventResult['diagnostics'];
}

/** The `--json` document of a session event's result, keys in a fixed order. */
export function sessionRunJson(result: SessionEventResult): SessionRunJson {
  return {
    event: result.event,
    decision: result.decision,
    halt: result.halt,
    reasons: [...result.reasons],
    context: result.context,
    hooks: result.hooks.map((hook) => ({ ...hookRunJson(hook), stdout: hook.stdout, stderr: hook.stderr })),
    diagnostics: result.diagnostics.map((diagnostic) => ({
      level: diagnostic.level,
      hook: diagnostic.hook,
      message: diagnostic.message,
    })),
  };
}
