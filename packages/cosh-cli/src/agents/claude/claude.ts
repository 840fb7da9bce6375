// Claude Code's module (SPEC K8, E5): its call read back through K3's tables, its answers in its
// hook protocol, one JSON line and always exit 0 (Claude reads exit 2 as a block of its own).
import {
  type AnsweredVerdict,
  type ClaudeHookAnswer,
  claudeFailureAnswer,
  claudeHookAnswer,
  type CoshToolResult,
  coshToolOutput,
  fromClaudeToolName,
  type HookEvent,
  toCoshToolInput,
} from '@cosh/hooks';
import {
  type AgentBridge,
  type BridgeAnswer,
  type BridgedToolCall,
  coshCallOf,
  stdoutAnswer,
} from '../agent-bridge.ts';
import { claudeSessionFailure, claudeSessionOutcomeAnswer } from './claude-session-answer.ts';

/** Adds the warnings to the answer's `systemMessage`, first (K8: agents do not show stderr). */
export function withWarnings(answer: ClaudeHookAnswer, warnings: readonly string[]): ClaudeHookAnswer {
  if (warnings.length === 0) return answer;
  const systemMessage = [...warnings, ...(answer.systemMessage === undefined ? [] : [answer.systemMessage])].join('\n');
  return { ...answer, systemMessage };
}

/** The bridge's own failure in Claude's protocol: a deny naming the problem. */
export function claudeToolFailure(event: HookEvent, problem: string, warnings: readonly string[]): BridgeAnswer {
  return stdoutAnswer(withWarnings(claudeFailureAnswer(event, problem, { deny: true }), warnings));
}

/**
 * PostToolUse: the agent's `tool_response` as the output the Cosh tool would have printed, with
 * its parts (K4), read by `read` (Claude's reader by default).
 */
export function toolOutputOf(
  toolResponse: unknown,
  read: (toolName: string, toolResponse: unknown, mcpServer: string | null) => CoshToolResult = coshToolOutput,
): BridgedToolCall['outputOf'] {
  return (call) => {
    const { output, ...parts } = read(call.toolName, toolResponse, call.mcpServer ?? null);
    return { toolOutput: output, toolResult: parts };
  };
}

/** Claude Code (K8): its tool read back (`Bash` → `bash_run`, …; a tool with no Cosh twin keeps its name). */
export const claudeBridge: AgentBridge = {
  agent: 'claude',
  unfencedWarningInAnswer: true,
  readToolCall: async (call) => {
    const { toolName, mcpServer } = fromClaudeToolName(call.toolName);
    const coshInput = toCoshToolInput(toolName, call.toolInput, mcpServer);
    return {
      calls: [coshCallOf(call, { toolName, mcpServer, toolInput: coshInput })],
      outputOf: toolOutputOf(call.toolResponse),
      answer: async ([verdict], warnings) =>
        stdoutAnswer(
          withWarnings(
            claudeHookAnswer(call.event, verdict as AnsweredVerdict, {
              toolName,
              mcpServer,
              cwd: call.cwd,
              claudeInput: call.toolInput,
              coshInput,
            }),
            warnings,
          ),
        ),
    };
  },
  toolFailure: claudeToolFailure,
  sessionAnswer: (call, outcome) => stdoutAnswer(claudeSessionOutcomeAnswer(call.event, outcome)),
  sessionFailure: (event, problem) => stdoutAnswer(claudeSessionFailure(event, problem)),
};
