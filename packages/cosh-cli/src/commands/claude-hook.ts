import {
  type AnsweredVerdict,
  type ClaudeHookAnswer,
  type CodexToolCall,
  claudeFailureAnswer,
  claudeHookAnswer,
  codexHookAnswer,
  codexToolOutput,
  coshToolOutput,
  createHookEngine,
  fromClaudeToolName,
  fromCodexToolCall,
  type HookEngine,
  type HookEvent,
  toCoshToolInput,
} from '@cosh/hooks';
import { hookPathFor } from '@cosh/config';
import type { CliContext } from '../cli-context.ts';
import { hostJournal } from '../host-journal.ts';
import { clientFenceNotice } from '../client-fence/fence-notice.ts';
import {
  type BridgeClient,
  BRIDGE_MAX_BOUND_SECONDS,
  bridgeBoundMs,
  bridgeProjectFrom,
  createBridgeDeadline,
  deadlineProblem,
  loadBridgeConfig,
  readBridgeStdin,
} from './bridge-support.ts';
import { type BridgeCall, parseBridgeStdin } from './bridge-call.ts';
import { agentSessionEvents, notHeld, runBridgeSessionEvent, SESSION_EVENTS } from './bridge-session-event.ts';
import { type ClaudeSessionAnswer, claudeSessionFailure, claudeSessionOutcomeAnswer } from './claude-session-answer.ts';
import { bridgeWriteRefusal, refusedVerdict } from './bridge-write-guard.ts';

/** The agents that speak Claude Code's hook protocol and that `--client` names (K8, K9). */
export const CLAUDE_HOOK_CLIENTS = ['claude', 'codex'] as const;

/** What `cosh claude-hook` was asked, as parsed by commander. */
export interface ClaudeHookOptions {
  readonly configPath: string | undefined;
  /** `--no-project`: the project layer is left out (SPEC C10). */
  readonly noProject?: boolean | undefined;
  /** `--client codex`: answers within what Codex CLI accepts (K9). Default `claude`. */
  readonly client?: string | undefined;
}

/** Claude Code's PreToolUse / PostToolUse stdin (K4): its event names are Cosh's. Its session events: E5. */
const CLAUDE_EVENTS = { PreToolUse: 'PreToolUse', PostToolUse: 'PostToolUse' } as const satisfies Record<
  string,
  HookEvent
>;

/** One call of the agent's, as the Cosh calls it is read as, and how their verdicts are answered. */
interface BridgedCall {
  readonly calls: readonly {
    toolName: string;
    mcpServer: string | null;
    toolInput: Readonly<Record<string, unknown>>;
  }[];
  answer(verdicts: readonly AnsweredVerdict[]): ClaudeHookAnswer;
  /** PostToolUse: the agent's `tool_response` as the Cosh tool's output. */
  outputOf(toolName: string, toolResponse: unknown, mcpServer: string | null): ReturnType<typeof coshToolOutput>;
}

/** Claude Code's call (K3 read backwards) and K8's answer. */
function claudeBridgedCall(call: BridgeCall): BridgedCall {
  const { toolName, mcpServer } = fromClaudeToolName(call.toolName);
  const coshInput = toCoshToolInput(toolName, call.toolInput, mcpServer);
  return {
    calls: [{ toolName, mcpServer, toolInput: coshInput }],
    outputOf: coshToolOutput,
    answer: ([verdict]) =>
      claudeHookAnswer(call.event, verdict as AnsweredVerdict, {
        toolName,
        mcpServer,
        cwd: call.cwd,
        claudeInput: call.toolInput,
        coshInput,
      }),
  };
}

/** Codex CLI's call (K9's table) and K9's answer. */
function codexBridgedCall(call: BridgeCall): BridgedCall {
  const toolCall: CodexToolCall = fromCodexToolCall(call.toolName, call.toolInput, call.cwd);
  return {
    calls: toolCall.calls,
    outputOf: (toolName, response, mcpServer) => codexToolOutput(toolName, response, mcpServer ?? null),
    answer: (verdicts) => codexHookAnswer(call.event, verdicts, toolCall),
  };
}

/** Adds the load's warnings to the answer's `systemMessage` (K8: agents do not show stderr). */
function withWarnings(answer: ClaudeHookAnswer, warnings: readonly string[]): ClaudeHookAnswer {
  if (warnings.length === 0) return answer;
  const systemMessage = [...warnings, ...(answer.systemMessage === undefined ? [] : [answer.systemMessage])].join('\n');
  return { ...answer, systemMessage };
}

/** Runs the Cosh hooks for the agent's call and gives the agent's answer (K8, K9). */
async function answerCall(
  context: CliContext,
  options: ClaudeHookOptions,
  client: BridgeClient,
  call: BridgeCall,
  deadline: ReturnType<typeof createBridgeDeadline>,
): Promise<ClaudeHookAnswer> {
  let bridge: Awaited<ReturnType<typeof loadBridgeConfig>>;
  // The project the person opened (K8), else Claude's cwd, where the tool runs; never wherever
  // the agent started this process.
  const project = bridgeProjectFrom(context.env, call.cwd, ['CLAUDE_PROJECT_DIR']);
  try {
    bridge = await loadBridgeConfig(context, {
      configPath: options.configPath,
      noProject: options.noProject,
      projectFrom: project,
    });
  } catch (error) {
    // A guard that cannot be read must not wave the call through (fail closed).
    const why = error instanceof Error ? error.message : String(error);
    return claudeFailureAnswer(call.event, `cosh claude-hook: the Cosh hooks could not be loaded: ${why}`, {
      deny: true,
    });
  }
  deadline.setBound(bridgeBoundMs(bridge.loaded.config, call.event, client));
  // B10: an unfenced client's shell is named once per session, and refused under `required`.
  const notice = await clientFenceNotice(
    client,
    context.env,
    { project, sessionId: call.sessionId, toolName: call.toolName, preToolUse: call.event === 'PreToolUse' },
    bridge.loaded.sandboxStatus.mode,
  );
  if (notice.deny !== null)
    return withWarnings(claudeFailureAnswer(call.event, notice.deny, { deny: true }), bridge.warnings);
  if (notice.warning !== null) bridge = { ...bridge, warnings: [...bridge.warnings, notice.warning] };
  const bridged = client === 'codex' ? codexBridgedCall(call) : claudeBridgedCall(call);
  // B8: a write of Cosh's own files is refused before any hook runs, whatever they would say.
  const refusal = call.event === 'PreToolUse' ? bridgeWriteRefusal(bridge.loaded, context.env, call, client) : null;
  if (refusal !== null) return withWarnings(bridged.answer([refusedVerdict(refusal)]), bridge.warnings);
  // J1: always journaled when setup.json sets a journal; J4: a journal that cannot be written is a warning.
  const journalWarnings: string[] = [];
  const journal = await hostJournal(context, {
    settings: bridge.loaded.journal,
    agent: client,
    lockWait: 'bounded',
    warn: (message) => {
      journalWarnings.push(message);
      context.err.line(`cosh: warning: ${message}`);
    },
  });
  const engine = createHookEngine(bridge.loaded.config, {
    journal,
    cwd: call.cwd,
    // B12: no PATH entry the agent's shell could write (the payload's cwd, the project's root, …).
    env: hookPathFor(bridge.loaded.sandbox, context.env, [call.cwd, bridge.projectFrom]).env,
    sessionId: call.sessionId,
    transcriptPath: call.transcriptPath,
    projectFolder: bridge.loaded.projectFolder,
    // R12: one call per process, so a resident hook runs as a one-call process.
    residentHooks: 'one-call',
  });
  const ran = runOnEngine(engine, call, bridged);
  const outcome = await Promise.race([ran, deadline.expired]);
  if (outcome === 'expired') {
    // Past the bound the answer cannot wait for anything more; the runner ends what is left at exit.
    void engine.close();
    return withWarnings(
      claudeFailureAnswer(call.event, deadlineProblem('cosh claude-hook', deadline.boundMs), { deny: true }),
      [...bridge.warnings, ...journalWarnings],
    );
  }
  // The HTTP hooks' kept-alive connections (H2) end with the call; async hooks are waited for (R13);
  // the journal's line is written (J2).
  await engine.close();
  return withWarnings(bridged.answer(outcome), [...bridge.warnings, ...journalWarnings]);
}

/** The Cosh calls through the engine, one after another. */
async function runOnEngine(engine: HookEngine, call: BridgeCall, bridged: BridgedCall): Promise<AnsweredVerdict[]> {
  const verdicts: AnsweredVerdict[] = [];
  for (const part of bridged.calls) {
    const coshCall = {
      toolName: part.toolName,
      toolInput: part.toolInput,
      cwd: call.cwd,
      ...(part.mcpServer === null ? {} : { mcpServer: part.mcpServer }),
      ...(call.toolUseId === undefined ? {} : { toolUseId: call.toolUseId }),
      agentToolName: call.toolName,
    };
    if (call.event === 'PreToolUse') {
      verdicts.push(await engine.preToolUse(coshCall));
    } else {
      const { output, ...parts } = bridged.outputOf(part.toolName, call.toolResponse, part.mcpServer);
      verdicts.push(await engine.postToolUse({ ...coshCall, toolOutput: output, toolResult: parts }));
    }
  }
  return verdicts;
}

function isSessionEvent(event: HookEvent): event is (typeof SESSION_EVENTS)[number] {
  return (SESSION_EVENTS as readonly HookEvent[]).includes(event);
}

/** The `--client` value, checked. */
function clientOf(value: string | undefined): BridgeClient | { problem: string } {
  if (value === undefined || value === 'claude') return 'claude';
  if (value === 'codex') return 'codex';
  return { problem: `--client must be one of ${CLAUDE_HOOK_CLIENTS.join(', ')} (got ${JSON.stringify(value)})` };
}

/**
 * `cosh claude-hook` (K8; `--client codex`, K9): a Claude Code (or Codex CLI) hook command. Reads
 * the agent's PreToolUse or PostToolUse stdin, maps the tool back to Cosh's (`Bash` → `bash_run`,
 * …; a tool with no Cosh twin keeps its name), runs the Cosh hooks of that event and prints the
 * agent's answer as one JSON line that always carries `hookSpecificOutput.hookEventName`. Always
 * exits 0 (Claude reads exit 2 as a block of its own); its own failure (stdin that is not a call,
 * a configuration that does not load, hooks that outlast the bound) is a `systemMessage` and, on a
 * tool call, a deny (fail closed); on a session event only the message (E5: the prompt goes on).
 * The load's warnings go into the `systemMessage` as well as stderr.
 */
export async function runClaudeHook(
  context: CliContext,
  options: ClaudeHookOptions,
  stdin: NodeJS.ReadableStream,
): Promise<void> {
  const startedAt = Date.now();
  let answer: ClaudeHookAnswer | ClaudeSessionAnswer;
  const client = clientOf(options.client);
  const deadline = createBridgeDeadline(
    startedAt,
    BRIDGE_MAX_BOUND_SECONDS[typeof client === 'string' ? client : 'claude'] * 1000,
  );
  try {
    if (typeof client !== 'string') {
      answer = claudeFailureAnswer('PreToolUse', `cosh claude-hook: ${client.problem}`, { deny: true });
    } else {
      const text = await Promise.race([readBridgeStdin(stdin), deadline.expired]);
      const parsed =
        text === 'expired'
          ? null
          : parseBridgeStdin(text, context.cwd, CLAUDE_EVENTS, agentSessionEvents(client), 'cosh claude-hook');
      if (parsed === null) {
        answer = claudeFailureAnswer('PreToolUse', deadlineProblem('cosh claude-hook', deadline.boundMs), {
          deny: true,
        });
      } else if (parsed.kind === 'tool') {
        answer = await answerCall(context, options, client, parsed.call, deadline);
      } else if (parsed.kind === 'session') {
        // E5: the agent's session events run through engine.run, answered in its form.
        const outcome = await runBridgeSessionEvent(
          context,
          { ...options, command: 'cosh claude-hook', client, projectVariables: ['CLAUDE_PROJECT_DIR'] },
          parsed.call,
          deadline,
        );
        if (!outcome.ok) context.err.line(outcome.problem);
        answer = claudeSessionOutcomeAnswer(parsed.call.event, outcome);
      } else if (parsed.event !== null && isSessionEvent(parsed.event)) {
        const problem = notHeld(`cosh claude-hook: ${parsed.problem}`, parsed.event);
        context.err.line(problem);
        answer = claudeSessionFailure(parsed.event, problem);
      } else {
        // Stdin that is not a call is answered as a deny (fail closed): as a PreToolUse one when
        // the event cannot be read, so that the agent never reads the answer as "continue".
        answer = claudeFailureAnswer(
          parsed.event === null || isSessionEvent(parsed.event) ? 'PreToolUse' : parsed.event,
          `cosh claude-hook: ${parsed.problem}`,
          { deny: true },
        );
      }
    }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    answer = claudeFailureAnswer('PreToolUse', `cosh claude-hook: ${why}`, { deny: true });
  }
  deadline.cancel();
  context.out.write(`${JSON.stringify(answer)}\n`);
}
