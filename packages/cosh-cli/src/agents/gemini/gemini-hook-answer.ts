import { isDeepStrictEqual } from 'node:util';
import type { AnsweredVerdict, HookEvent } from '@cosh/hooks';
import type { GeminiToolCall } from './gemini-tool-call.ts';

/** Gemini CLI's names for Cosh's events (K10). */
export const GEMINI_EVENTS = { BeforeTool: 'PreToolUse', AfterTool: 'PostToolUse' } as const satisfies Record<
  string,
  HookEvent
>;

/** What `cosh gemini-hook` prints and how it exits (K10). */
export interface GeminiHookAnswer {
  /** The one JSON line on stdout. */
  readonly json: Readonly<Record<string, unknown>>;
  /** 2 for a deny (Gemini reads stderr as the reason when stdout says nothing), else 0. */
  readonly exitCode: 0 | 2;
  /** The deny's reasons for stderr, `''` otherwise. */
  readonly stderr: string;
  /**
   * BeforeTool: a context Gemini would drop, for the bridge to keep and give with the call's
   * AfterTool answer; `''` when none.
   */
  readonly contextToKeep: string;
}

/** The verdict of the Cosh hooks of one event, with PostToolUse's composed output (P2). */
export type GeminiAnsweredVerdict = AnsweredVerdict & {
  /** PostToolUse: the output that enters history under Cosh (P2). */
  readonly toolOutput?: string | undefined;
};

const DEFAULT_DENY_REASON = 'blocked by a Cosh hook';

function reasonOf(reasons: readonly string[], fallback = DEFAULT_DENY_REASON): string {
  const joined = reasons.join('; ').trim();
  return joined === '' ? fallback : joined;
}

function withMessage(json: Record<string, unknown>, systemMessage: string | null): Record<string, unknown> {
  return systemMessage === null || systemMessage === '' ? json : { ...json, systemMessage };
}

/**
 * The answer of `cosh gemini-hook` (K10), in what Gemini CLI honours:
 *
 * - halt → `{"continue": false, "stopReason"}` (Gemini stops the agent loop);
 * - deny → exit 2 with the reasons on stderr and `{"decision": "deny", "reason"}` on stdout (in
 *   AfterTool the reason is the output Cosh would have let through, P2, which then replaces the
 *   tool's result);
 * - ask → `{"decision": "ask", "reason"}`; allow → `{"decision": "allow"}`;
 * - a rewrite → `hookSpecificOutput.tool_input`, always the whole input (Gemini replaces it);
 * - context → AfterTool `hookSpecificOutput.additionalContext` (after `keptContext`, a BeforeTool
 *   context the bridge kept); a BeforeTool context comes back as `contextToKeep`;
 * - `systemMessage` → shown to the person.
 *
 * @example
 * geminiHookAnswer('PreToolUse', { decision: 'deny', halt: false, reasons: ['no'], context: '',
 *   diagnostics: [] }, call, { systemMessage: null, keptContext: '' });
 * // { json: { decision: 'deny', reason: 'no' }, exitCode: 2, stderr: 'no', contextToKeep: '' }
 */
export function geminiHookAnswer(
  event: HookEvent,
  verdict: GeminiAnsweredVerdict,
  call: GeminiToolCall,
  options: { readonly systemMessage: string | null; readonly keptContext: string },
): GeminiHookAnswer {
  const message = [options.systemMessage, ...verdict.diagnostics.map((diagnostic) => diagnostic.message)]
    .filter((line): line is string => line !== null && line !== '')
    .join('\n');
  const systemMessage = message === '' ? null : message;
  const none: Omit<GeminiHookAnswer, 'json'> = { exitCode: 0, stderr: '', contextToKeep: '' };

  if (verdict.halt) {
    return {
      ...none,
      json: withMessage(
        { continue: false, stopReason: reasonOf(verdict.reasons, 'halted by a Cosh hook') },
        systemMessage,
      ),
    };
  }
  if (event === 'PostToolUse') {
    const context = [options.keptContext, verdict.context].filter((text) => text !== '').join('\n');
    if (verdict.decision === 'deny') {
      const reason = verdict.toolOutput ?? reasonOf(verdict.reasons);
      return {
        ...none,
        exitCode: 2,
        stderr: reasonOf(verdict.reasons),
        json: withMessage({ decision: 'deny', reason }, systemMessage),
      };
    }
    return {
      ...none,
      json: withMessage(context === '' ? {} : { hookSpecificOutput: { additionalContext: context } }, systemMessage),
    };
  }

  const contextToKeep = verdict.context;
  if (verdict.decision === 'deny') {
    const reason = reasonOf(verdict.reasons);
    return {
      exitCode: 2,
      stderr: reason,
      contextToKeep: '',
      json: withMessage({ decision: 'deny', reason }, systemMessage),
    };
  }
  const rewritten =
    verdict.toolInput !== undefined && !isDeepStrictEqual(verdict.toolInput, call.toolInput) ? verdict.toolInput : null;
  const json: Record<string, unknown> = {};
  if (verdict.decision === 'ask') {
    json['decision'] = 'ask';
    json['reason'] = reasonOf(verdict.reasons, 'a Cosh hook asks for confirmation');
  } else if (verdict.decision === 'allow') json['decision'] = 'allow';
  if (rewritten !== null) json['hookSpecificOutput'] = { tool_input: call.toGeminiInput(rewritten) };
  return { ...none, contextToKeep, json: withMessage(json, systemMessage) };
}
