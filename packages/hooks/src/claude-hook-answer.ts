import { isDeepStrictEqual } from 'node:util';
import type { Diagnostic, PreToolUseVerdict } from '@cosh/aggregate';
import type { HookEvent } from '@cosh/config';
import { toClaudeFieldsOf } from './claude-tool-input.ts';

type ToolInput = Readonly<Record<string, unknown>>;

/** Claude Code's `hookSpecificOutput` as the bridge fills it (K8). */
export interface ClaudeSpecificAnswer {
  readonly hookEventName: HookEvent;
  readonly permissionDecision?: 'allow' | 'deny' | 'ask';
  readonly permissionDecisionReason?: string;
  readonly updatedInput?: ToolInput;
  readonly additionalContext?: string;
}

/** The one JSON line `cosh claude-hook` prints: Claude Code's hook output (K8). */
export interface ClaudeHookAnswer {
  readonly continue?: false;
  readonly stopReason?: string;
  /** PostToolUse: `block` feeds `reason` to the model (Cosh's `[hook]` lines). */
  readonly decision?: 'block';
  readonly reason?: string;
  /** For the person, never the model: the Cosh hooks' diagnostics, or the bridge's own failure. */
  readonly systemMessage?: string;
  /** Absent only when the event is unknown (stdin that could not be read). */
  readonly hookSpecificOutput?: ClaudeSpecificAnswer;
}

/** What the bridge answers from: the verdict of the Cosh hooks of one event. */
export type AnsweredVerdict = Pick<PreToolUseVerdict, 'decision' | 'halt' | 'reasons' | 'context' | 'diagnostics'> & {
  /** PreToolUse: the input after the hooks' rewrites (A7), in the Cosh tool's fields. */
  readonly toolInput?: ToolInput | undefined;
};

/** The Claude call the verdict is about, for carrying a rewrite back into Claude's fields. */
export interface AnsweredCall {
  /** The Cosh tool name the Claude tool was read as (`fromClaudeToolName`). */
  readonly toolName: string;
  readonly mcpServer?: string | null | undefined;
  /** The payload's `cwd`: rewritten paths are made absolute against it. */
  readonly cwd: string;
  /** `tool_input` as Claude sent it. */
  readonly claudeInput: ToolInput;
  /** The same input as the Cosh hooks received it (`toCoshToolInput`). */
  readonly coshInput: ToolInput;
}

function joinReasons(reasons: readonly string[]): string {
  return reasons.join('; ');
}

/** The fields of `after` that differ from `before` (A7 adds or replaces, never removes). */
function changedFields(before: ToolInput, after: ToolInput): ToolInput | null {
  if (after === before) return null;
  const changed: Record<string, unknown> = {};
  let any = false;
  for (const key of Object.keys(after)) {
    if (Object.hasOwn(before, key) && isDeepStrictEqual(before[key], after[key])) continue;
    Object.defineProperty(changed, key, { value: after[key], writable: true, enumerable: true, configurable: true });
    any = true;
  }
  return any ? changed : null;
}

/** Claude's input with the Cosh hooks' rewrites laid over it, the untouched original fields kept. */
function rewrittenClaudeInput(verdict: AnsweredVerdict, call: AnsweredCall): ToolInput | null {
  if (verdict.toolInput === undefined) return null;
  const changed = changedFields(call.coshInput, verdict.toolInput);
  if (changed === null) return null;
  const rewritten: Record<string, unknown> = {};
  const fields = [call.claudeInput, toClaudeFieldsOf(call.toolName, changed, call.cwd, call.mcpServer)];
  for (const source of fields) {
    for (const key of Object.keys(source)) {
      Object.defineProperty(rewritten, key, {
        value: source[key],
        writable: true,
        enumerable: true,
        configurable: true,
      });
    }
  }
  return rewritten;
}

function systemMessageOf(diagnostics: readonly Diagnostic[]): string | null {
  return diagnostics.length === 0 ? null : diagnostics.map((diagnostic) => diagnostic.message).join('\n');
}

/**
 * The answer of `cosh claude-hook` (K8): the verdict of the Cosh hooks of one event, in Claude
 * Code's hook protocol. Always carries `hookSpecificOutput.hookEventName`; then
 *
 * - halt → `continue: false` with `stopReason` (the reasons joined with `; `); in PreToolUse also a
 *   deny, so that a host that ignores `continue` still does not run the call;
 * - PreToolUse deny → `permissionDecision: "deny"`, ask → `"ask"` (both with the reasons), allow →
 *   `"allow"`; none → no decision (Claude's own permission rules apply);
 * - a rewritten input (allow, ask, none) → `updatedInput`: Claude's input with the rewritten fields
 *   in Claude's terms laid over it, every untouched original field kept;
 * - PostToolUse deny (Cosh's `[hook]` lines) → `decision: "block"` with the reasons;
 * - a context → `additionalContext`; diagnostics → `systemMessage`, one per line.
 *
 * @example
 * claudeHookAnswer('PreToolUse', { decision: 'deny', halt: false, reasons: ['rm -rf is not allowed'],
 *   context: '', diagnostics: [] });
 * // { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny',
 * //   permissionDecisionReason: 'rm -rf is not allowed' } }
 */
export function claudeHookAnswer(event: HookEvent, verdict: AnsweredVerdict, call?: AnsweredCall): ClaudeHookAnswer {
  let specific: ClaudeSpecificAnswer = { hookEventName: event };
  let answer: Omit<ClaudeHookAnswer, 'hookSpecificOutput'> = {};

  if (verdict.halt) {
    answer = { continue: false, stopReason: joinReasons(verdict.reasons) };
    if (event === 'PreToolUse') {
      specific = { ...specific, permissionDecision: 'deny', permissionDecisionReason: joinReasons(verdict.reasons) };
    }
  } else if (event === 'PreToolUse') {
    if (verdict.decision === 'deny' || verdict.decision === 'ask') {
      specific = {
        ...specific,
        permissionDecision: verdict.decision,
        permissionDecisionReason: joinReasons(verdict.reasons),
      };
    } else if (verdict.decision === 'allow') {
      specific = { ...specific, permissionDecision: 'allow' };
    }
    const updatedInput = verdict.decision === 'deny' || call === undefined ? null : rewrittenClaudeInput(verdict, call);
    if (updatedInput !== null) specific = { ...specific, updatedInput };
  } else if (verdict.decision === 'deny') {
    answer = { decision: 'block', reason: joinReasons(verdict.reasons) };
  }

  if (verdict.context !== '') specific = { ...specific, additionalContext: verdict.context };
  const systemMessage = systemMessageOf(verdict.diagnostics);
  return { ...answer, ...(systemMessage === null ? {} : { systemMessage }), hookSpecificOutput: specific };
}

/**
 * The bridge's answer when it cannot run the hooks (K8): the problem as a `systemMessage` for the
 * person and, when `deny` is set (a configuration that does not load: fail closed), a deny —
 * `permissionDecision: "deny"` in PreToolUse, `decision: "block"` in PostToolUse — with the
 * problem as its reason. `event` is `null` when stdin could not be read, and then the answer has
 * no `hookSpecificOutput`.
 *
 * @example
 * claudeFailureAnswer('PreToolUse', 'setup.json:3:5: unknown field "matchr"', { deny: true });
 */
export function claudeFailureAnswer(
  event: HookEvent | null,
  problem: string,
  options: { readonly deny: boolean },
): ClaudeHookAnswer {
  if (event === null) return { systemMessage: problem };
  if (!options.deny) return { systemMessage: problem, hookSpecificOutput: { hookEventName: event } };
  if (event === 'PostToolUse') {
    return { decision: 'block', reason: problem, systemMessage: problem, hookSpecificOutput: { hookEventName: event } };
  }
  return {
    systemMessage: problem,
    hookSpecificOutput: { hookEventName: event, permissionDecision: 'deny', permissionDecisionReason: problem },
  };
}
