import {
  type HookEngine,
  MAX_JSON_DEPTH,
  nestsDeeperThan,
  type PostToolUseResult,
  type PreToolUseResult,
  runToolCall,
  type ToolCallStatus,
} from '@cosh/hooks';
import { callRecord } from './history/call-record.ts';
import type { HistoryWriter } from './history/history-writer.ts';
import { createPermissionCheck, type PermissionMode, type PermissionPrompt } from './permission/index.ts';
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
  parseCall(name: string, rawInput: unknown): { ok: true; tool: HostedTool; input: unknown } | { ok: false; error: string };
}

/** Options of {@link createToolHost}. */
export interface ToolHostOptions {
  /** The hooks (`createHookEngine(config)`). */
  readonly engine: HookEngine;
  /** The tools (`createToolRegistry()`). */
  readonly registry: ToolHostRegistry;
  /** The permission system's answer for a call that needs one and that no hook allowed (`--permission`). */
  readonly permission: PermissionMode;
  /** How to ask in `ask` mode; without it, such calls are refused with a hint (no terminal). */
  readonly prompt?: PermissionPrompt | undefined;
  /** Where tools and hooks run (R5); relative paths in inputs resolve against it. */
  readonly cwd: string;
  /** The environment of `bash_run` and of the hooks (R4). */
  readonly env: NodeJS.ProcessEnv;
  /** When given, every call is appended to it before `call` resolves. */
  readonly history?: HistoryWriter | undefined;
}

/** Per-call details of {@link ToolHost.call}. */
export interface ToolCallOptions {
  /** The caller's id of the call (`cosh session`'s `id`), written to the history line as is. */
  readonly id?: unknown;
  /** Aborting stops the tool as soon as it can (the call then fails); hooks always run to their end. */
  readonly signal?: AbortSignal | undefined;
}

/** Why a call never reached the hooks: the registry refused it. */
export type ToolCallRejection = 'unknown_tool' | 'invalid_input';

/** Everything about one call through the host. */
export interface ToolCallResult {
  /** When the call started (ISO 8601, UTC). */
  readonly timestamp: string;
  readonly toolName: string;
  /** `ok` the tool succeeded; `error` it failed or the call was rejected; `blocked`; `halted` (PreToolUse, or PostToolUse after it ran). */
  readonly status: ToolCallStatus;
  /** Set when the registry refused the call: no hook ran, no tool ran, `output` says why. */
  readonly rejected: ToolCallRejection | null;
  /** Who blocked a `blocked` call. */
  readonly blockedBy: 'hook' | 'permission' | null;
  /** Exactly what enters history: the composed output (P2), the L2 message, the tool's error (L4) or the rejection. */
  readonly output: string;
  /** The input the caller gave. */
  readonly inputAsGiven: unknown;
  /** The input the tool ran with (after A7); `null` when it did not run. */
  readonly inputAsRun: Readonly<Record<string, unknown>> | null;
  /** The tool's own output before any appended line; `null` unless the tool succeeded. */
  readonly toolOutput: string | null;
  /** The PreToolUse verdict; `null` for a rejected call. */
  readonly pre: PreToolUseResult | null;
  /** The PostToolUse verdict; `null` unless the tool ran and succeeded (P1). */
  readonly post: PostToolUseResult | null;
  /** L3: no further call of this turn may be dispatched. */
  readonly halt: boolean;
  readonly haltReasons: readonly string[];
  /** For a call the permission system refused: why, and how to allow it (for people, not the model). */
  readonly permissionMessage: string | null;
  /** Milliseconds per stage; `null` for a stage that did not happen. */
  readonly durations: {
    readonly preToolUseMs: number | null;
    readonly permissionMs: number | null;
    readonly toolMs: number | null;
    readonly postToolUseMs: number | null;
    readonly totalMs: number;
  };
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

/**
 * Why a tool input is refused before anything sees it, or `undefined`: nested more than
 * `MAX_JSON_DEPTH` levels, it could not be sent to hooks (each would fail to start, so a blocking
 * hook with `onError: ignore` would let the call through) nor written back as JSON without
 * overflowing the stack.
 */
export function inputTooDeep(toolName: string, input: unknown): string | undefined {
  return nestsDeeperThan(input, MAX_JSON_DEPTH) ? `${toolName}: input nests more than ${MAX_JSON_DEPTH} levels deep` : undefined;
}

/**
 * Wires the tools, the permission system, the hook engine and the history around
 * `runToolCall` (SPEC L1).
 *
 * A call the registry rejects (unknown tool, input that does not fit the schema) runs no hook:
 * it could never run, hooks could not block or rewrite anything, and a hook that logs calls
 * would log something that did not happen. It still enters history. A PreToolUse hook that
 * rewrites an input into something invalid makes the call fail (L4) when the tool checks it.
 *
 * @example
 * const host = createToolHost({
 *   engine: createHookEngine(config, { cwd }),
 *   registry: createToolRegistry(),
 *   permission: 'allow',
 *   cwd,
 *   env: process.env,
 * });
 * const result = await host.call('bash_run', { command: 'ls' });
 * console.log(result.status, result.output);
 */
export function createToolHost(options: ToolHostOptions): ToolHost {
  const { engine, registry, cwd, env, history } = options;
  const checkPermission = createPermissionCheck({
    mode: options.permission,
    ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
    tools: registry,
  });

  const finish = async (result: Omit<ToolCallResult, 'historyError'>, id: unknown): Promise<ToolCallResult> => {
    if (history === undefined) return { ...result, historyError: null };
    // Written before the result is reported, so a caller that crashes next loses no line.
    const appended = await history.append(callRecord(result, id));
    return { ...result, historyError: appended.ok ? null : appended.error };
  };

  return {
    async call(toolName, rawInput, callOptions = {}) {
      const startedAt = performance.now();
      const timestamp = new Date().toISOString();
      const known = registry.get(toolName) !== undefined;
      // An input too deep is refused (an unknown tool is refused anyway) before anything else
      // sees it, and is not recorded either: the history line could not be written.
      const tooDeep = inputTooDeep(toolName, rawInput);
      const parsed = known && tooDeep !== undefined ? { ok: false as const, error: tooDeep } : registry.parseCall(toolName, rawInput);
      if (!parsed.ok) {
        return await finish(
          {
            timestamp,
            toolName,
            status: 'error',
            rejected: known ? 'invalid_input' : 'unknown_tool',
            blockedBy: null,
            output: parsed.error,
            inputAsGiven: tooDeep === undefined ? rawInput : null,
            inputAsRun: null,
            toolOutput: null,
            pre: null,
            post: null,
            halt: false,
            haltReasons: [],
            permissionMessage: null,
            durations: { preToolUseMs: null, permissionMs: null, toolMs: null, postToolUseMs: null, totalMs: performance.now() - startedAt },
          },
          callOptions.id,
        );
      }

      // The schema accepted it, so it is an object. Hooks see it as the caller wrote it.
      const toolInput = rawInput as Readonly<Record<string, unknown>>;
      let toolOutput: string | null = null;
      const context: ToolContext = { cwd, env, ...(callOptions.signal === undefined ? {} : { signal: callOptions.signal }) };
      const outcome = await runToolCall({
        engine,
        call: { toolName, toolInput, cwd },
        async checkPermission(request) {
          const answer = await checkPermission({ toolName: request.toolName, toolInput: request.toolInput, cwd });
          return answer.granted ? { granted: true } : { granted: false, message: answer.hint ?? answer.message };
        },
        async executeTool(request) {
          const result = await parsed.tool.run(request.toolInput, context);
          if (result.ok) toolOutput = result.output;
          return result;
        },
      });
      return await finish(
        {
          timestamp,
          toolName,
          status: outcome.status,
          rejected: null,
          blockedBy: outcome.blockedBy,
          output: outcome.output,
          inputAsGiven: rawInput,
          inputAsRun: outcome.inputAsRun,
          toolOutput: outcome.post === null ? null : toolOutput,
          pre: outcome.pre,
          post: outcome.post,
          halt: outcome.halt,
          haltReasons: outcome.haltReasons,
          permissionMessage: outcome.permissionMessage,
          durations: { ...outcome.durations, totalMs: performance.now() - startedAt },
        },
        callOptions.id,
      );
    },
  };
}
