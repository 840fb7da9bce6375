// What one agent's module gives the one bridge command (SPEC K8–K10, E5): how its tool call is
// read as Cosh calls and how each verdict, and each of the bridge's own failures, is answered in
// the agent's protocol. Everything else (stdin, the bound, the layers, B8, B10, the journal, the
// engine) is the bridge's, the same for every agent (commands/agent-hook.ts); the data of each
// agent (its command, event names, settings files, write tools) is its entry of `AGENTS`.
import type { AnsweredVerdict, HookEvent, PostToolUseCall, SessionEvent, ToolCall } from '@cosh/hooks';
import type { AgentName } from '@cosh/spec';
import type { BridgeCall } from '../commands/bridge-call.ts';
import type { BridgeSessionCall, SessionEventOutcome } from '../commands/bridge-session-event.ts';

/** What a bridge prints (one JSON line on stdout) and how it exits. */
export interface BridgeAnswer {
  readonly json: Readonly<Record<string, unknown>>;
  /** 2 when the agent reads a deny from the exit status too, else 0. */
  readonly exitCode: 0 | 2;
  /** The deny's reasons for stderr with exit 2, `''` otherwise. */
  readonly stderr: string;
}

/** An agent's tool call read as the Cosh calls it stands for, and the way back to its answer. */
export interface BridgedToolCall {
  /** The Cosh calls, in order: usually one (a patch of several files may be one per file). */
  readonly calls: readonly ToolCall[];
  /** PostToolUse: what the engine's call adds to `call`, the agent's `tool_response` read as the Cosh tool's output. */
  outputOf(call: ToolCall): Pick<PostToolUseCall, 'toolOutput' | 'toolResult' | 'preToolUseContext'>;
  /** The answer to the calls' verdicts, the load's and journal's `warnings` shown to the person. */
  answer(verdicts: readonly AnsweredVerdict[], warnings: readonly string[]): Promise<BridgeAnswer>;
}

/** One agent's protocol, behind its entry of `AGENTS`. */
export interface AgentBridge {
  readonly agent: AgentName;
  /**
   * Whether B10's note that its shell is not fenced goes into the answer with the load's warnings
   * (`true`), or to stderr alone.
   */
  readonly unfencedWarningInAnswer: boolean;
  /** Its tool call (`tool_name`, `tool_input` of its stdin) read as Cosh calls; `env` for what it keeps between calls. */
  readToolCall(call: BridgeCall, env: NodeJS.ProcessEnv): Promise<BridgedToolCall>;
  /** The bridge's own failure on a tool event (or on stdin it cannot read): a deny, fail closed. */
  toolFailure(event: HookEvent, problem: string, warnings: readonly string[]): BridgeAnswer;
  /** The answer to a session event's run, or to the bridge's failure to run it (E5). */
  sessionAnswer(call: BridgeSessionCall, outcome: SessionEventOutcome): BridgeAnswer;
  /** The answer to a session event's stdin the bridge cannot read. */
  sessionFailure(event: SessionEvent, problem: string): BridgeAnswer;
  /**
   * B8, for an agent that applies patches (its patch tool, or a patch given to its shell): every
   * file the call's patch could write, absolute against `cwd`; empty for any other call.
   */
  readonly patchWriteTargets?: (
    toolName: string,
    toolInput: Readonly<Record<string, unknown>>,
    cwd: string,
  ) => string[];
}

/** A JSON line with exit 0: every answer of an agent that reads only stdout. */
export function stdoutAnswer(json: object): BridgeAnswer {
  return { json: json as Readonly<Record<string, unknown>>, exitCode: 0, stderr: '' };
}

/** One Cosh call of an agent's call: the Cosh tool, and the agent's own name of it for the journal (J1). */
export function coshCallOf(
  call: BridgeCall,
  part: { readonly toolName: string; readonly mcpServer: string | null; readonly toolInput: ToolCall['toolInput'] },
): ToolCall {
  return {
    toolName: part.toolName,
    toolInput: part.toolInput,
    cwd: call.cwd,
    ...(part.mcpServer === null ? {} : { mcpServer: part.mcpServer }),
    ...(call.toolUseId === undefined ? {} : { toolUseId: call.toolUseId }),
    agentToolName: call.toolName,
  };
}
