import { type HookRunJson, type HooksRunJson, hookRunJson, hooksRunJson } from '@cosh/cosh-cli';
import type { HookReport, PostToolUseResult, PreToolUseResult } from '@cosh/hooks';
import type { ToolCallResult } from '../tool-host-types.ts';

/** The status of a call in a record: the host's, or `skipped` (`cosh session`, after a halt, L3). */
export type CallRecordStatus = 'ok' | 'error' | 'blocked' | 'halted' | 'skipped';

/** One selected hook in a verdict: the fields of `cosh hooks run --json`, plus its reason and context. */
export interface HookSummaryJson extends HookRunJson {
  /** Why it denied or halted; else `null`. */
  readonly reason: string | null;
  /** The context it added; else `null`. */
  readonly context: string | null;
}

/** What the hooks of one event decided about the call: `cosh hooks run --json`'s verdict fields. */
export interface VerdictJson extends Pick<HooksRunJson, 'decision' | 'halt' | 'reasons' | 'context' | 'diagnostics'> {
  readonly hooks: readonly HookSummaryJson[];
  readonly duration_ms: number;
}

/** PreToolUse's verdict also gives the input after its rewrites (A7), whether or not the tool ran. */
export interface PreToolUseVerdictJson extends VerdictJson, Pick<HooksRunJson, 'tool_input'> {}

/**
 * One call as a JSON record: a line of the history file, a result line of `cosh session` and
 * the document of `cosh exec --json`. snake_case, every key always present (`null` when it does
 * not apply), in this order.
 */
export interface CallRecordJson {
  /** The caller's id (`cosh session`), as given; `null` when none. */
  readonly id: unknown;
  /** When the call started, ISO 8601 UTC. */
  readonly timestamp: string;
  /** `null` only for a session line whose tool name could not be read. */
  readonly tool_name: string | null;
  readonly status: CallRecordStatus;
  /**
   * Why a call never reached the hooks: `unknown_tool`, `invalid_input` (the registry), or a
   * session line that is not a call (`invalid_json`, `nested_too_deep`, `not_an_object`,
   * `missing_tool_name`, `invalid_tool_name`, `unknown_type`, `line_too_long`). `null` for every
   * call that did.
   */
  readonly error_code: string | null;
  readonly blocked_by: 'hook' | 'permission' | null;
  /** Exactly what enters the model's history. */
  readonly output: string;
  /** The input as the caller gave it. */
  readonly tool_input_as_given: unknown;
  /** The input the tool ran with (after PreToolUse rewrites); `null` when it did not run. */
  readonly tool_input: Readonly<Record<string, unknown>> | null;
  /** `null` when no hook was asked (a rejected or skipped call). */
  readonly pre_tool_use: PreToolUseVerdictJson | null;
  /** `null` unless the tool ran and succeeded (P1). */
  readonly post_tool_use: VerdictJson | null;
  /** A hook halted the turn (L3): the caller dispatches no more calls of this turn. */
  readonly halt: boolean;
  readonly halt_reasons: readonly string[];
  /** Why the permission system refused, and how to allow it (for people). */
  readonly permission_message: string | null;
  /** Whole milliseconds per stage; `null` for a stage that did not happen. */
  readonly durations_ms: {
    readonly pre_tool_use: number | null;
    readonly permission: number | null;
    readonly tool: number | null;
    readonly post_tool_use: number | null;
    readonly total: number;
  };
}

const milliseconds = (value: number): number => Math.round(value);
const optionalMilliseconds = (value: number | null): number | null => (value === null ? null : Math.round(value));

function hookSummary(hook: HookReport): HookSummaryJson {
  return { ...hookRunJson(hook), reason: hook.reason, context: hook.context };
}

/** One event's verdict as JSON (hooks' stdout and stderr are left out: they can be megabytes). */
export function verdictJson(result: PreToolUseResult | PostToolUseResult): VerdictJson {
  const { decision, halt, reasons, context, diagnostics } = hooksRunJson(result);
  return {
    decision,
    halt,
    reasons,
    context,
    diagnostics,
    hooks: result.hooks.map(hookSummary),
    duration_ms: milliseconds(result.durationMs),
  };
}

/** The record of a call that went through the host. */
export function callRecord(result: Omit<ToolCallResult, 'historyError'>, id: unknown = null): CallRecordJson {
  return {
    id: id ?? null,
    timestamp: result.timestamp,
    tool_name: result.toolName,
    status: result.status,
    error_code: result.rejected,
    blocked_by: result.blockedBy,
    output: result.output,
    tool_input_as_given: result.inputAsGiven ?? null,
    tool_input: result.inputAsRun,
    pre_tool_use: result.pre === null ? null : { ...verdictJson(result.pre), tool_input: result.pre.toolInput },
    post_tool_use: result.post === null ? null : verdictJson(result.post),
    halt: result.halt,
    halt_reasons: [...result.haltReasons],
    permission_message: result.permissionMessage,
    durations_ms: {
      pre_tool_use: optionalMilliseconds(result.durations.preToolUseMs),
      permission: optionalMilliseconds(result.durations.permissionMs),
      tool: optionalMilliseconds(result.durations.toolMs),
      post_tool_use: optionalMilliseconds(result.durations.postToolUseMs),
      total: milliseconds(result.durations.totalMs),
    },
  };
}

/**
 * The record of something that reached no hook and ran nothing: a call skipped after a halt
 * (`status: 'skipped'`), or a session line that is not a call (`status: 'error'` with its
 * `error_code`).
 */
export function unrunRecord(fields: {
  readonly id: unknown;
  readonly timestamp?: string | undefined;
  readonly toolName: string | null;
  readonly status: 'error' | 'skipped';
  readonly errorCode: string | null;
  readonly output: string;
  readonly inputAsGiven: unknown;
}): CallRecordJson {
  return {
    id: fields.id ?? null,
    timestamp: fields.timestamp ?? new Date().toISOString(),
    tool_name: fields.toolName,
    status: fields.status,
    error_code: fields.errorCode,
    blocked_by: null,
    output: fields.output,
    tool_input_as_given: fields.inputAsGiven ?? null,
    tool_input: null,
    pre_tool_use: null,
    post_tool_use: null,
    halt: false,
    halt_reasons: [],
    permission_message: null,
    durations_ms: { pre_tool_use: null, permission: null, tool: null, post_tool_use: null, total: 0 },
  };
}
