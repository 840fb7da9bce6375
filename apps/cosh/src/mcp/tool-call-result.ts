import type { ToolCallOutcome } from '@cosh/hooks';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import { limitContentText, limitText } from './limit-result-text.ts';

/**
 * The text a tool result gives PostToolUse hooks as `tool_output` (SPEC X): its text items
 * joined with `\n`. Images, audio and resources have no text for a hook to read.
 */
export function textOfContent(content: readonly ContentBlock[]): string {
  return content.flatMap((item) => (item.type === 'text' ? [item.text] : [])).join('\n');
}

/**
 * What P2 appended to `raw` in `composed` (contexts, `[hook] …` lines), without the newline
 * that separates them from the output; `''` when nothing was appended. `undefined` when
 * `composed` does not start with `raw`, which P2 rules out.
 */
export function appendedText(composed: string, raw: string): string | undefined {
  if (!composed.startsWith(raw)) return undefined;
  const rest = composed.slice(raw.length);
  const separated = raw !== '' && !raw.endsWith('\n');
  return separated && rest.startsWith('\n') ? rest.slice(1) : rest;
}

/** A result of one text item. */
export function textResult(text: string, isError: boolean): CallToolResult {
  return { content: [{ type: 'text', text }], ...(isError ? { isError: true } : {}) };
}

/** What {@link resultForOutcome} needs of a call's outcome (`runToolCall`'s, or the tool host's). */
export type LifecycleOutcome = Pick<ToolCallOutcome, 'status' | 'output' | 'inputAsRun'>;

/**
 * The MCP result for a tool call that went through the lifecycle (SPEC X, L1, L2, L4, P2).
 *
 * - Blocked (hook or permission) or halted before it ran: one text item with what L2 gives
 *   (`Blocked by hook: …`, `Halted by hook: …`, `Permission denied: <tool>`, then any
 *   PreToolUse context), `isError: true`.
 * - Ran and succeeded (also when a PostToolUse hook halted: the call already ran, and MCP has
 *   no turn to stop): the tool's own content untouched, then the appended lines of P2 as one
 *   more text item when there are any.
 * - Ran and failed: the tool's own content (a server's `isError` result) plus the PreToolUse
 *   context as one more text item, `isError: true`; or, when there is no such content (a
 *   timeout, a crash, a built-in tool's error), one text item with the error and the context.
 *
 * `toolResult` is the tool's own result when it produced one (for a built-in tool, its output
 * as one text item); its other fields (`structuredContent`, `_meta`) pass through. Text past
 * 4 MiB is cut with a note ({@link limitContentText}), so no answer exceeds a client's limit.
 */
export function resultForOutcome(outcome: LifecycleOutcome, toolResult: CallToolResult | undefined): CallToolResult {
  const ran = outcome.inputAsRun !== null;
  if (!ran) return textResult(limitText(outcome.output), true);
  const failed = outcome.status === 'error';
  if (toolResult === undefined) return textResult(limitText(outcome.output), failed);
  const appended = appendedText(outcome.output, textOfContent(toolResult.content));
  // The tool's text and the hooks' lines are held to the limit apart, so a huge output can
  // never push a hook's context or `[hook]` flag out of the answer.
  const content = limitContentText(toolResult.content);
  // Not reachable through P2; if it were, the composed text is what must not be lost.
  if (appended === undefined)
    return { ...toolResult, content: [...content, { type: 'text', text: limitText(outcome.output) }] };
  const { isError: _isError, ...rest } = toolResult;
  return {
    ...rest,
    content: appended === '' ? [...content] : [...content, { type: 'text', text: limitText(appended) }],
    ...(failed ? { isError: true } : {}),
  };
}
