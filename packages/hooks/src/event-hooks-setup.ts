import type { HookEntry, HookEvent } from '@cosh/config';
import type { HookRunner, HttpHookClient } from '@cosh/runner';
import type { KindClients } from './kinds/kind-clients.ts';

/** The stdin of one protocol's hooks, encoded once: every such hook is given this same buffer (R11). */
export type ProtocolPayload =
  /** `text` is the payload as text, for the reports. */
  | { readonly text: string; readonly stdin: Uint8Array; readonly problem: null }
  /** Why no hook of this protocol can start (the input cannot be sent as JSON). */
  | { readonly text: ''; readonly stdin: null; readonly problem: string };

/** What the hooks of the Claude protocol need beyond the Cosh ones (K4, K5). */
export interface ClaudeHooksSetup {
  readonly payload: ProtocolPayload;
  /** `CLAUDE_PROJECT_DIR` (K4). */
  readonly projectDir: string;
  /** The call's Cosh input and the Claude input the hooks were sent, to translate `updatedInput` back (K5). */
  readonly coshInput: Readonly<Record<string, unknown>>;
  readonly claudeInput: Readonly<Record<string, unknown>>;
  readonly mcpServer: string | undefined;
}

/**
 * What every selected hook of one call shares, as the engine gives it and the kinds of hook
 * (hook-kinds.ts) use it. A hook's environment is built from it by `environmentOf`
 * (hook-environment.ts), only for a hook that needs one.
 */
export interface EventHooksInput {
  readonly event: HookEvent;
  readonly toolName: string;
  /**
   * What a rule hook's `field` reads (D1): the call's tool input. A session event (E1–E4), when
   * the engine runs one, passes its payload's own fields here (`prompt`, `source`, `reason`, …).
   */
  readonly ruleSubject: unknown;
  /** The Cosh payload (R3); `null` when no Cosh hook of the call runs. */
  readonly cosh: ProtocolPayload | null;
  /** The Claude payload and what goes with it (K4); `null` when no Claude hook of the call runs. */
  readonly claude: ClaudeHooksSetup | null;
  readonly hostEnvironment: Readonly<Record<string, unknown>>;
  readonly cwd: string;
  /** The engine's runner: at most so many hook processes at once, across calls (R11). */
  readonly hookRunner: HookRunner;
  /**
   * The engine's one HTTP client (H2: connections kept alive across its calls), created at the
   * first HTTP hook, so an engine with none never loads or opens anything for them.
   */
  readonly httpClient: () => HttpHookClient;
  /**
   * Why no hook of this call can start (the input cannot be serialised, the working directory
   * cannot be known); every hook then fails to start with this reason (R9, O5).
   */
  readonly setupProblem: string | null;
  /** The call's cancellation: aborted, its running hooks are stopped as at a timeout (R6). */
  readonly signal?: AbortSignal | undefined;
  /**
   * What each kind keeps for the engine across its calls (kinds/kind-clients.ts); absent: every
   * hook runs as a one-shot command would (a kind that keeps processes runs one per call, in the
   * call's cwd).
   */
  readonly kindClients?: KindClients | undefined;
  /**
   * F3: for each selected hook with `paths`, the touched paths its globs matched (and whether the
   * call could touch any path): its payload gets `paths` (and `paths_unknown`), its environment
   * `COSH_PATHS`. Absent when no selected hook has `paths`.
   */
  readonly hookPaths?: ReadonlyMap<HookEntry, HookPaths> | undefined;
}

/** F3: what one hook with `paths` is told of the files the call touches. */
export interface HookPaths {
  readonly paths: readonly string[];
  readonly unknown: boolean;
}
