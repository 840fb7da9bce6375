// The session events in the bridges (SPEC E1–E5): an agent's UserPromptSubmit, SessionStart,
// Stop and SessionEnd (under its own names of them, `EVENTS[event].agentNames`) read from
// its stdin and run through `engine.run(event, …)` (E6). Each bridge words the verdict in its own
// client's form; what they share is here. B8 and B10 (Cosh's files, the unfenced shell) are about
// tool calls and do not run here.
import type { SessionEvent, SessionEventCall, SessionEventResult } from '@cosh/hooks';
import { agentEventNames } from '@cosh/spec';
import type { CliContext } from '../cli-context.ts';
import { loadBridgeLayers, openBridgeEngine, withinBound } from './bridge-engine.ts';
import {
  type BridgeClient,
  bridgeBoundMs,
  bridgeProjectFrom,
  type createBridgeDeadline,
  sessionDeadlineProblem,
} from './bridge-support.ts';

/** The session events, in the events table's order. */
export const SESSION_EVENTS = [
  'UserPromptSubmit',
  'SessionStart',
  'Stop',
  'SessionEnd',
] as const satisfies readonly SessionEvent[];

/** An agent's names of the session events it has (E5), each naming the Cosh event it is. */
export function agentSessionEvents(agent: BridgeClient): Readonly<Record<string, SessionEvent>> {
  return agentEventNames(agent, SESSION_EVENTS);
}

/** One session event of the agent's, as far as a bridge reads its stdin. */
export interface BridgeSessionCall {
  readonly event: SessionEvent;
  /** The agent's own name of the event (`BeforeAgent`). */
  readonly agentEvent: string;
  readonly sessionId: string | undefined;
  readonly transcriptPath: string | undefined;
  /** The payload's `cwd` when absolute, else the bridge's own. */
  readonly cwd: string;
  /** The event's own fields (E1–E4): `prompt`, `source`, `stopHookActive`, `reason`. */
  readonly fields: SessionEventCall<SessionEvent>;
}

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The event's own fields from the agent's stdin, or what is wrong with them. */
function fieldsOf(
  event: SessionEvent,
  data: Readonly<Record<string, unknown>>,
): { fields: SessionEventCall<SessionEvent> } | { problem: string } {
  switch (event) {
    case 'UserPromptSubmit': {
      const prompt = data['prompt'];
      if (typeof prompt !== 'string') return { problem: 'prompt is missing or not a string' };
      return { fields: { prompt } };
    }
    case 'SessionStart':
      // The matcher tests it (E2); an agent that does not say why the session starts says nothing to match.
      return { fields: { source: optionalString(data['source']) ?? '' } };
    case 'Stop':
      return { fields: { stopHookActive: data['stop_hook_active'] === true } };
    case 'SessionEnd':
      return { fields: { reason: optionalString(data['reason']) ?? '' } };
  }
}

/** `data` (the agent's stdin, an object) read as a session event, or what is wrong with it. */
export function readBridgeSessionCall(
  data: Readonly<Record<string, unknown>>,
  event: SessionEvent,
  agentEvent: string,
  fallbackCwd: string,
): { ok: true; call: BridgeSessionCall } | { ok: false; problem: string } {
  const read = fieldsOf(event, data);
  if ('problem' in read) return { ok: false, problem: read.problem };
  const cwd = optionalString(data['cwd']);
  return {
    ok: true,
    call: {
      event,
      agentEvent,
      sessionId: optionalString(data['session_id']) || undefined,
      transcriptPath: optionalString(data['transcript_path']),
      cwd: cwd?.startsWith('/') ? cwd : fallbackCwd,
      fields: read.fields,
    },
  };
}

/** What a bridge words in its client's form: the verdict and the warnings, or its own failure. */
export type SessionEventOutcome =
  | {
      readonly ok: true;
      readonly result: SessionEventResult;
      /** The load's and the journal's warnings (K8: also the answer's `systemMessage`). */
      readonly warnings: readonly string[];
    }
  | {
      readonly ok: false;
      /** The bridge's own failure (a config that does not load, the bound passed). */
      readonly problem: string;
      readonly warnings: readonly string[];
    };

/**
 * What a person reads when the bridge could not run the session event's hooks: the event is not
 * held for it. A prompt, a start or a stop never fails closed on the bridge's own failure (a
 * config that does not load, a file nobody trusted, the bound passed): blocking every prompt would
 * leave the person no way to ask the agent anything, not even to fix the file; the tool events
 * stay fail-closed and keep the guard.
 */
export function notHeld(problem: string, event: SessionEvent): string {
  return `${problem}; ${GOES_ON[event]} without the Cosh hooks`;
}

/** What the agent does next when a session event's hooks could not run. */
const GOES_ON: Readonly<Record<SessionEvent, string>> = {
  UserPromptSubmit: 'the prompt is sent',
  SessionStart: 'the session starts',
  Stop: 'the turn ends',
  SessionEnd: 'the session ends',
};

/**
 * Runs the Cosh hooks of one session event of the agent's (E5), every layer loaded as for a tool
 * call (C10, S), the project found from the project the person opened (`projectVariables`), within
 * the bridge's bound (K8).
 */
export async function runBridgeSessionEvent(
  context: CliContext,
  options: {
    readonly configPath: string | undefined;
    readonly noProject?: boolean | undefined;
    readonly command: string;
    readonly client: BridgeClient;
    readonly projectVariables: readonly string[];
  },
  call: BridgeSessionCall,
  deadline: ReturnType<typeof createBridgeDeadline>,
): Promise<SessionEventOutcome> {
  const project = bridgeProjectFrom(context.env, call.cwd, options.projectVariables);
  const load = await loadBridgeLayers(context, { ...options, label: options.command, projectFrom: project });
  if (!load.ok) return { ok: false, problem: notHeld(load.problem, call.event), warnings: [] };
  const bridge = load.layers;
  if (bridge.loaded.config.refusal !== null) {
    // S5: a file nobody trusted runs no hook; a tool call is refused for it, a session event goes on.
    return {
      ok: false,
      problem: notHeld(`${options.command}: ${bridge.loaded.config.refusal}`, call.event),
      warnings: bridge.warnings,
    };
  }
  deadline.setBound(bridgeBoundMs(bridge.loaded.config, call.event, options.client));
  const { engine, journalWarnings } = await openBridgeEngine(context, bridge, call, {
    agent: options.client,
    // J4: as for a tool call, the line waits for a moving queue, never past the bridge's deadline.
    lockWait: 'bounded',
    lockWaitEndsAt: deadline.endsAt,
  });
  const ran = engine.run(call.event, { ...call.fields, cwd: call.cwd } as never) as Promise<SessionEventResult>;
  const outcome = await withinBound(engine, ran, deadline);
  if (outcome === 'expired') {
    return {
      ok: false,
      problem: notHeld(sessionDeadlineProblem(options.command, deadline.boundMs), call.event),
      warnings: [...bridge.warnings, ...journalWarnings],
    };
  }
  const warnings = [...bridge.warnings, ...journalWarnings];
  // The engine's own refusal (a call it could not put through, its own crash) names no hook: it is
  // the bridge's failure, not a hook's deny.
  if (outcome.decision === 'deny' && outcome.hooks.length === 0) {
    const why = outcome.reasons.join('; ');
    return { ok: false, problem: notHeld(`${options.command}: ${why}`, call.event), warnings };
  }
  return { ok: true, result: outcome, warnings };
}

/** The verdict's reasons as one text, never empty where a client needs one (a client may refuse an empty reason). */
export function sessionReason(reasons: readonly string[]): string {
  const joined = reasons.join('; ').trim();
  return joined === '' ? 'blocked by a Cosh hook' : joined;
}
