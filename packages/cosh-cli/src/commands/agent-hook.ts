// The one bridge command over the agents' table (SPEC K8–K10, E5): every agent's hook command
// is this flow, each agent's protocol behind its module (agents/). It reads the agent's stdin
// within the bound, loads the layers from the project the person opened, refuses what B10 and B8
// refuse, runs the hooks of the event through the engine and prints the agent's answer. Its own
// failure (stdin that is not a call, a configuration that does not load, hooks that outlast the
// bound) is a deny on a tool call (fail closed), and a warning on a session event (E5: the
// prompt or the stop goes on).
import type { AnsweredVerdict, HookEngine, HookEvent } from '@cosh/hooks';
import { AGENTS, type AgentName, isToolEvent } from '@cosh/spec';
import type { AgentBridge, BridgeAnswer, BridgedToolCall } from '../agents/agent-bridge.ts';
import { type BridgeCommandName, bridgeAgentOf, bridgeCommandNamed } from '../agents/bridge-commands.ts';
import { loadAgentBridge } from '../agents/load-agent-bridge.ts';
import type { CliContext } from '../cli-context.ts';
import { ExitError } from '../cli-errors.ts';
import { clientFenceNotice } from '../client-fence/fence-notice.ts';
import { agentToolEvents, type BridgeCall, parseBridgeStdin } from './bridge-call.ts';
import { loadBridgeLayers, openBridgeEngine, withinBound } from './bridge-engine.ts';
import {
  agentSessionEvents,
  notHeld,
  runBridgeSessionEvent,
  type SessionEventOutcome,
} from './bridge-session-event.ts';
import {
  BRIDGE_MAX_BOUND_SECONDS,
  type BridgeDeadline,
  bridgeBoundMs,
  bridgeProjectFrom,
  createBridgeDeadline,
  deadlineProblem,
  readBridgeStdin,
} from './bridge-support.ts';
import { bridgeWriteRefusal, refusedVerdict } from './bridge-write-guard.ts';

/** What a bridge command was asked. */
export interface AgentHookOptions {
  /** The bridge command (`claude-hook`). */
  readonly command: BridgeCommandName;
  readonly configPath: string | undefined;
  /** `--no-project`: the project layer is left out (SPEC C10). */
  readonly noProject?: boolean | undefined;
  /** `--client <agent>`: another agent the command answers. Default: the command's own. */
  readonly client?: string | undefined;
}

/** What the flow knows of the run: the command as the answers name it, the agent and its module. */
interface BridgeRun {
  readonly context: CliContext;
  readonly options: AgentHookOptions;
  /** `cosh <command>`, as problems name the bridge. */
  readonly label: string;
  readonly agent: AgentName;
  readonly bridge: AgentBridge;
  readonly deadline: BridgeDeadline;
}

/** Runs the Cosh hooks for the agent's tool call and gives the agent's answer (K8–K10). */
async function answerToolCall(run: BridgeRun, call: BridgeCall): Promise<BridgeAnswer> {
  const { context, options, bridge, deadline } = run;
  // The project the person opened (K8), else the call's cwd, where the tool runs; never wherever
  // the agent started this process.
  const project = bridgeProjectFrom(context.env, call.cwd, AGENTS[run.agent].projectFolderVariables);
  const load = await loadBridgeLayers(context, { ...options, label: run.label, projectFrom: project });
  if (!load.ok) return bridge.toolFailure(call.event, load.problem, []);
  let { layers } = load;
  deadline.setBound(bridgeBoundMs(layers.loaded.config, call.event, run.agent));
  // B10: an unfenced client's shell is named once per session, and refused under `required`.
  const notice = await clientFenceNotice(
    run.agent,
    context.env,
    { project, sessionId: call.sessionId, toolName: call.toolName, preToolUse: call.event === 'PreToolUse' },
    layers.loaded.sandboxStatus.mode,
  );
  if (notice.deny !== null) return bridge.toolFailure(call.event, notice.deny, layers.warnings);
  if (notice.warning !== null) {
    if (bridge.unfencedWarningInAnswer) layers = { ...layers, warnings: [...layers.warnings, notice.warning] };
    else context.err.line(notice.warning);
  }
  const bridged = await bridge.readToolCall(call, context.env);
  // B8: a write of Cosh's own files is refused before any hook runs, whatever they would say.
  const refusal = call.event === 'PreToolUse' ? bridgeWriteRefusal(layers.loaded, context.env, call, bridge) : null;
  if (refusal !== null) return await bridged.answer([refusedVerdict(refusal)], layers.warnings);
  const { engine, journalWarnings } = await openBridgeEngine(context, layers, call, {
    agent: run.agent,
    lockWait: 'bounded',
    // J4: the line waits for a moving queue, never past the bridge's own deadline (K8).
    lockWaitEndsAt: deadline.endsAt,
  });
  const outcome = await withinBound(engine, runOnEngine(engine, call.event, bridged), deadline);
  const warnings = [...layers.warnings, ...journalWarnings];
  if (outcome === 'expired')
    return bridge.toolFailure(call.event, deadlineProblem(run.label, deadline.boundMs), warnings);
  return await bridged.answer(outcome, warnings);
}

/** The Cosh calls through the engine, one after another. */
async function runOnEngine(engine: HookEngine, event: HookEvent, bridged: BridgedToolCall): Promise<AnsweredVerdict[]> {
  const verdicts: AnsweredVerdict[] = [];
  for (const call of bridged.calls) {
    verdicts.push(
      event === 'PreToolUse'
        ? await engine.preToolUse(call)
        : await engine.postToolUse({ ...call, ...bridged.outputOf(call) }),
    );
  }
  return verdicts;
}

/** The answer to the agent's stdin `text`: a tool call, a session event (E5), or a deny of what it cannot read. */
async function answerStdin(run: BridgeRun, text: string): Promise<BridgeAnswer> {
  const { context, options, bridge, agent } = run;
  const parsed = parseBridgeStdin(text, context.cwd, agentToolEvents(agent), agentSessionEvents(agent), run.label);
  if (parsed.kind === 'tool') return await answerToolCall(run, parsed.call);
  if (parsed.kind === 'session') {
    let outcome: SessionEventOutcome;
    try {
      outcome = await runBridgeSessionEvent(
        context,
        {
          configPath: options.configPath,
          noProject: options.noProject,
          command: run.label,
          client: agent,
          projectVariables: AGENTS[agent].projectFolderVariables,
        },
        parsed.call,
        run.deadline,
      );
    } catch (error) {
      // Its unexpected failure too: a session event never fails closed (E5), whatever broke.
      const why = error instanceof Error ? error.message : String(error);
      outcome = { ok: false, problem: notHeld(`${run.label}: ${why}`, parsed.call.event), warnings: [] };
    }
    // E5: the bridge's own failure on a session event is a warning, the person's to read.
    if (!outcome.ok) context.err.line(outcome.problem);
    return bridge.sessionAnswer(parsed.call, outcome);
  }
  if (parsed.event !== null && !isToolEvent(parsed.event)) {
    const problem = notHeld(`${run.label}: ${parsed.problem}`, parsed.event);
    context.err.line(problem);
    return bridge.sessionFailure(parsed.event, problem);
  }
  const problem = `${run.label}: ${parsed.problem}`;
  // Stdin that is not a call is answered as a deny (fail closed): as a PreToolUse one when the
  // event cannot be read, so that the agent never reads the answer as "continue".
  return bridge.toolFailure(parsed.event ?? 'PreToolUse', problem, []);
}

/**
 * `cosh <bridge command>` (K8–K10): reads the agent's hook stdin, maps its tool to Cosh's (a tool
 * with no Cosh twin keeps its name), runs the Cosh hooks of that event and prints the agent's
 * answer as one JSON line; exits 2 where the agent's module answers a deny so, else 0.
 */
export async function runAgentHook(
  context: CliContext,
  options: AgentHookOptions,
  stdin: NodeJS.ReadableStream,
): Promise<void> {
  const command = bridgeCommandNamed(options.command);
  if (command === undefined) throw new Error(`cosh: no bridge command ${options.command}`);
  const label = `cosh ${command.name}`;
  const chosen = bridgeAgentOf(command, options.client);
  const agent = typeof chosen === 'string' ? chosen : command.agent;
  const deadline = createBridgeDeadline(Date.now(), BRIDGE_MAX_BOUND_SECONDS[agent] * 1000);
  const bridge = await loadAgentBridge(agent);
  let answer: BridgeAnswer;
  try {
    if (typeof chosen !== 'string') {
      answer = bridge.toolFailure('PreToolUse', `${label}: ${chosen.problem}`, []);
    } else {
      const text = await Promise.race([readBridgeStdin(stdin), deadline.expired]);
      answer =
        text === 'expired'
          ? bridge.toolFailure('PreToolUse', deadlineProblem(label, deadline.boundMs), [])
          : await answerStdin({ context, options, label, agent, bridge, deadline }, text);
    }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    answer = bridge.toolFailure('PreToolUse', `${label}: ${why}`, []);
  }
  deadline.cancel();
  context.out.write(`${JSON.stringify(answer.json)}\n`);
  // An agent that reads a deny from the exit status too gets exit 2 and the reasons on stderr.
  if (answer.exitCode !== 0) throw new ExitError(answer.exitCode, answer.stderr);
}
