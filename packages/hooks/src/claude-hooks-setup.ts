// K3–K5: what the hooks of the Claude protocol are given beyond the Cosh ones: Claude Code's
// payload (its tool names and inputs), CLAUDE_PROJECT_DIR, and what translating their
// `updatedInput` back needs. Built only for a call that selected such a hook.
import { claudeProjectDirOnDisk } from '@cosh/config';
import { type HookEvent, type SessionEvent, toClaudeToolName } from '@cosh/spec';
import { claudeHookPayload } from './claude-hook-payload.ts';
import { toClaudeToolInput } from './claude-tool-input.ts';
import { claudeToolResponse } from './claude-tool-response.ts';
import { encodePayload } from './encode-payload.ts';
import type { EngineContext } from './engine-context.ts';
import type { ClaudeHooksSetup } from './event-hooks-setup.ts';
import type { PostToolUseCall, SessionEventCall, ToolCall } from './hook-engine-types.ts';
import { claudeSessionHookPayload, type SessionPayloadContext } from './session-event-payload.ts';
import { newToolUseId } from './tool-use-id.ts';

/** The Claude hooks' payload and environment for one tool call (K3, K4). */
export function claudeToolCallSetup(
  engine: EngineContext,
  event: HookEvent,
  call: ToolCall | PostToolUseCall,
  cwd: string,
): ClaudeHooksSetup {
  const { toolName, mcpServer } = call;
  let claudeInput: Readonly<Record<string, unknown>> = call.toolInput;
  const payload = encodePayload(() => {
    claudeInput = toClaudeToolInput(toolName, call.toolInput, cwd, mcpServer);
    const toolResponse =
      'toolOutput' in call
        ? claudeToolResponse(toolName, claudeInput, { ...call.toolResult, output: call.toolOutput }, mcpServer)
        : undefined;
    return claudeHookPayload({
      event,
      sessionId: engine.sessionId(),
      transcriptPath: engine.options.transcriptPath,
      cwd,
      toolName: toClaudeToolName(toolName, mcpServer, call.toolInput),
      toolInput: claudeInput,
      toolUseId: call.toolUseId ?? newToolUseId(),
      toolResponse,
    });
  });
  return { payload, projectDir: projectDirOf(engine, cwd), coshInput: call.toolInput, claudeInput, mcpServer };
}

/** The Claude hooks' payload and environment for one session event (E5, K4): no tool, nothing to translate back. */
export function claudeSessionSetup<Event extends SessionEvent>(
  engine: EngineContext,
  event: Event,
  call: SessionEventCall<Event>,
  context: SessionPayloadContext,
): ClaudeHooksSetup {
  return {
    payload: encodePayload(() => claudeSessionHookPayload(event, call, context)),
    projectDir: projectDirOf(engine, context.cwd),
    coshInput: {},
    claudeInput: {},
    mcpServer: undefined,
  };
}

/** `CLAUDE_PROJECT_DIR` of a call run in `cwd` (K4). */
function projectDirOf(engine: EngineContext, cwd: string): string {
  const { options } = engine;
  return claudeProjectDirOnDisk({ projectFolder: options.projectFolder ?? null, cwd, env: options.env ?? process.env });
}
