import type { ToolCallOutcome } from '@cosh/hooks';
import type { ToolContext, ToolResult } from './tools/index.ts';

/** A tool the host can run, as a registry hands it out (the built-in tools are such tools). */
export interface HostedTool {
  /** `'ask'`: the permission system decides a call no hook allowed; `'allow'`: it always runs. */
  readonly permission: 'allow' | 'ask';
  /** Runs the tool with the input as it will run (after PreToolUse rewrites). Must never reject. */
  run(input: unknown, context: ToolContext): Promise<ToolResult>;
}

/**
 * The tools of a host and the one place a raw call is checked; `createToolRegistry()` (the
 * built-in tools) is the one the commands use.
 */
export interface ToolHostRegistry {
  /** The tool of that name (its permission default), else `undefined`. */
  get(name: string): { readonly permission: 'allow' | 'ask' } | undefined;
  /** Checks a raw call; the error names the problem (unknown tool and the known ones, or the bad field). */
  parseCall(
    name: string,
    rawInput: unknown,
  ): { ok: true; tool: HostedTool; input: unknown } | { ok: false; error: string };
}

/** Per-call details of {@link ToolHost.call}. */
export interface ToolCallOptions {
  /** The caller's id of the call (`cosh session`'s `id`), written to the history line as is. */
  readonly id?: unknown;
  /**
   * Aborting stops the call: its running hooks as a timeout would (the call is then refused),
   * or the tool as soon as it can (the call then fails).
   */
  readonly signal?: AbortSignal | undefined;
}

/** Why a call never reached the hooks: the registry refused it. */
export type ToolCallRejection = 'unknown_tool' | 'invalid_input';

/**
 * Everything about one call through the host: `runToolCall`'s outcome (L1) and what only the
 * host knows, for a call the registry rejected too (then no hook ran: `pre` is `null`).
 */
export interface ToolCallResult extends Omit<ToolCallOutcome, 'inputAsGiven' | 'pre' | 'durations'> {
  /** When the call started (ISO 8601, UTC). */
  readonly timestamp: string;
  /** Set when the registry refused the call: no hook ran, no tool ran, `output` says why. */
  readonly rejected: ToolCallRejection | null;
  /** The input the caller gave, whatever it was. */
  readonly inputAsGiven: unknown;
  /** The tool's own output before any appended line; `null` unless the tool succeeded. */
  readonly toolOutput: string | null;
  /** The PreToolUse verdict; `null` for a rejected call. */
  readonly pre: ToolCallOutcome['pre'] | null;
  /** Milliseconds per stage; `null` for a stage that did not happen (a rejected call has no PreToolUse). */
  readonly durations: Omit<ToolCallOutcome['durations'], 'preToolUseMs'> & { readonly preToolUseMs: number | null };
  /** Why the history line could not be written; `null` when it was, or when there is no history. */
  readonly historyError: string | null;
}

/**
 * Runs tool calls through the lifecycle (L1), the same way for `cosh exec`, `cosh session` and
 * `cosh mcp serve`. (`cosh mcp proxy` calls `runToolCall` itself: a downstream result is more
 * than the text a {@link HostedTool} returns, and passes to the client whole.)
 */
export interface ToolHost {
  /**
   * One call: the registry checks it (an unknown tool or a bad input is an `error` result with
   * the registry's message, and no hook runs), then PreToolUse → permission → the tool → PostToolUse,
   * then the history line, then the result. Never rejects. Calls may overlap; each is
   * independent (a halt is reported, the caller ends its turn).
   */
  call(toolName: string, rawInput: unknown, options?: ToolCallOptions): Promise<ToolCallResult>;
}
