import { type HookEngine, MAX_JSON_DEPTH, nestsDeeperThan, runToolCall } from '@cosh/hooks';
import { callRecord } from './history/call-record.ts';
import type { HistoryWriter } from './history/history-writer.ts';
import {
  createPermissionCheck,
  type PermissionMode,
  type PermissionPrompt,
  type PromptAnswerer,
} from './permission/index.ts';
import type { ToolHost, ToolHostRegistry, ToolCallResult } from './tool-host-types.ts';
import type { ProtectedFiles, ToolContext } from './tools/index.ts';
import type { BashSandbox } from './sandbox/bash-sandbox.ts';
import { monotonicNow } from '@cosh/runner';

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
  /**
   * Who answers `prompt` (default `'program'`): only a person's prompt is put a hook's `ask` (K7);
   * otherwise such a call is refused at once.
   */
  readonly promptAnsweredBy?: PromptAnswerer | undefined;
  /** Where tools and hooks run (R5); relative paths in inputs resolve against it. */
  readonly cwd: string;
  /** The environment of `bash_run` and of the hooks (R4). */
  readonly env: NodeJS.ProcessEnv;
  /** When given, every call is appended to it before `call` resolves. */
  readonly history?: HistoryWriter | undefined;
  /** Cosh's own files, which the tools do not write (SPEC S6). */
  readonly protectedFiles?: ProtectedFiles | undefined;
  /** Where `bash_run` runs (SPEC B1); without it, unsandboxed. */
  readonly sandbox?: BashSandbox | undefined;
}

/**
 * Why a tool input is refused before anything sees it, or `undefined`: nested more than
 * `MAX_JSON_DEPTH` levels, it could not be sent to hooks (each would fail to start, so a blocking
 * hook with `onError: ignore` would let the call through) nor written back as JSON without
 * overflowing the stack.
 */
export function inputTooDeep(toolName: string, input: unknown): string | undefined {
  return nestsDeeperThan(input, MAX_JSON_DEPTH)
    ? `${toolName}: input nests more than ${MAX_JSON_DEPTH} levels deep`
    : undefined;
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
    ...(options.promptAnsweredBy === undefined ? {} : { promptAnsweredBy: options.promptAnsweredBy }),
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
      const startedAt = monotonicNow();
      const timestamp = new Date().toISOString();
      const known = registry.get(toolName) !== undefined;
      // An input too deep is refused (an unknown tool is refused anyway) before anything else
      // sees it, and is not recorded either: the history line could not be written.
      const tooDeep = inputTooDeep(toolName, rawInput);
      const parsed =
        known && tooDeep !== undefined
          ? { ok: false as const, error: tooDeep }
          : registry.parseCall(toolName, rawInput);
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
            durations: {
              preToolUseMs: null,
              permissionMs: null,
              toolMs: null,
              postToolUseMs: null,
              totalMs: monotonicNow() - startedAt,
            },
          },
          callOptions.id,
        );
      }

      // The schema accepted it, so it is an object. Hooks see it as the caller wrote it.
      const toolInput = rawInput as Readonly<Record<string, unknown>>;
      let toolOutput: string | null = null;
      const context: ToolContext = {
        cwd,
        env,
        ...(options.protectedFiles === undefined ? {} : { protectedFiles: options.protectedFiles }),
        ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
        ...(callOptions.signal === undefined ? {} : { signal: callOptions.signal }),
      };
      const outcome = await runToolCall({
        engine,
        // The caller's cancellation stops the hooks too (an MCP client's notifications/cancelled).
        call: { toolName, toolInput, cwd, ...(callOptions.signal === undefined ? {} : { signal: callOptions.signal }) },
        checkPermission: (request) => checkPermission({ ...request, cwd }),
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
          durations: { ...outcome.durations, totalMs: monotonicNow() - startedAt },
        },
        callOptions.id,
      );
    },
  };
}
