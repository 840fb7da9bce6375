import {
  type Diagnostic,
  type HookOutcome,
  interpretClaudeRunWith,
  interpretRunWith,
  outputParsersFor,
} from '@cosh/aggregate';
import type { HookEntry, HookEvent } from '@cosh/config';
import type { HookSelection } from '@cosh/matcher';
import {
  type Deadline,
  DeadlineTimer,
  type HookProcessRequest,
  type HookRunner,
  type HttpHookClient,
  type HttpHookRequest,
  headersNameVariables,
  stopBoundMs,
  monotonicNow,
} from '@cosh/runner';
import { translateUpdatedInput } from './claude-tool-input.ts';
import { describeError } from './describe-error.ts';
import { hookEnvironment, hostVariables } from './hook-environment.ts';
import { deduplicatedReport, type HookReport, type HookRun, ranReport } from './hook-report.ts';

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

/** What every selected hook of one call shares. */
export interface EventHooksSetup {
  readonly event: HookEvent;
  readonly toolName: string;
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
}

/** Reports (every selected hook, config order) and outcomes (hooks that ran, config order). */
export interface EventHooksRun {
  readonly reports: HookReport[];
  readonly outcomes: HookOutcome[];
  /** What translating Claude hooks' `updatedInput` back dropped (K5): appended to the verdict's diagnostics. */
  readonly diagnostics: Diagnostic[];
}

function notStarted(startError: string, durationMs: number | null): HookRun {
  return {
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    timedOut: false,
    truncated: false,
    startError,
    durationMs,
  };
}

/** The payload a hook of this protocol is given, or why it cannot start. */
function payloadOf(hook: HookEntry, setup: EventHooksSetup): ProtocolPayload {
  const payload = hook.protocol === 'claude' ? setup.claude?.payload : setup.cosh;
  return (
    payload ?? {
      text: '',
      stdin: null,
      problem: `no payload was prepared for protocol ${JSON.stringify(hook.protocol)}`,
    }
  );
}

/** R4, plus `CLAUDE_PROJECT_DIR` for a Claude hook (K4). */
function environmentOf(hook: HookEntry, setup: EventHooksSetup): Record<string, string> {
  const environment = hookEnvironment(setup.hostEnvironment, setup.event, setup.toolName, hook.name, hook.file);
  if (hook.protocol === 'claude' && setup.claude !== null) environment['CLAUDE_PROJECT_DIR'] = setup.claude.projectDir;
  return environment;
}

/**
 * How long past its own timeout an HTTP call may take before the watchdog reports it timed out.
 * The client stops a late call at once (it closes the connection, no process to kill), so this
 * only guards against a client that never answers.
 */
const httpStopSlackMs = 500;

/**
 * The guards' deadlines, of every engine, on one Node timer (see DeadlineTimer). Each holds the
 * event loop while pending, as a plain timer would: the guard is for a runner or client that
 * never answers, and may hold nothing open.
 */
const watchdogs = new DeadlineTimer({ keepAlive: true });

/** The run of an HTTP hook that got no answer: timed out (`timedOut`) or failed (`failure`). */
function unansweredHttpRun(durationMs: number, failure: string | null): HookRun {
  return { ...notStarted('', durationMs), startError: null, httpStatus: null, timedOut: failure === null, failure };
}

/**
 * One hook through the runner, made total: a throw or rejection (a runner bug) is a start failure
 * of that hook, and a result that has not come `budgetMs` after the hook's spawn (its timeout
 * plus the runner's own bound for stopping it, `stopBoundMs`) is reported as a timeout (L5, L6).
 * The clock starts at the spawn, as the hook's own timeout does (R11): a hook waiting for a free
 * slot is not timed out while it waits. The runner goes on killing a late hook's processes in
 * the background.
 */
function runGuarded(hookRunner: HookRunner, request: HookProcessRequest, budgetMs: number): Promise<HookRun> {
  return new Promise<HookRun>((resolve) => {
    let spawnedAt: number | null = null;
    let watchdog: Deadline | undefined;
    const elapsed = (): number => (spawnedAt === null ? 0 : monotonicNow() - spawnedAt);
    const onSpawn = (): void => {
      spawnedAt = monotonicNow();
      watchdog = watchdogs.schedule(budgetMs, () => {
        resolve({ ...notStarted('', elapsed()), startError: null, timedOut: true });
      });
    };
    let running: Promise<HookRun>;
    try {
      running = hookRunner.runHook({ ...request, onSpawn });
    } catch (error) {
      watchdogs.cancel(watchdog);
      resolve(notStarted(`the runner refused the hook: ${describeError(error)}`, elapsed()));
      return;
    }
    running.then(
      (result) => {
        watchdogs.cancel(watchdog);
        resolve(result);
      },
      (error: unknown) => {
        watchdogs.cancel(watchdog);
        resolve(notStarted(`the runner failed: ${describeError(error)}`, elapsed()));
      },
    );
  });
}

/**
 * One HTTP hook through the engine's client (H2, H3), made total like {@link runGuarded}: a throw
 * or rejection is a failed call (an `error` that `onError` decides, never R9's fail-closed start
 * failure, H3), and no answer `budgetMs` after the call is a timeout. An HTTP call does not wait
 * for a process slot (R11 bounds processes), so the watchdog is armed at the call.
 */
function runHttpGuarded(client: HttpHookClient, request: HttpHookRequest, budgetMs: number): Promise<HookRun> {
  return new Promise<HookRun>((resolve) => {
    const calledAt = monotonicNow();
    const elapsed = (): number => monotonicNow() - calledAt;
    const watchdog = watchdogs.schedule(budgetMs, () => resolve(unansweredHttpRun(elapsed(), null)));
    let answering: Promise<HookRun>;
    try {
      answering = client.run(request);
    } catch (error) {
      watchdogs.cancel(watchdog);
      resolve(unansweredHttpRun(elapsed(), `the HTTP client refused the hook: ${describeError(error)}`));
      return;
    }
    answering.then(
      (result) => {
        watchdogs.cancel(watchdog);
        resolve(result);
      },
      (error: unknown) => {
        watchdogs.cancel(watchdog);
        resolve(unansweredHttpRun(elapsed(), `the HTTP client failed: ${describeError(error)}`));
      },
    );
  });
}

/** Runs one selected hook: a command through the runner (R1–R11), a url through the HTTP client (H1–H3). */
function runSelectedHook(
  hook: HookEntry,
  setup: EventHooksSetup,
  stdin: Uint8Array,
  stopBound: number,
): Promise<HookRun> {
  const timeoutMs = hook.timeout * 1000;
  if (hook.url !== null) {
    // Its `${NAME}` headers are read from R4's environment (H1); without one, the environment is
    // not built: copying process.env costs a call 2–25 µs, and 55–120 µs right after a spawn.
    const env = headersNameVariables(hook.headers) ? environmentOf(hook, setup) : {};
    // The body is the hook's protocol's payload: a Claude HTTP hook gets Claude's (K4).
    return runHttpGuarded(
      setup.httpClient(),
      { url: hook.url, headers: hook.headers, env, body: stdin, timeoutMs, signal: setup.signal },
      timeoutMs + httpStopSlackMs,
    );
  }
  // R4 (plus K4's CLAUDE_PROJECT_DIR).
  const env = environmentOf(hook, setup);
  return runGuarded(
    setup.hookRunner,
    { command: hook.command as string, stdin, env, cwd: setup.cwd, timeoutMs, signal: setup.signal },
    timeoutMs + stopBound,
  );
}

/** Whether a selection's hook runs: a duplicate ran under another entry (M4), a hook whose script changed never runs (S5). */
function runsItsHook({ hook, duplicateOf }: HookSelection<HookEntry>): boolean {
  return duplicateOf === null && hook.trustProblem === null;
}

/**
 * Starts every selected hook that is not deduplicated in the same tick (R2), as far as the
 * engine's runner has free slots (R11: the rest start as slots free up; HTTP hooks take no
 * slot and are sent at once), waits for all,
 * and gives reports and outcomes in config order whatever order they finished in (M3).
 * Never rejects.
 */
export async function runEventHooks(
  selections: readonly HookSelection<HookEntry>[],
  givenSetup: EventHooksSetup,
): Promise<EventHooksRun> {
  const stopBound = stopBoundMs(givenSetup.hookRunner.options);
  // R4: with several hooks to run, the host's variables are read once for the call, not once per
  // hook (each read of process.env after a fork costs 60–120 µs; see hostVariables).
  let hooksToRun = 0;
  for (const selection of selections) {
    if (runsItsHook(selection)) hooksToRun += 1;
  }
  const setup =
    hooksToRun > 1 ? { ...givenSetup, hostEnvironment: hostVariables(givenSetup.hostEnvironment) } : givenSetup;
  const runs = selections.map((selection): Promise<HookRun> | null => {
    if (!runsItsHook(selection)) return null;
    const { hook } = selection;
    // Stopped before the runner (no payload, no directory): no duration to report.
    const payload = payloadOf(hook, setup);
    const problem = setup.setupProblem ?? payload.problem;
    if (problem !== null || payload.stdin === null) return Promise.resolve(notStarted(problem ?? '', null));
    return runSelectedHook(hook, setup, payload.stdin, stopBound);
  });
  const results = await Promise.all(runs);
  // The output schemas (and zod) load only when a hook printed something.
  const parsers = await outputParsersFor(results.filter((result): result is HookRun => result !== null));

  const reports: HookReport[] = [];
  const outcomes: HookOutcome[] = [];
  const diagnostics: Diagnostic[] = [];
  selections.forEach(({ hook, duplicateOf }, position) => {
    const shown = {
      name: hook.name,
      command: hook.command ?? hook.url ?? '',
      index: hook.index,
      url: hook.url,
      layer: hook.layer,
      file: hook.file,
    };
    if (duplicateOf !== null) {
      reports.push(deduplicatedReport(shown, duplicateOf.name));
      return;
    }
    if (hook.trustProblem !== null) {
      const outcome = untrustedScriptOutcome(hook.name, hook.trustProblem);
      outcomes.push(outcome);
      reports.push(ranReport(shown, notStarted(hook.trustProblem, null), outcome, ''));
      return;
    }
    // Every selection that is not a duplicate was given a run above.
    const result = results[position] as HookRun;
    let outcome: HookOutcome;
    if (hook.protocol === 'claude') {
      outcome = interpretClaudeRunWith(setup.event, hook, result, parsers);
      // K5: Claude's fields back to the Cosh tool's before A7 merges them (PostToolUse ignores them, P3).
      if (setup.event === 'PreToolUse' && outcome.updatedInput !== null && setup.claude !== null) {
        const translation = translateUpdatedInput(outcome.updatedInput, {
          toolName: setup.toolName,
          mcpServer: setup.claude.mcpServer,
          hookName: hook.name,
          coshInput: setup.claude.coshInput,
          claudeInput: setup.claude.claudeInput,
        });
        outcome = { ...outcome, updatedInput: translation.updatedInput };
        diagnostics.push(...translation.diagnostics);
      }
    } else {
      outcome = interpretRunWith(setup.event, hook, result, parsers);
    }
    outcomes.push(outcome);
    const payload = payloadOf(hook, setup);
    const given = setup.setupProblem === null ? payload.text : '';
    reports.push(ranReport(shown, result, outcome, given));
  });
  return { reports, outcomes, diagnostics };
}

/**
 * SPEC S5: a hook naming a script that changed since it was trusted does not run and counts as a
 * deny with that reason, in both events (its outcome is `error`: it never ran).
 */
function untrustedScriptOutcome(hookName: string, reason: string): HookOutcome {
  return {
    hook: hookName,
    kind: 'error',
    reason,
    context: null,
    updatedInput: null,
    countsAsDeny: true,
    diagnostic: { level: 'error', hook: hookName, message: reason },
  };
}
