import { isDeepStrictEqual } from 'node:util';
import {
  type AnsweredVerdict,
  type ClaudeHookAnswer,
  claudeHookAnswer,
  type Decision,
  type Diagnostic,
  type HookEvent,
} from '@cosh/hooks';
import type { CodexToolCall } from './codex-tool-call.ts';

type ToolInput = Readonly<Record<string, unknown>>;

/** The default reason of a deny with none (Codex refuses a deny without a reason, and then runs the call). */
const DEFAULT_DENY_REASON = 'blocked by a Cosh hook';

/**
 * The verdicts of the Cosh calls one Codex call was read as (an `apply_patch` of several files is
 * one call per file), as one: halt if any halted; else the strongest decision (deny > ask), an
 * allow only when every call was allowed; reasons of the deciding calls; contexts and diagnostics
 * of all.
 */
export function combineVerdicts(verdicts: readonly AnsweredVerdict[]): AnsweredVerdict {
  if (verdicts.length === 1) return verdicts[0] as AnsweredVerdict;
  const halted = verdicts.filter((verdict) => verdict.halt);
  const decisions = verdicts.map((verdict) => verdict.decision);
  let decision: Decision = 'none';
  if (decisions.includes('deny')) decision = 'deny';
  else if (decisions.includes('ask')) decision = 'ask';
  else if (decisions.length > 0 && decisions.every((each) => each === 'allow')) decision = 'allow';
  const deciding = halted.length > 0 ? halted : verdicts.filter((verdict) => verdict.decision === decision);
  return {
    decision,
    halt: halted.length > 0,
    reasons: deciding.flatMap((verdict) => verdict.reasons),
    context: verdicts
      .map((verdict) => verdict.context)
      .filter((context) => context !== '')
      .join('\n'),
    diagnostics: verdicts.flatMap((verdict): readonly Diagnostic[] => verdict.diagnostics),
  };
}

function reasonOf(reasons: readonly string[]): string {
  const joined = reasons.join('; ').trim();
  return joined === '' ? DEFAULT_DENY_REASON : joined;
}

/** The rewritten input of the call, `null` when no hook rewrote it. */
function rewrittenInput(verdicts: readonly AnsweredVerdict[], toolCall: CodexToolCall): ToolInput | null {
  for (const [index, verdict] of verdicts.entries()) {
    const original = toolCall.calls[index]?.toolInput;
    if (verdict.toolInput !== undefined && original !== undefined && !isDeepStrictEqual(verdict.toolInput, original)) {
      return verdict.toolInput;
    }
  }
  return null;
}

function deny(event: HookEvent, reason: string, base: ClaudeHookAnswer): ClaudeHookAnswer {
  return {
    ...(base.systemMessage === undefined ? {} : { systemMessage: base.systemMessage }),
    hookSpecificOutput: {
      hookEventName: event,
      permissionDecision: 'deny',
      permissionDecisionReason: reason,
      ...(base.hookSpecificOutput?.additionalContext === undefined
        ? {}
        : { additionalContext: base.hookSpecificOutput.additionalContext }),
    },
  };
}

/**
 * The answer of `cosh claude-hook --client codex` (K9): Claude's protocol (K8) within what Codex
 * CLI accepts, since Codex treats a PreToolUse answer it does not support as a failed hook and runs
 * the call:
 *
 * - halt → a deny with the halt's reasons (Codex refuses `continue: false` in PreToolUse);
 * - deny → `permissionDecision: "deny"` with a reason (never empty);
 * - ask → a deny, `a hook asked for confirmation: …` (Codex has no ask for hooks);
 * - a rewrite with an allow of every call → `permissionDecision: "allow"` with `updatedInput` in
 *   Codex's fields; a rewrite without an allow, or one Codex's input cannot carry (a patch) → a
 *   deny whose reason shows the rewritten input (Codex would run the original);
 * - an allow without a rewrite → no decision (Codex refuses a bare allow): Codex's own approval
 *   applies;
 * - PostToolUse as K8 (`decision: "block"`, `continue: false`, `additionalContext`).
 *
 * @example
 * codexHookAnswer('PreToolUse', [{ decision: 'none', halt: true, reasons: ['stop'], context: '',
 *   diagnostics: [] }], fromCodexToolCall('Bash', { command: 'ls' }, '/repo'));
 * // { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny',
 * //   permissionDecisionReason: 'stop' } }
 */
export function codexHookAnswer(
  event: HookEvent,
  verdicts: readonly AnsweredVerdict[],
  toolCall: CodexToolCall,
): ClaudeHookAnswer {
  const verdict = combineVerdicts(verdicts);
  // K8's answer without a rewrite: the base of every case below.
  const base = claudeHookAnswer(event, { ...verdict, toolInput: undefined });
  if (event === 'PostToolUse') return base;

  if (verdict.halt) return deny(event, reasonOf(verdict.reasons), base);
  if (verdict.decision === 'deny') return deny(event, reasonOf(verdict.reasons), base);
  if (verdict.decision === 'ask') {
    return deny(event, `a hook asked for confirmation, which Codex cannot ask: ${reasonOf(verdict.reasons)}`, base);
  }
  const rewritten = rewrittenInput(verdicts, toolCall);
  const codexInput = rewritten === null || toolCall.calls.length !== 1 ? null : toolCall.toCodexInput(rewritten);
  if (rewritten !== null) {
    if (verdict.decision === 'allow' && codexInput !== null) {
      return {
        ...base,
        hookSpecificOutput: {
          ...base.hookSpecificOutput,
          hookEventName: event,
          permissionDecision: 'allow',
          updatedInput: codexInput,
        },
      };
    }
    const shown = JSON.stringify(codexInput ?? rewritten);
    const why =
      verdict.decision === 'allow'
        ? 'Codex cannot carry this rewrite'
        : 'Codex runs a rewritten call only with an allow, and no hook allowed it';
    return deny(
      event,
      `a Cosh hook rewrote this call to ${shown}; ${why}, so it is denied: run the rewritten call instead`,
      base,
    );
  }
  // A bare allow is no answer Codex accepts: leave the decision to Codex's own approval.
  const {
    permissionDecision: _allow,
    permissionDecisionReason: _reason,
    ...specific
  } = base.hookSpecificOutput ?? {
    hookEventName: event,
  };
  return { ...base, hookSpecificOutput: { ...specific, hookEventName: event } };
}
