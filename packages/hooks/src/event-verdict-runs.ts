// E6: what differs between the events around their hooks' run, one entry per verdict rule of
// `@cosh/spec`'s events table (`aggregator`): which calls are refused, what a failed call answers,
// how the hooks are selected and fed, and how their outcomes become the result. The steps every
// event shares (refusal, closed engine, cancellation, the engine's own failure) are written once,
// in runEventCall.
import { aggregatePostToolUse, aggregatePreToolUse, aggregateSessionEvent, type Diagnostic } from '@cosh/aggregate';
import { monotonicNow } from '@cosh/runner';
import type { Aggregator, HookEvent, SessionEvent } from '@cosh/spec';
import { describeError } from './describe-error.ts';
import type { EngineContext } from './engine-context.ts';
import { sessionCallProblem, toolCallProblem } from './engine-call-problems.ts';
import { failedPostToolUse, failedPreToolUse, failedSessionEvent } from './failed-results.ts';
import type {
  PostToolUseCall,
  PostToolUseResult,
  PreToolUseResult,
  SessionEventCall,
  SessionEventResult,
  ToolCall,
} from './hook-engine-types.ts';
import { isRecord } from './is-record.ts';
import type { EventHooksRun } from './run-event-hooks.ts';
import { sessionFields } from './session-event-payload.ts';
import { runSessionEventHooks } from './session-event-hooks.ts';
import { runToolEventHooks } from './tool-event-hooks.ts';

/** The reason of a call whose caller cancelled it while its hooks ran: their verdict is void. */
export const cancelledReason = 'the call was cancelled; its hooks were stopped';

/** The reason of every call made after `close()`: refused, since its hooks can no longer run. */
const closedEngineReason = 'the hook engine is closed';

/** One verdict rule's part of an event's run. */
export interface EventVerdictRun<Call, Result extends { readonly hooks: unknown }> {
  /** Why the engine cannot put this call through its hooks (the refusal's whole reason), or `null`. */
  invalid(event: HookEvent, call: Call): string | null;
  /** The result of a call that did not go through its hooks: refused where the event fails closed. */
  failed(event: HookEvent, call: Call, reason: string, startedAt: number): Result;
  /** Selects and runs the call's hooks. */
  hooks(engine: EngineContext, event: HookEvent, call: Call): Promise<EventHooksRun>;
  /** The result of hooks that ran. */
  verdict(event: HookEvent, call: Call, run: EventHooksRun, startedAt: number): Result;
  /** J1: what the journal is told the call was (a session event's own fields as its input), or `null`: not journaled. */
  journaled(event: HookEvent, call: Call, result: Result): ToolCall | null;
}

/** A tool call's verdict before it runs (A1–A7). */
const toolCallRun: EventVerdictRun<ToolCall, PreToolUseResult> = {
  invalid: invalidToolCall,
  failed: (_event, call, reason, startedAt) => failedPreToolUse(call, reason, startedAt),
  hooks: runToolEventHooks,
  verdict(_event, call, run, startedAt) {
    const verdict = aggregatePreToolUse(call.toolInput, run.outcomes);
    // The verdict's fields written out rather than spread: the same object, made in one step.
    return {
      event: 'PreToolUse',
      toolName: call.toolName,
      decision: verdict.decision,
      halt: verdict.halt,
      reasons: verdict.reasons,
      context: verdict.context,
      toolInput: verdict.toolInput,
      diagnostics: withRunDiagnostics(verdict.diagnostics, run),
      hooks: run.reports,
      durationMs: monotonicNow() - startedAt,
    };
  },
  journaled: journaledToolCall,
};

/** A tool output's verdict after the tool ran (P1–P4). */
const toolOutputRun: EventVerdictRun<PostToolUseCall, PostToolUseResult> = {
  invalid: invalidToolCall,
  failed: (_event, call, reason, startedAt) => failedPostToolUse(call, reason, startedAt),
  hooks: runToolEventHooks,
  verdict(_event, call, run, startedAt) {
    const verdict = aggregatePostToolUse(
      { toolOutput: call.toolOutput, preToolUseContext: call.preToolUseContext },
      run.outcomes,
    );
    return {
      event: 'PostToolUse',
      toolName: call.toolName,
      toolInput: call.toolInput,
      ...verdict,
      hooks: run.reports,
      durationMs: monotonicNow() - startedAt,
    };
  },
  journaled: journaledToolCall,
};

type AnySessionCall = SessionEventCall<SessionEvent>;

/** A session event's verdict (E1–E4). */
const sessionRun: EventVerdictRun<AnySessionCall, SessionEventResult> = {
  invalid(event, call) {
    const problem = sessionCallProblem(event as SessionEvent, call);
    return problem === null ? null : `invalid ${event} call: ${problem}`;
  },
  failed: (event, _call, reason, startedAt) => failedSessionEvent(event as SessionEvent, reason, startedAt),
  hooks: (engine, event, call) => runSessionEventHooks(engine, event as SessionEvent, call),
  verdict(event, call, run, startedAt) {
    const stopHookActive = event === 'Stop' && (call as SessionEventCall<'Stop'>).stopHookActive === true;
    const verdict = aggregateSessionEvent(event as SessionEvent, run.outcomes, { stopHookActive });
    return {
      event: event as SessionEvent,
      ...verdict,
      diagnostics: withRunDiagnostics(verdict.diagnostics, run),
      hooks: run.reports,
      durationMs: monotonicNow() - startedAt,
    };
  },
  // J1: journaled when at least one hook was selected (a prompt with no hooks is not a decision);
  // it has no tool, so its line's tool name is `""` and its input the event's own fields.
  journaled: (event, call, result) =>
    result.hooks.length > 0 ? { toolName: '', toolInput: sessionFields(event as SessionEvent, call) } : null,
};

/** The entry of each verdict rule. */
export const EVENT_VERDICT_RUNS = {
  'tool-call': toolCallRun,
  'tool-output': toolOutputRun,
  session: sessionRun,
} as const satisfies { readonly [Rule in Aggregator]: EventVerdictRun<never, { readonly hooks: unknown }> };

/**
 * One event's run, its verdict rule's entry around the steps every event shares. Never rejects:
 * a call the engine cannot put through its hooks fails closed (hooks that might have blocked it
 * never saw it).
 */
export async function runEventCall<Call, Result extends { readonly hooks: unknown }>(
  engine: EngineContext,
  rule: EventVerdictRun<Call, Result>,
  event: HookEvent,
  call: Call,
): Promise<Result> {
  const startedAt = monotonicNow();
  try {
    const problem = rule.invalid(event, call);
    if (problem !== null) return rule.failed(event, call, problem, startedAt);
    // SPEC S5: a config refused for want of trust denies every call, in every event.
    if (engine.config.refusal !== null) return rule.failed(event, call, engine.config.refusal, startedAt);
    if (engine.closed) return rule.failed(event, call, closedEngineReason, startedAt);
    const run = await rule.hooks(engine, event, call);
    // Hooks stopped half-way said nothing to rely on: a cancelled call never runs (fail closed).
    if ((call as { readonly signal?: AbortSignal | undefined }).signal?.aborted === true)
      return { ...rule.failed(event, call, cancelledReason, startedAt), hooks: run.reports };
    return rule.verdict(event, call, run, startedAt);
  } catch (error) {
    return rule.failed(event, call, `hook engine failed: ${describeError(error)}`, startedAt);
  }
}

function invalidToolCall(event: HookEvent, call: ToolCall): string | null {
  const problem = toolCallProblem(call, event);
  return problem === null ? null : `invalid tool call: ${problem}`;
}

/** J1: a tool call is journaled whatever its verdict, when it is a call at all. */
function journaledToolCall(_event: HookEvent, call: ToolCall): ToolCall | null {
  return isRecord(call) && typeof call.toolName === 'string' && isRecord(call.toolInput) ? call : null;
}

/** The verdict's own list is the call's when translating Claude inputs dropped nothing (the usual case). */
function withRunDiagnostics(verdictDiagnostics: readonly Diagnostic[], run: EventHooksRun): readonly Diagnostic[] {
  return run.diagnostics.length === 0 ? verdictDiagnostics : [...verdictDiagnostics, ...run.diagnostics];
}
