// Gemini CLI's module (SPEC K10, E5): its calls read through K10's table, its answers as Gemini
// honours them: one JSON line, and exit 2 with the reasons on stderr for a deny. Gemini drops a
// BeforeTool context, so the bridge keeps it for that call's AfterTool (gemini-context-store.ts).
import type { BridgeCall } from '../../commands/bridge-call.ts';
import { type AgentBridge, coshCallOf } from '../agent-bridge.ts';
import { keepGeminiContext, takeGeminiContext } from './gemini-context-store.ts';
import { type GeminiAnsweredVerdict, type GeminiHookAnswer, geminiHookAnswer } from './gemini-hook-answer.ts';
import { geminiSessionFailure, geminiSessionOutcomeAnswer } from './gemini-session-answer.ts';
import { fromGeminiToolCall, geminiToolOutput } from './gemini-tool-call.ts';

/** The bridge's own failure: a deny (exit 2, the problem on stderr and as the reason), fail closed. */
function failureAnswer(problem: string): GeminiHookAnswer {
  return {
    json: { decision: 'deny', reason: problem, systemMessage: problem },
    exitCode: 2,
    stderr: problem,
    contextToKeep: '',
  };
}

/** AfterTool: the context its BeforeTool kept for the same call, taken; `''` when none. */
async function keptContextOf(call: BridgeCall, env: NodeJS.ProcessEnv): Promise<string> {
  if (call.event !== 'PostToolUse' || call.sessionId === undefined) return '';
  return await takeGeminiContext(env, { sessionId: call.sessionId, toolName: call.toolName, input: call.toolInput });
}

/** BeforeTool: keeps the answer's context for the AfterTool of the input as it runs. */
async function keepContext(call: BridgeCall, env: NodeJS.ProcessEnv, answer: GeminiHookAnswer): Promise<void> {
  if (answer.contextToKeep === '' || call.sessionId === undefined) return;
  // Gemini's AfterTool names the input as it ran: the rewritten one when a hook rewrote it.
  const rewritten = (answer.json['hookSpecificOutput'] as { tool_input?: unknown } | undefined)?.tool_input;
  await keepGeminiContext(
    env,
    {
      sessionId: call.sessionId,
      toolName: call.toolName,
      inputs: rewritten === undefined ? [call.toolInput] : [call.toolInput, rewritten],
    },
    answer.contextToKeep,
  );
}

/** Gemini CLI (K10): `run_shell_command` → `bash_run`, `write_file` → `fs_write`, … */
export const geminiBridge: AgentBridge = {
  agent: 'gemini',
  // B10's note goes to stderr, which Gemini CLI shows; its answers carry the load's warnings only.
  unfencedWarningInAnswer: false,
  readToolCall: async (call, env) => {
    const toolCall = fromGeminiToolCall(call.toolName, call.toolInput, call.cwd);
    const keptContext = await keptContextOf(call, env);
    return {
      calls: [coshCallOf(call, toolCall)],
      outputOf: () => ({ toolOutput: geminiToolOutput(call.toolResponse), preToolUseContext: keptContext }),
      answer: async ([verdict], warnings) => {
        const answer = geminiHookAnswer(call.event, verdict as GeminiAnsweredVerdict, toolCall, {
          systemMessage: warnings.length === 0 ? null : warnings.join('\n'),
          keptContext,
        });
        await keepContext(call, env, answer);
        return answer;
      },
    };
  },
  // Its failures name the problem alone: the reason Gemini shows is the problem.
  toolFailure: (_event, problem) => failureAnswer(problem),
  sessionAnswer: (call, outcome) => geminiSessionOutcomeAnswer(call.event, call.agentEvent, outcome),
  sessionFailure: (_event, problem) => geminiSessionFailure(problem),
};
