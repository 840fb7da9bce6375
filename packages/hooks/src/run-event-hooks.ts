import {
  type Diagnostic,
  type HookOutcome,
  interpretClaudeRunWith,
  interpretRunWith,
  type OutputParsers,
  outputParsersFor,
  ruleOutcome,
} from '@cosh/aggregate';
import type { HookEntry } from '@cosh/config';
import type { HookSelection } from '@cosh/matcher';
import { type RunnerOptions, stopBoundMs } from '@cosh/runner';
import { translateUpdatedInput } from './claude-tool-input.ts';
import { EVENTS } from '@cosh/spec';
import { hostVariables } from './hook-environment.ts';
import { endKindClientHook, hookTargetOf, kindRunDiagnostic, ruleRun, runHookOfKind } from './hook-kinds.ts';
import { asyncStartedReport, deduplicatedReport, type HookReport, ranReport } from './hook-report.ts';
import { type HookRun, notStarted } from './hook-run.ts';
import type { EventHooksInput, ProtocolPayload } from './event-hooks-setup.ts';
import { payloadWithPaths } from './hook-paths-payload.ts';

export type { ClaudeHooksSetup, EventHooksInput, ProtocolPayload } from './event-hooks-setup.ts';

/** What becomes of async hooks (R13): the call does not wait for them, the engine does. */
export interface AsyncHooksSetup {
  /** Holds a running async hook until it has ended, for the engine's `close()`. */
  track(running: Promise<void>): void;
  /** Its report once it finished (the engine's `onAsyncResult`). */
  report(report: HookReport): void;
}

/** Reports (every selected hook, config order) and outcomes (hooks that ran, config order). */
export interface EventHooksRun {
  readonly reports: HookReport[];
  readonly outcomes: HookOutcome[];
  /** What translating Claude hooks' `updatedInput` back dropped (K5): appended to the verdict's diagnostics. */
  readonly diagnostics: Diagnostic[];
}

/** A call no hook was selected for. */
export function noHooksRun(): EventHooksRun {
  return { reports: [], outcomes: [], diagnostics: [] };
}

/** The payload a hook of this protocol is given, or why it cannot start. */
function payloadOf(hook: HookEntry, setup: EventHooksInput): ProtocolPayload {
  const payload = hook.protocol === 'claude' ? setup.claude?.payload : setup.cosh;
  const paths = setup.hookPaths?.get(hook);
  if (paths !== undefined && payload != null) return payloadWithPaths(payload, paths);
  return (
    payload ?? {
      text: '',
      stdin: null,
      problem: `no payload was prepared for protocol ${JSON.stringify(hook.protocol)}`,
    }
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
  givenSetup: EventHooksInput,
  /** R13; absent: async hooks are waited for like any hook. */
  asyncHooks?: AsyncHooksSetup,
): Promise<EventHooksRun> {
  const setup = setupOfCall(selections, givenSetup);
  const { runs, startedAsync, waiting } = startHooks(selections, setup, asyncHooks);
  // One run (a guard's usual call) is awaited as it is: Promise.all costs such a call about 0.5 KB
  // of allocations (its iterator, a resolver per run, the array), as much as the call's own answer.
  // D2: a call whose hooks are all rules has nothing to wait for: its runs are its results.
  const results: readonly (HookRun | null)[] =
    waiting === 0
      ? (runs as (HookRun | null)[])
      : runs.length === 1
        ? [await (runs[0] as Promise<HookRun> | HookRun | null)]
        : await Promise.all(runs);
  // The output schemas (and zod) load only when a hook printed something.
  const parsers = await outputParsersFor(results);
  return reportHooks(selections, setup, startedAsync, results, parsers);
}

// The steps of runEventHooks around its two waits, as plain functions rather than closures made
// at each call. A guard's call can take microseconds (one hook whose process the engine keeps,
// R12), and then every allocation costs it page faults after a fork (scripts/bench.mjs): so,
// too, loops rather than map and forEach, lists made at their sizes, and nothing made that the
// call may not need.

/**
 * The call's set-up as its hooks share it. R4: with several hooks to run, the host's variables
 * are read once for the call, not once per hook (each read of process.env after a fork costs
 * 60–120 µs; see hostVariables).
 */
function setupOfCall(selections: readonly HookSelection<HookEntry>[], givenSetup: EventHooksInput): EventHooksInput {
  let hooksToRun = 0;
  for (const selection of selections) {
    if (runsItsHook(selection)) hooksToRun += 1;
  }
  return hooksToRun > 1 ? { ...givenSetup, hostEnvironment: hostVariables(givenSetup.hostEnvironment) } : givenSetup;
}

/** The hooks of a call, started: a run per selection (`null`: none to wait for), and which were async (R13). */
interface StartedHooks {
  readonly runs: (Promise<HookRun> | HookRun | null)[];
  /** How many of `runs` are promises to wait for (a rule's run is done when it is started, D1). */
  readonly waiting: number;
  /** Positions of async hooks, started and not waited for; `null` when there are none. */
  readonly startedAsync: ReadonlySet<number> | null;
}

/** The runner's bound for stopping a hook, per runner's options: they do not change, and resolving them cost every call an object. */
const stopBounds = new WeakMap<RunnerOptions, number>();
function stopBoundOf(options: RunnerOptions): number {
  let bound = stopBounds.get(options);
  if (bound === undefined) {
    bound = stopBoundMs(options);
    stopBounds.set(options, bound);
  }
  return bound;
}

/** Starts every selected hook that runs, in the same tick (R2). */
function startHooks(
  selections: readonly HookSelection<HookEntry>[],
  setup: EventHooksInput,
  asyncHooks: AsyncHooksSetup | undefined,
): StartedHooks {
  const stopBound = stopBoundOf(setup.hookRunner.options);
  // Made at its size (one per selection), not grown by push: a first push reserves 17 places.
  const runs = new Array<Promise<HookRun> | HookRun | null>(selections.length);
  let waiting = 0;
  let startedAsync: Set<number> | null = null;
  for (let position = 0; position < selections.length; position += 1) {
    const selection = selections[position] as HookSelection<HookEntry>;
    const { hook } = selection;
    if (!runsItsHook(selection)) {
      // S5: what the engine keeps for a hook whose script changed (its process) is ended; the
      // next trusted call starts it afresh.
      if (hook.trustProblem !== null && setup.kindClients !== undefined)
        void endKindClientHook(setup.kindClients, hook);
      runs[position] = null;
      continue;
    }
    // D1: a rule is evaluated in this process: it needs no payload, working folder or runner.
    const target = hookTargetOf(hook);
    if (target.kind === 'rule') {
      // Evaluated here and now (HOOK_KINDS.rule.run without its promise): 100 rules on a call cost
      // it no promise each, and a call of rules only no wait at all (D2).
      runs[position] = ruleRun(target, setup.ruleSubject);
      continue;
    }
    // Stopped before the runner (no payload, no directory): no duration to report.
    const payload = payloadOf(hook, setup);
    const problem = setup.setupProblem ?? payload.problem;
    if (problem !== null || payload.stdin === null) {
      runs[position] = notStarted(problem ?? '', null);
      continue;
    }
    const stdin = payload.stdin;
    if (hook.async && EVENTS[setup.event].allowsAsync && asyncHooks !== undefined) {
      startedAsync ??= new Set();
      startedAsync.add(position);
      startAsyncHook(hook, { ...setup, signal: undefined }, stdin, payload.text, stopBound, asyncHooks);
      runs[position] = null;
      continue;
    }
    runs[position] = runHookOfKind({ hook, setup, stdin, stopBoundMs: stopBound }, target);
    waiting += 1;
  }
  return { runs, startedAsync, waiting };
}

/** Reports (every selection, config order) and outcomes (hooks that ran, config order) of finished runs (M3). */
function reportHooks(
  selections: readonly HookSelection<HookEntry>[],
  setup: EventHooksInput,
  startedAsync: ReadonlySet<number> | null,
  results: readonly (HookRun | null)[],
  parsers: OutputParsers,
): EventHooksRun {
  // Made at their sizes, not grown by push (a first push reserves 17 places): a report per
  // selection, an outcome per selection that is no duplicate.
  let ran = 0;
  for (const { duplicateOf } of selections) if (duplicateOf === null) ran += 1;
  const reports = new Array<HookReport>(selections.length);
  const outcomes = new Array<HookOutcome>(ran);
  const diagnostics: Diagnostic[] = [];
  let outcomeCount = 0;
  for (let position = 0; position < selections.length; position += 1) {
    const { hook, duplicateOf } = selections[position] as HookSelection<HookEntry>;
    if (duplicateOf !== null) {
      reports[position] = deduplicatedReport(hook, duplicateOf.name);
    } else if (hook.trustProblem !== null) {
      const outcome = untrustedScriptOutcome(hook.name, hook.trustProblem);
      outcomes[outcomeCount++] = outcome;
      reports[position] = ranReport(hook, notStarted(hook.trustProblem, null), outcome, '');
    } else if (startedAsync?.has(position) === true) {
      // R13: it counts as no opinion; its own report comes when it finishes.
      outcomes[outcomeCount++] = noOpinion(hook.name);
      reports[position] = asyncStartedReport(hook, setup.setupProblem === null ? payloadOf(hook, setup).text : '');
    } else {
      // Every selection that is not a duplicate was given a run above.
      const result = results[position] as HookRun;
      const outcome = outcomeOf(hook, result, setup, parsers, diagnostics);
      outcomes[outcomeCount++] = outcome;
      const given = setup.setupProblem === null ? payloadOf(hook, setup).text : '';
      reports[position] = ranReport(hook, result, outcome, given);
    }
  }
  return { reports, outcomes, diagnostics };
}

/**
 * A hook's outcome from its run (O1–O6, K5); what translating a Claude hook's input dropped is
 * added to `diagnostics`.
 */
function outcomeOf(
  hook: HookEntry,
  result: HookRun,
  setup: EventHooksInput,
  parsers: OutputParsers,
  diagnostics: Diagnostic[],
): HookOutcome {
  // D1: a rule hook's answer is its outcome (it has no process to read).
  if (result.ruleAnswer !== undefined) return ruleOutcome(setup.event, hook, result.ruleAnswer);
  let outcome: HookOutcome;
  if (hook.protocol === 'claude') {
    outcome = interpretClaudeRunWith(setup.event, hook, result, parsers);
    // K5: Claude's fields back to the Cosh tool's before A7 merges them (PostToolUse ignores them, P3).
    if (EVENTS[setup.event].rewritesInput && outcome.updatedInput !== null && setup.claude !== null) {
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
  // What the run's kind logs per call (R12's stderr) goes into the diagnostics; a failure's already carries it.
  if (outcome.diagnostic === null) {
    const logged = kindRunDiagnostic(hook, result);
    if (logged !== null) diagnostics.push(logged);
  }
  return outcome;
}

/**
 * R13: runs an async hook by its kind without the call waiting; when it finishes, its report
 * (outcome, exit fields, output) goes to `asyncHooks.report`. The engine holds it until it ended
 * (its timeout and R6 bound it), so `close()` leaves nothing running.
 */
function startAsyncHook(
  hook: HookEntry,
  setup: EventHooksInput,
  stdin: Uint8Array,
  text: string,
  stopBound: number,
  asyncHooks: AsyncHooksSetup,
): void {
  const finished = (async () => {
    const result = await runHookOfKind({ hook, setup, stdin, stopBoundMs: stopBound }, hookTargetOf(hook));
    const parsers = await outputParsersFor([result]);
    // Its Claude input translation's diagnostics have no call to go to.
    const outcome = outcomeOf(hook, result, setup, parsers, []);
    asyncHooks.report(ranReport(hook, result, outcome, text));
  })().catch(() => {});
  asyncHooks.track(finished);
}

/** An outcome with no opinion (R13's async hook in its call). */
function noOpinion(hookName: string): HookOutcome {
  return {
    hook: hookName,
    kind: 'none',
    reason: null,
    context: null,
    updatedInput: null,
    countsAsDeny: false,
    diagnostic: null,
  };
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
