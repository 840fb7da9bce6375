// Codex CLI's module (SPEC K9, E5): Claude Code's hook protocol as far as Codex reads it. Its
// calls are read through K9's table (a patch of several files is one Cosh call per file), its
// answers stay within what Codex accepts; its session events are answered as Claude's are
// (claude-session-answer.ts), which Codex reads field for field but refuses any field it does not
// know for the event (its output schemas have no `additionalProperties`).
import { type AgentBridge, coshCallOf, stdoutAnswer } from '../agent-bridge.ts';
import { claudeBridge, toolOutputOf, withWarnings } from '../claude/claude.ts';
import { codexHookAnswer } from './codex-hook-answer.ts';
import { codexPatchWriteTargets, codexToolOutput, fromCodexToolCall } from './codex-tool-call.ts';

/** Codex CLI (K9): `Bash` → `bash_run`, `apply_patch` → one `fs_write` / `fs_edit` per file, … */
export const codexBridge: AgentBridge = {
  ...claudeBridge,
  agent: 'codex',
  patchWriteTargets: codexPatchWriteTargets,
  readToolCall: async (call) => {
    const toolCall = fromCodexToolCall(call.toolName, call.toolInput, call.cwd);
    return {
      calls: toolCall.calls.map((part) => coshCallOf(call, part)),
      outputOf: toolOutputOf(call.toolResponse, codexToolOutput),
      answer: async (verdicts, warnings) =>
        stdoutAnswer(withWarnings(codexHookAnswer(call.event, verdicts, toolCall), warnings)),
    };
  },
};
