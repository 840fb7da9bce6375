import { composeToolOutput } from '@cosh/aggregate';
import type { HookEngine, PostToolUseResult, PreToolUseResult, ToolCall } from './hook-engine-types.ts';
import { failedPostToolUse, failedPreToolUse } from './failed-results.ts';
import { askRefusedMessage, blockedMessage, haltedMessage, permissionDeniedMessage } from './lifecycle-messages.ts';
import { describeError } from './describe-error.ts';
import type { ToolResultParts } from './claude-tool-response.ts';
import { isRecord } from './is-record.ts';
import { newToolUseId } from './tool-use-id.ts';
import { monotonicNow } from '@cosh/runner';

/** The permission system's answer for a call no hook allowed or denied. */
export type PermissionAnswer =
  | { readonly granted: true }
  | {
      readonly granted: false;
      /** For the user (why, what to do); the model sees only `Permission denied: <tool_name>` (L2). */
      readonly message?: string | undefined;
    };

/** What the host's tool executor returns. */
export type ToolExecution =
  | {
      readonly ok: true;
      readonly output: string;
      /**
       * What the host knows beyond the text (`bash_run`'s stdout and stderr apart, whether a write
       * created its file): a Claude hook's `tool_response` is built from it (K4).
       */
      readonly parts?: Omit<ToolResultParts, 'output'> | undefined;
    }
  | { readonly ok: false; readonly error: string };

/** A call as the permission system and the tool executor see it: the input is the one to run. */
export interface ToolCallRequest {
  readonly toolName: string;
  readonly toolInput: Readonly<Record<string, unknown>>;
  /**
   * The PreToolUse hooks whose `updated_input` rewrote the input, in config order; empty when
   * the input is the one the model asked for. A permission prompt says so.
   */
  readonly rewrittenBy: readonly string[];
  /**
   * Set when a PreToolUse hook answered `ask` (K7): the asking hooks' reasons, config order. The
   * permission system must then ask a person even for a tool that needs no permission, show
   * these reasons, and refuse where nobody can be asked.
   */
  readonly askReasons?: readonly string[] | undefined;
}

/** The hooks whose `updated_input` made the input to run differ from the one given (A7). */
function rewritersOf(pre: PreToolUseResult, given: Readonly<Record<string, unknown>>): string[] {
  if (pre.toolInput === given) return [];
  return pre.hooks.filter((hook) => hook.updatedInput !== null).map((hook) => hook.name);
}

/** Options of {@link runToolCall}. */
export interface RunToolCallOptions {
  /** The engine, or anything with its two tool events (a foreign implementation). */
  readonly engine: Pick<HookEngine, 'preToolUse' | 'postToolUse'>;
  readonly call: ToolCall;
  /**
   * The host's permission system, asked only when the PreToolUse verdict is `none` or `ask` and
   * no hook halted. It sees the rewritten input (A7); with `ask` (K7) the request carries
   * `askReasons` and must be put to a person. A throw or a malformed answer is a refusal.
   */
  checkPermission(call: ToolCallRequest): Promise<PermissionAnswer> | PermissionAnswer;
  /**
   * Runs the tool with the rewritten input. `{ ok: false }`, a throw or a malformed result is a
   * tool failure (L4): its error enters history and no PostToolUse hook runs.
   */
  executeTool(call: ToolCallRequest): Promise<ToolExecution> | ToolExecution;
}

/**
 * `ok`: the tool ran and succeeded; `error`: it ran and failed (L4); `blocked`: a hook denied
 * it or the permission system refused it; `halted`: a hook halted the turn (before the call, or
 * after it in PostToolUse — then the tool did run).
 */
export type ToolCallStatus = 'ok' | 'error' | 'blocked' | 'halted';

/** Everything about one tool call through the lifecycle (L1). */
export interface ToolCallOutcome {
  readonly status: ToolCallStatus;
  /** Who blocked a `blocked` call; `null` for every other status. */
  readonly blockedBy: 'hook' | 'permission' | null;
  /** Exactly what enters history (P2, L2, L4). */
  readonly output: string;
  readonly toolName: string;
  /** The input the model asked for. */
  readonly inputAsGiven: Readonly<Record<string, unknown>>;
  /** The input the tool was given (after A7); `null` when the tool did not run. */
  readonly inputAsRun: Readonly<Record<string, unknown>> | null;
  /** The permission system's refusal message, for the user; `null` when not refused. */
  readonly permissionMessage: string | null;
  readonly pre: PreToolUseResult;
  /** `null` unless the tool ran and succeeded (P1). */
  readonly post: PostToolUseResult | null;
  /** L3: no further tool call of this turn may be dispatched. */
  readonly halt: boolean;
  /** Why the turn stops (the halting hooks' reasons); empty without a halt. */
  readonly haltReasons: readonly string[];
  /** Milliseconds per stage; `null` for a stage that did not happen. */
  readonly durations: {
    readonly preToolUseMs: number;
    readonly permissionMs: number | null;
    readonly toolMs: number | null;
    readonly postToolUseMs: number | null;
    readonly totalMs: number;
  };
}

/** Asks the permission system; only an explicit `{ granted: true }` grants (fail closed). */
async function askPermission(
  options: RunToolCallOptions,
  request: ToolCallRequest,
): Promise<{ granted: boolean; message: string | null }> {
  try {
    const answer: unknown = await options.checkPermission(request);
    if (isRecord(answer) && answer['granted'] === true) return { granted: true, message: null };
    const message = isRecord(answer) && typeof answer['message'] === 'string' ? answer['message'] : null;
    return { granted: false, message };
  } catch (error) {
    return { granted: false, message: `permission check failed: ${describeError(error)}` };
  }
}

/** Runs the tool; every way it can go wrong is a failure with an error text (L4). */
async function execute(options: RunToolCallOptions, request: ToolCallRequest): Promise<ToolExecution> {
  try {
    const result: unknown = await options.executeTool(request);
    if (isRecord(result) && result['ok'] === true && typeof result['output'] === 'string') {
      const parts = result['parts'];
      return isRecord(parts) ? { ok: true, output: result['output'], parts } : { ok: true, output: result['output'] };
    }
    if (isRecord(result) && result['ok'] === false) {
      const error = result['error'];
      return { ok: false, error: typeof error === 'string' ? error : String(error) };
    }
    return {
      ok: false,
      error: 'the tool returned a result that is neither { ok: true, output } nor { ok: false, error }',
    };
  } catch (error) {
    return { ok: false, error: describeError(error) };
  }
}

/**
 * One tool call through the whole lifecycle (L1): PreToolUse hooks → halt (nothing else runs)
 * | deny (blocked) | ask (the host's permission check, forced to ask a person, K7) | allow (no
 * permission check) | none (the host's permission check) → the
 * tool with the rewritten input → on success PostToolUse hooks → the composed output. The
 * host appends `output` to history and, when `halt` is set, ends the turn (L3) saying
 * `haltReasons`.
 *
 * Never rejects: hooks that fail are results (L6), a throwing permission check is a refusal, a
 * throwing tool is a tool failure, and an engine that rejects (a foreign implementation) blocks
 * the call, since its hooks never saw it.
 *
 * @example
 * const outcome = await runToolCall({
 *   engine,
 *   call: { toolName: 'bash_run', toolInput: { command: 'ls' } },
 *   checkPermission: async (call) => ({ granted: await askUser(call) }),
 *   executeTool: async (call) => tools.run(call.toolName, call.toolInput),
 * });
 * history.push(outcome.output);
 * if (outcome.halt) endTurn(outcome.haltReasons);
 */
export async function runToolCall(options: RunToolCallOptions): Promise<ToolCallOutcome> {
  const startedAt = monotonicNow();
  const { engine } = options;
  // K4: one id for the call, so Claude hooks can pair its PreToolUse and PostToolUse.
  const call: ToolCall = isRecord(options.call)
    ? { ...options.call, toolUseId: options.call.toolUseId ?? newToolUseId() }
    : options.call;
  const inputAsGiven = isRecord(call?.toolInput) ? call.toolInput : {};

  let pre: PreToolUseResult;
  try {
    pre = await engine.preToolUse(call);
  } catch (error) {
    pre = failedPreToolUse(call, `hook engine failed: ${describeError(error)}`, startedAt);
  }
  const preToolUseMs = monotonicNow() - startedAt;
  const toolName = pre.toolName;

  const finish = (
    fields: Pick<ToolCallOutcome, 'status' | 'blockedBy' | 'output' | 'inputAsRun' | 'post'> & {
      readonly permissionMessage?: string | null;
      readonly permissionMs?: number | null;
      readonly toolMs?: number | null;
      readonly postToolUseMs?: number | null;
    },
  ): ToolCallOutcome => {
    const haltedBy = pre.halt ? pre : fields.post?.halt === true ? fields.post : null;
    return {
      status: fields.status,
      blockedBy: fields.blockedBy,
      output: fields.output,
      toolName,
      inputAsGiven,
      inputAsRun: fields.inputAsRun,
      permissionMessage: fields.permissionMessage ?? null,
      pre,
      post: fields.post,
      halt: haltedBy !== null,
      haltReasons: haltedBy === null ? [] : haltedBy.reasons,
      durations: {
        preToolUseMs,
        permissionMs: fields.permissionMs ?? null,
        toolMs: fields.toolMs ?? null,
        postToolUseMs: fields.postToolUseMs ?? null,
        totalMs: monotonicNow() - startedAt,
      },
    };
  };

  // A1: a halt wins over everything; the tool does not run and nobody is asked.
  if (pre.halt) {
    return finish({
      status: 'halted',
      blockedBy: null,
      output: haltedMessage(pre.reasons, pre.context),
      inputAsRun: null,
      post: null,
    });
  }
  // A2: blocked before any permission check.
  if (pre.decision === 'deny') {
    return finish({
      status: 'blocked',
      blockedBy: 'hook',
      output: blockedMessage(pre.reasons, pre.context),
      inputAsRun: null,
      post: null,
    });
  }

  // K7: an `ask` forces the permission system to put the call to a person, whatever other hooks allowed.
  const asked = pre.decision === 'ask';
  const request: ToolCallRequest = {
    toolName,
    toolInput: pre.toolInput,
    rewrittenBy: rewritersOf(pre, inputAsGiven),
    ...(asked ? { askReasons: pre.reasons } : {}),
  };
  let permissionMs: number | null = null;
  // A3: a hook's allow skips the permission system; A4: otherwise it decides.
  if (pre.decision !== 'allow') {
    const askedAt = monotonicNow();
    const permission = await askPermission(options, request);
    permissionMs = monotonicNow() - askedAt;
    if (!permission.granted) {
      return finish({
        status: 'blocked',
        blockedBy: 'permission',
        output: asked
          ? askRefusedMessage(toolName, pre.reasons, pre.context)
          : permissionDeniedMessage(toolName, pre.context),
        inputAsRun: null,
        post: null,
        permissionMessage: permission.message,
        permissionMs,
      });
    }
  }

  const toolStartedAt = monotonicNow();
  const execution = await execute(options, request);
  const toolMs = monotonicNow() - toolStartedAt;
  if (!execution.ok) {
    // L4: the error enters history with the PreToolUse context; no PostToolUse (P1).
    return finish({
      status: 'error',
      blockedBy: null,
      output: composeToolOutput(execution.error, [pre.context]),
      inputAsRun: pre.toolInput,
      post: null,
      permissionMs,
      toolMs,
    });
  }

  const postStartedAt = monotonicNow();
  const postCall = {
    toolName,
    toolInput: pre.toolInput,
    toolOutput: execution.output,
    preToolUseContext: pre.context,
    toolUseId: call.toolUseId,
    ...(call.cwd === undefined ? {} : { cwd: call.cwd }),
    ...(call.signal === undefined ? {} : { signal: call.signal }),
    ...(call.mcpServer === undefined ? {} : { mcpServer: call.mcpServer }),
    ...(execution.parts === undefined ? {} : { toolResult: execution.parts }),
  };
  let post: PostToolUseResult;
  try {
    post = await engine.postToolUse(postCall);
  } catch (error) {
    post = failedPostToolUse(postCall, `hook engine failed: ${describeError(error)}`, postStartedAt);
  }
  return finish({
    // P4: a PostToolUse halt still lets the composed output enter history.
    status: post.halt ? 'halted' : 'ok',
    blockedBy: null,
    output: post.toolOutput,
    inputAsRun: pre.toolInput,
    post,
    permissionMs,
    toolMs,
    postToolUseMs: monotonicNow() - postStartedAt,
  });
}
