// One bridged call's engine, the same for a tool call and a session event of any agent (SPEC K8,
// J1, J4, B12, R12): the layers loaded from the project the person opened, the journal, the engine
// with a PATH the agent's shell cannot write, and its run held to the bridge's bound.
import { createHookEngine, type HookEngine, ONE_CALL_ENGINE } from '@cosh/hooks';
import { hookPathFor } from '@cosh/config';
import type { AgentName } from '@cosh/spec';
import type { CliContext } from '../cli-context.ts';
import { hostJournal } from '../host-journal.ts';
import { type BridgeConfig, type BridgeDeadline, loadBridgeConfig } from './bridge-support.ts';

/**
 * Every layer, trust checked (C10, S), the project layer looked for from `projectFrom`; or the
 * problem that it could not be loaded, named by the bridge's `label` (a guard that cannot be read
 * must not wave the call through).
 */
export async function loadBridgeLayers(
  context: CliContext,
  options: {
    readonly label: string;
    readonly configPath: string | undefined;
    readonly noProject?: boolean | undefined;
    readonly projectFrom: string;
  },
): Promise<{ readonly ok: true; readonly layers: BridgeConfig } | { readonly ok: false; readonly problem: string }> {
  try {
    return { ok: true, layers: await loadBridgeConfig(context, options) };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `${options.label}: the Cosh hooks could not be loaded: ${why}` };
  }
}

/** A bridge's engine and the warnings its journal gave (J4: also the answer's `systemMessage`). */
export interface BridgeEngine {
  readonly engine: HookEngine;
  /** Filled while the engine runs. */
  readonly journalWarnings: readonly string[];
}

/**
 * The engine of one call of `agent`'s: journaled when setup.json sets a journal (J1; one that
 * cannot be written is a warning, J4), its hooks' PATH free of any folder the agent's shell could
 * write (B12: the payload's cwd, the project's root, …), keeping nothing for a next call (R12:
 * every hook's process lives for the call).
 */
export async function openBridgeEngine(
  context: CliContext,
  layers: BridgeConfig,
  call: { readonly cwd: string; readonly sessionId: string | undefined; readonly transcriptPath: string | undefined },
  journalOptions: { readonly agent: AgentName; readonly lockWait?: 'bounded'; readonly lockWaitEndsAt?: number },
): Promise<BridgeEngine> {
  const journalWarnings: string[] = [];
  const journal = await hostJournal(context, {
    settings: layers.loaded.journal,
    ...journalOptions,
    warn: (message) => {
      journalWarnings.push(message);
      context.err.line(`cosh: warning: ${message}`);
    },
  });
  const engine = createHookEngine(layers.loaded.config, {
    journal,
    cwd: call.cwd,
    env: hookPathFor(layers.loaded.sandbox, context.env, [call.cwd, layers.projectFrom]).env,
    sessionId: call.sessionId,
    transcriptPath: call.transcriptPath,
    projectFolder: layers.loaded.projectFolder,
    ...ONE_CALL_ENGINE,
  });
  return { engine, journalWarnings };
}

/**
 * What `ran` gives, or `'expired'` once the deadline passes first; the engine is closed either
 * way: at once past the bound (the answer cannot wait for anything more; the runner ends what is
 * left at exit), else once the HTTP hooks' connections (H2), the async hooks (R13) and the
 * journal's line (J2) are done.
 */
export async function withinBound<Result>(
  engine: HookEngine,
  ran: Promise<Result>,
  deadline: BridgeDeadline,
): Promise<Result | 'expired'> {
  const outcome = await Promise.race([ran, deadline.expired]);
  if (outcome === 'expired') {
    void engine.close();
    return 'expired';
  }
  await engine.close();
  return outcome;
}
