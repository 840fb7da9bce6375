import {
  createHookEngine,
  fromGeminiToolCall,
  GEMINI_EVENTS,
  type GeminiAnsweredVerdict,
  type GeminiHookAnswer,
  type GeminiToolCall,
  geminiHookAnswer,
  geminiToolOutput,
} from '@cosh/hooks';
import { hookPathFor } from '@cosh/config';
import type { CliContext } from '../cli-context.ts';
import { hostJournal } from '../host-journal.ts';
import { ExitError } from '../cli-errors.ts';
import { clientFenceNotice } from '../client-fence/fence-notice.ts';
import {
  BRIDGE_MAX_BOUND_SECONDS,
  bridgeBoundMs,
  bridgeProjectFrom,
  createBridgeDeadline,
  deadlineProblem,
  loadBridgeConfig,
  readBridgeStdin,
} from './bridge-support.ts';
import { type BridgeCall, parseBridgeStdin } from './bridge-call.ts';
import { agentSessionEvents, notHeld, runBridgeSessionEvent } from './bridge-session-event.ts';
import { geminiSessionFailure, geminiSessionOutcomeAnswer } from './gemini-session-answer.ts';
import { bridgeWriteRefusal, refusedVerdict } from './bridge-write-guard.ts';
import { keepGeminiContext, takeGeminiContext } from './gemini-context-store.ts';

/** What `cosh gemini-hook` was asked. */
export interface GeminiHookOptions {
  readonly configPath: string | undefined;
  /** `--no-project`: the project layer is left out (SPEC C10). */
  readonly noProject?: boolean | undefined;
}

/** The bridge's own failure: a deny (exit 2, the problem on stderr and as the reason), fail closed. */
function failureAnswer(problem: string): GeminiHookAnswer {
  return {
    json: { decision: 'deny', reason: problem, systemMessage: problem },
    exitCode: 2,
    stderr: problem,
    contextToKeep: '',
  };
}

async function answerCall(
  context: CliContext,
  options: GeminiHookOptions,
  call: BridgeCall,
  deadline: ReturnType<typeof createBridgeDeadline>,
): Promise<GeminiHookAnswer> {
  let bridge: Awaited<ReturnType<typeof loadBridgeConfig>>;
  const project = bridgeProjectFrom(context.env, call.cwd, ['GEMINI_PROJECT_DIR', 'CLAUDE_PROJECT_DIR']);
  try {
    bridge = await loadBridgeConfig(context, {
      configPath: options.configPath,
      noProject: options.noProject,
      projectFrom: project,
    });
  } catch (error) {
    return failureAnswer(
      `cosh gemini-hook: the Cosh hooks could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  deadline.setBound(bridgeBoundMs(bridge.loaded.config, call.event, 'gemini'));
  // B10: an unfenced Gemini shell is named once per session on stderr, and refused under `required`.
  const notice = await clientFenceNotice(
    'gemini',
    context.env,
    { project, sessionId: call.sessionId, toolName: call.toolName, preToolUse: call.event === 'PreToolUse' },
    bridge.loaded.sandboxStatus.mode,
  );
  if (notice.deny !== null) return failureAnswer(notice.deny);
  if (notice.warning !== null) context.err.line(notice.warning);
  const toolCall = fromGeminiToolCall(call.toolName, call.toolInput, call.cwd);
  // B8: a write of Cosh's own files is refused before any hook runs, whatever they would say.
  const refusal = call.event === 'PreToolUse' ? bridgeWriteRefusal(bridge.loaded, context.env, call, 'gemini') : null;
  if (refusal !== null) {
    return geminiHookAnswer(call.event, refusedVerdict(refusal), toolCall, {
      systemMessage: bridge.warnings.length === 0 ? null : bridge.warnings.join('\n'),
      keptContext: '',
    });
  }
  const keptContext =
    call.event === 'PostToolUse' && call.sessionId !== undefined
      ? await takeGeminiContext(context.env, {
          sessionId: call.sessionId,
          toolName: call.toolName,
          input: call.toolInput,
        })
      : '';
  // J1: always journaled when setup.json sets a journal; J4: a journal that cannot be written is a warning.
  const journalWarnings: string[] = [];
  const journal = await hostJournal(context, {
    settings: bridge.loaded.journal,
    agent: 'gemini',
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
  const outcome = await Promise.race([runOnEngine(engine, call, toolCall, keptContext), deadline.expired]);
  if (outcome === 'expired') {
    // Past the bound the answer cannot wait for anything more; the runner ends what is left at exit.
    void engine.close();
    return failureAnswer(deadlineProblem('cosh gemini-hook', deadline.boundMs));
  }
  // Async hooks (R13) and HTTP connections end with the call.
  await engine.close();
  const warnings = [...bridge.warnings, ...journalWarnings];
  const answer = geminiHookAnswer(call.event, outcome, toolCall, {
    systemMessage: warnings.length === 0 ? null : warnings.join('\n'),
    keptContext,
  });
  if (answer.contextToKeep !== '' && call.sessionId !== undefined) {
    // Gemini's AfterTool names the input as it ran: the rewritten one when a hook rewrote it.
    const rewritten = (answer.json['hookSpecificOutput'] as { tool_input?: unknown } | undefined)?.tool_input;
    await keepGeminiContext(
      context.env,
      {
        sessionId: call.sessionId,
        toolName: call.toolName,
        inputs: rewritten === undefined ? [call.toolInput] : [call.toolInput, rewritten],
      },
      answer.contextToKeep,
    );
  }
  return answer;
}

async function runOnEngine(
  engine: ReturnType<typeof createHookEngine>,
  call: BridgeCall,
  toolCall: GeminiToolCall,
  keptContext: string,
): Promise<GeminiAnsweredVerdict> {
  const coshCall = {
    toolName: toolCall.toolName,
    toolInput: toolCall.toolInput,
    cwd: call.cwd,
    ...(toolCall.mcpServer === null ? {} : { mcpServer: toolCall.mcpServer }),
    agentToolName: call.toolName,
  };
  if (call.event === 'PreToolUse') return await engine.preToolUse(coshCall);
  return await engine.postToolUse({
    ...coshCall,
    toolOutput: geminiToolOutput(call.toolResponse),
    preToolUseContext: keptContext,
  });
}

/**
 * `cosh gemini-hook` (K10): a Gemini CLI hook command for `BeforeTool` and `AfterTool`. Reads
 * Gemini's stdin, maps the tool to Cosh's (`run_shell_command` → `bash_run`, …), runs the Cosh
 * hooks of that event and answers as Gemini honours it: one JSON line on stdout, exit 2 with the
 * reasons on stderr for a deny. Its own failure (stdin that is not a call, a configuration that
 * does not load, hooks that outlast the bound, which stays below Gemini's 60 s) is a deny on a
 * tool call and a `systemMessage` on a session event (E5: the prompt goes on).
 */
export async function runGeminiHook(
  context: CliContext,
  options: GeminiHookOptions,
  stdin: NodeJS.ReadableStream,
): Promise<void> {
  const deadline = createBridgeDeadline(Date.now(), BRIDGE_MAX_BOUND_SECONDS.gemini * 1000);
  let answer: GeminiHookAnswer;
  try {
    const text = await Promise.race([readBridgeStdin(stdin), deadline.expired]);
    const parsed =
      text === 'expired'
        ? null
        : parseBridgeStdin(text, context.cwd, GEMINI_EVENTS, agentSessionEvents('gemini'), 'cosh gemini-hook');
    if (parsed === null) answer = failureAnswer(deadlineProblem('cosh gemini-hook', deadline.boundMs));
    else if (parsed.kind === 'tool') answer = await answerCall(context, options, parsed.call, deadline);
    else if (parsed.kind === 'session') {
      // E5: BeforeAgent, SessionStart, AfterAgent, SessionEnd run through engine.run, answered in Gemini's form.
      const outcome = await runBridgeSessionEvent(
        context,
        {
          ...options,
          command: 'cosh gemini-hook',
          client: 'gemini',
          projectVariables: ['GEMINI_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'],
        },
        parsed.call,
        deadline,
      );
      if (!outcome.ok) context.err.line(outcome.problem);
      answer = geminiSessionOutcomeAnswer(parsed.call.event, parsed.call.agentEvent, outcome);
    } else if (
      parsed.agentEvent !== null &&
      parsed.event !== null &&
      parsed.event !== 'PreToolUse' &&
      parsed.event !== 'PostToolUse'
    ) {
      const problem = notHeld(`cosh gemini-hook: ${parsed.problem}`, parsed.event);
      context.err.line(problem);
      answer = geminiSessionFailure(problem);
    } else answer = failureAnswer(`cosh gemini-hook: ${parsed.problem}`);
  } catch (error) {
    answer = failureAnswer(`cosh gemini-hook: ${error instanceof Error ? error.message : String(error)}`);
  }
  deadline.cancel();
  context.out.write(`${JSON.stringify(answer.json)}\n`);
  // Gemini reads a deny from stdout's JSON; exit 2 with the reasons on stderr says it too.
  if (answer.exitCode !== 0) throw new ExitError(answer.exitCode, answer.stderr);
}
