import { aggregatePostToolUse, aggregatePreToolUse, aggregateSessionEvent } from '@cosh/aggregate';
import { claudeProjectDirOnDisk, type HookEntry, type HookEvent, type HooksConfig, homeFolder } from '@cosh/config';
import {
  type CompiledHooks,
  type HookSelection,
  selectHooks,
  selectionReadsPaths,
  type TouchedPaths,
} from '@cosh/matcher';
import {
  createHookRunner,
  createHttpHookClient,
  createResidentPool,
  type HookRunner,
  type HttpHookClient,
  monotonicNow,
} from '@cosh/runner';
import { claudeHookPayload } from './claude-hook-payload.ts';
import { toClaudeToolInput } from './claude-tool-input.ts';
import { claudeToolResponse } from './claude-tool-response.ts';
import { describeError } from './describe-error.ts';
import { EVENTS, HOOK_EVENTS, type SessionEvent, toClaudeToolName } from '@cosh/spec';
import { failedPostToolUse, failedPreToolUse, failedSessionEvent } from './failed-results.ts';
import type {
  EventCall,
  EventResult,
  HookEngine,
  HookEngineOptions,
  PostToolUseCall,
  PostToolUseResult,
  PreToolUseResult,
  SessionEventCall,
  SessionEventResult,
  ToolCall,
} from './hook-engine-types.ts';
import { compileEventHooks } from './explain-tool-call.ts';
import { hookPayload } from './hook-payload.ts';
import type { HookReport } from './hook-report.ts';
import { HooksError } from './hooks-error.ts';
import { isRecord } from './is-record.ts';
import type { HookPaths, ResidentHooksSetup } from './event-hooks-setup.ts';
import { type ClaudeHooksSetup, type EventHooksRun, type ProtocolPayload, runEventHooks } from './run-event-hooks.ts';
import { residentKey } from './resident-hook-run.ts';
import { selectionsByTool } from './selections-by-tool.ts';
import {
  claudeSessionHookPayload,
  sessionFields,
  sessionHookPayload,
  sessionMatcherSubject,
} from './session-event-payload.ts';
import { toolNameProblem } from './tool-name-problem.ts';
import { touchedPaths } from './touched-paths.ts';
import { newToolUseId } from './tool-use-id.ts';

/** The reason of a call whose caller cancelled it while its hooks ran: their verdict is void. */
export const cancelledReason = 'the call was cancelled; its hooks were stopped';

/** One serialised payload, or why the call cannot be sent as JSON (every hook of that protocol then fails to start, R9). */
function encodePayload(serialise: () => string): ProtocolPayload {
  try {
    const text = serialise();
    return { text, stdin: Buffer.from(text), problem: null };
  } catch (error) {
    return { text: '', stdin: null, problem: `the tool input cannot be sent as JSON: ${describeError(error)}` };
  }
}

/**
 * The engine's one runner (R11). The config needs no check (`@cosh/config` made it valid); the
 * runner options are the one thing a caller can still get wrong (a limit below one, a negative
 * grace), and the runner refuses them.
 */
function createRunner(options: HookEngineOptions): HookRunner {
  try {
    return createHookRunner(options.runner);
  } catch (error) {
    throw new HooksError('E_HOOKS_INVALID_OPTIONS', describeError(error), { cause: error });
  }
}

/**
 * The engine's one HTTP client (H2): its connections are kept alive across the engine's calls.
 * Creating it opens nothing (a connection opens at the first HTTP hook's call), so every engine
 * has one; its options are checked here, before any call, like the runner's.
 */
function createHttpClient(options: HookEngineOptions): HttpHookClient {
  try {
    return createHttpHookClient(options.http);
  } catch (error) {
    throw new HooksError('E_HOOKS_INVALID_OPTIONS', describeError(error), { cause: error });
  }
}

/**
 * SPEC S5 per call: each selected hook that would run, asked about again; one whose script
 * changed since it was trusted carries the reason as its trust problem, so it does not run and
 * counts as a deny (`runEventHooks`), as at load. A check that throws is such a problem too.
 */
function checkScripts(
  selections: readonly HookSelection<HookEntry>[],
  scriptCheck: (hook: HookEntry) => string | null,
): HookSelection<HookEntry>[] {
  return selections.map((selection) => {
    const { hook } = selection;
    if (selection.duplicateOf !== null || hook.trustProblem !== null) return selection;
    let problem: string | null;
    try {
      problem = scriptCheck(hook);
    } catch (error) {
      problem = `hook '${hook.name}': its scripts could not be checked against the trusted ones: ${describeError(error)}`;
    }
    return problem === null ? selection : { ...selection, hook: { ...hook, trustProblem: problem } };
  });
}

/** A call no hook was selected for. */
function noHooksRun(): EventHooksRun {
  return { reports: [], outcomes: [], diagnostics: [] };
}

/** The reason of every call made after `close()`: refused, since its hooks can no longer run. */
const closedEngineReason = 'the hook engine is closed';

/** Why the engine cannot describe this call to hooks, or `null` when it can. */
function callProblem(call: unknown, event: HookEvent): string | null {
  if (!isRecord(call)) return 'the call must be an object';
  if (typeof call['toolName'] !== 'string') return 'toolName must be a string';
  // L7: refused even when no hook matches, since a host may mishandle such a name too.
  const nameProblem = toolNameProblem(call['toolName']);
  if (nameProblem !== null) return nameProblem;
  if (!isRecord(call['toolInput'])) return 'toolInput must be a JSON object';
  if (call['cwd'] !== undefined && typeof call['cwd'] !== 'string') return 'cwd must be a string';
  if (call['signal'] !== undefined && !(call['signal'] instanceof AbortSignal)) return 'signal must be an AbortSignal';
  if (call['mcpServer'] !== undefined && typeof call['mcpServer'] !== 'string') return 'mcpServer must be a string';
  if (call['toolUseId'] !== undefined && typeof call['toolUseId'] !== 'string') return 'toolUseId must be a string';
  if (EVENTS[event].carriesToolOutput) {
    if (typeof call['toolOutput'] !== 'string') return 'toolOutput must be a string';
    const context = call['preToolUseContext'];
    if (context !== undefined && typeof context !== 'string') return 'preToolUseContext must be a string';
  }
  return null;
}

/** Why the engine cannot describe this session call to hooks (E1–E4), or `null` when it can. */
function sessionCallProblem(event: SessionEvent, call: unknown): string | null {
  if (!isRecord(call)) return 'the call must be an object';
  if (call['cwd'] !== undefined && typeof call['cwd'] !== 'string') return 'cwd must be a string';
  if (call['signal'] !== undefined && !(call['signal'] instanceof AbortSignal)) return 'signal must be an AbortSignal';
  for (const field of EVENTS[event].payloadFields) {
    const value = field === 'stop_hook_active' ? call['stopHookActive'] : call[field];
    if (field === 'stop_hook_active') {
      if (value !== undefined && typeof value !== 'boolean') return 'stopHookActive must be a boolean';
    } else if (typeof value !== 'string') return `${field} must be a string`;
  }
  return null;
}

/**
 * Creates the engine for one validated config (`loadHooks`, `parseConfig` or
 * `validateHooksConfig` of `@cosh/config` made it): matchers are compiled here, once (M5);
 * disabled entries (C5) and disabled events (C7) are as if absent. Command hooks run through
 * one runner (R11), HTTP hooks through one HTTP client whose connections stay open between calls
 * (H2); the engine owns both, and its host calls `close()` when done. Throws {@link HooksError}
 * only for runner or HTTP options that cannot work, before any call.
 *
 * @example
 * const { config } = await loadHooks({ cwd: '/work/project' });
 * const engine = createHookEngine(config, { cwd: '/work/project' });
 * const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' } });
 * await engine.close(); // closes the HTTP connections, ends resident processes, waits for async hooks
 */
export function createHookEngine(config: HooksConfig, options: HookEngineOptions = {}): HookEngine {
  const hookRunner = createRunner(options);
  const httpClient = createHttpClient(options);
  // R12: one process per resident hook for the engine's life; none in one-shot commands.
  const residentPool =
    options.residentHooks === 'one-call'
      ? null
      : createResidentPool({ shell: hookRunner.options.shell, killGraceMs: hookRunner.options.killGraceMs });
  // The folder resident processes run in: the engine's (R12), fixed at the first call.
  let residentCwd: string | undefined = options.cwd;
  const residentCwdFor = (callCwd: string): string => {
    if (residentCwd === undefined) {
      try {
        residentCwd = process.cwd();
      } catch {
        // The host's folder is gone: the call's (an R9 start failure follows if that is gone too).
        residentCwd = callCwd;
      }
    }
    return residentCwd;
  };
  // Made at the first call and kept, as the folder is: a call makes no more than it must (R12's
  // calls cost microseconds, and every allocation adds to them).
  let residentsSetup: ResidentHooksSetup | undefined;
  const residentsFor = (callCwd: string): ResidentHooksSetup => {
    residentsSetup ??= { pool: residentPool, cwd: residentCwdFor(callCwd) };
    return residentsSetup;
  };
  const httpClientOfEngine = (): HttpHookClient => httpClient;
  // R13: async hooks still running, for close().
  const runningAsync = new Set<Promise<void>>();
  const asyncHooks = {
    track(running: Promise<void>) {
      runningAsync.add(running);
      void running.finally(() => runningAsync.delete(running));
    },
    report(report: HookReport) {
      try {
        options.onAsyncResult?.(report);
      } catch {
        // A host's logging failure must not surface as an unhandled rejection.
      }
    },
  };
  let closed = false;
  // Each entry says whether it runs (`off`): its own switch (C5), its event's (C7), its layer's
  // or its file's trust (C10, S5). With layers an event's switch can stop user and project hooks
  // and not managed ones, so no event is skipped as a whole: an entry that is off is as if absent.
  // F1, F5: `~/` in globs, and the root relative `if` patterns and code-built hooks' `paths` are
  // taken from (the folder holding `.claude/` or `.cosh/`), fixed with the compiled globs (M5).
  const home = homeFolder(options.env ?? process.env);
  const pathsRoot = (): string => {
    try {
      return claudeProjectDirOnDisk({
        projectFolder: options.projectFolder ?? null,
        cwd: options.cwd ?? process.cwd(),
        env: options.env ?? process.env,
      });
    } catch {
      return options.cwd ?? '/';
    }
  };
  const needsRoot = Object.values(config.hooks).some((hooks) =>
    hooks.some((hook) => hook.paths !== null || hook.if !== null),
  );
  const compileOptions = { home, projectRoot: needsRoot ? pathsRoot() : '/' };
  // The same first step as `hooks explain` (explain-tool-call.ts), so the two cannot drift apart.
  const compile = (event: HookEvent): CompiledHooks<HookEntry> => compileEventHooks(config, event, compileOptions);
  const compiled = {} as Record<HookEvent, CompiledHooks<HookEntry>>;
  for (const event of HOOK_EVENTS) compiled[event] = compile(event);
  // M1–M4 per tool (per source or reason for SessionStart and SessionEnd): kept, since the
  // compiled hooks do not change.
  const select = (event: HookEvent) =>
    selectionsByTool((toolName, claudeToolName) => selectHooks(compiled[event], toolName, claudeToolName));
  const selected = {} as Record<HookEvent, ReturnType<typeof select>>;
  for (const event of HOOK_EVENTS) selected[event] = select(event);

  // K4: one session id for every call of this engine (one per session, MCP server or process),
  // made when a Claude hook first needs it. Web Crypto's global: node:crypto stays off the cold
  // path of `cosh hooks run`.
  let sessionId = options.sessionId;
  const sessionIdOfEngine = (): string => {
    sessionId ??= globalThis.crypto.randomUUID();
    return sessionId;
  };

  /** The Claude hooks' payload and environment for this call (K3, K4). */
  function claudeSetup(event: HookEvent, call: ToolCall | PostToolUseCall, cwd: string): ClaudeHooksSetup {
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
        sessionId: sessionIdOfEngine(),
        transcriptPath: options.transcriptPath,
        cwd,
        toolName: toClaudeToolName(toolName, mcpServer, call.toolInput),
        toolInput: claudeInput,
        toolUseId: call.toolUseId ?? newToolUseId(),
        toolResponse,
      });
    });
    const projectDir = claudeProjectDirOnDisk({
      projectFolder: options.projectFolder ?? null,
      cwd,
      env: options.env ?? process.env,
    });
    return { payload, projectDir, coshInput: call.toolInput, claudeInput, mcpServer };
  }

  /**
   * F2 at most once per call: the selection of hooks with `paths` (F4) and the journal's `paths`
   * (J1) read the same answer.
   */
  const touchedOfCall = new WeakMap<object, Promise<TouchedPaths>>();
  function touchedOf(call: ToolCall | PostToolUseCall, cwd: string): Promise<TouchedPaths> {
    let touched = touchedOfCall.get(call);
    if (touched === undefined) {
      touched = touchedPaths(call, { cwd, home });
      touchedOfCall.set(call, touched);
    }
    return touched;
  }

  /**
   * Not an async function: it hands on runEventHooks' promise, so a call does not pay for one more
   * promise and async frame; what it throws, its caller's `await` throws (preToolUse and
   * postToolUse catch it).
   */
  function runHooksOf(event: HookEvent, call: ToolCall | PostToolUseCall): Promise<EventHooksRun> {
    const claudeToolName = toClaudeToolName(call.toolName, call.mcpServer, call.toolInput);
    const selections = selected[event](call.toolName, claudeToolName);
    if (selections.length === 0) return Promise.resolve(noHooksRun());
    let setupProblem: string | null = null;
    let cwd = '';
    try {
      cwd = call.cwd ?? options.cwd ?? process.cwd();
    } catch (error) {
      // process.cwd() throws when the host's directory was removed.
      setupProblem = `no working directory: ${describeError(error)}`;
    }
    // F1, F2, F4: only a call that selected a hook with `paths` (or `if`) computes what it
    // touches, once, before any hook starts; the selection is then made again with it.
    if (setupProblem !== null || !selectionReadsPaths(compiled[event], selections))
      return runSelectedHooks(event, call, selections, cwd, setupProblem);
    return touchedOf(call, cwd).then((touched: TouchedPaths) => {
      const narrowed = selectHooks(compiled[event], call.toolName, claudeToolName, touched);
      if (narrowed.length === 0) return noHooksRun();
      return runSelectedHooks(event, call, narrowed, cwd, null);
    });
  }

  function runSelectedHooks(
    event: HookEvent,
    call: ToolCall | PostToolUseCall,
    selections: readonly HookSelection<HookEntry>[],
    cwd: string,
    setupProblem: string | null,
  ): Promise<EventHooksRun> {
    // SPEC S5 per call: a hook whose script no longer matches its trusted hash becomes a deny.
    const checked = options.scriptCheck === undefined ? selections : checkScripts(selections, options.scriptCheck);
    // F3: each hook with `paths` is told the touched paths its globs matched.
    let hookPaths: Map<HookEntry, HookPaths> | undefined;
    for (const selection of checked) {
      if (selection.paths === undefined) continue;
      hookPaths ??= new Map();
      hookPaths.set(selection.hook, { paths: selection.paths, unknown: selection.pathsUnknown === true });
    }
    // Encoded at most once per protocol: every hook of that protocol is given the one buffer (R11).
    let coshHooks = false;
    let claudeHooks = false;
    for (const { hook, duplicateOf } of checked) {
      if (duplicateOf !== null || hook.trustProblem !== null) continue;
      // D1: a rule reads the input itself; it needs no payload.
      if (hook.rule !== null) continue;
      if (hook.protocol === 'claude') claudeHooks = true;
      else coshHooks = true;
    }
    const cosh = coshHooks
      ? encodePayload(() =>
          hookPayload({
            event,
            toolName: call.toolName,
            toolInput: call.toolInput,
            toolOutput: 'toolOutput' in call ? call.toolOutput : undefined,
          }),
        )
      : null;
    const claude = setupProblem === null && claudeHooks ? claudeSetup(event, call, cwd) : null;
    return runEventHooks(
      checked,
      {
        event,
        toolName: call.toolName,
        ruleSubject: call.toolInput,
        cosh,
        claude,
        hostEnvironment: options.env ?? process.env,
        cwd,
        hookRunner,
        httpClient: httpClientOfEngine,
        setupProblem,
        signal: call.signal,
        residents: residentsFor(cwd),
        hookPaths,
      },
      asyncHooks,
    );
  }

  /** The hooks of one session event (E1–E4): selected by the event's matcher subject, fed E5's payloads. */
  function runSessionHooksOf<Event extends SessionEvent>(
    event: Event,
    call: SessionEventCall<Event>,
  ): Promise<EventHooksRun> {
    const subject = sessionMatcherSubject(event, call);
    const selections = selected[event](subject, subject);
    if (selections.length === 0) return Promise.resolve({ reports: [], outcomes: [], diagnostics: [] });
    const checked = options.scriptCheck === undefined ? selections : checkScripts(selections, options.scriptCheck);
    let setupProblem: string | null = null;
    let cwd = '';
    try {
      cwd = call.cwd ?? options.cwd ?? process.cwd();
    } catch (error) {
      setupProblem = `no working directory: ${describeError(error)}`;
    }
    const context = { sessionId: sessionIdOfEngine(), cwd, transcriptPath: options.transcriptPath };
    let claude: ClaudeHooksSetup | null = null;
    if (checked.some(({ hook }) => hook.protocol === 'claude')) {
      const projectDir = claudeProjectDirOnDisk({
        projectFolder: options.projectFolder ?? null,
        cwd,
        env: options.env ?? process.env,
      });
      claude = {
        payload: encodePayload(() => claudeSessionHookPayload(event, call, context)),
        projectDir,
        coshInput: {},
        claudeInput: {},
        mcpServer: undefined,
      };
    }
    return runEventHooks(
      checked,
      {
        event,
        toolName: '',
        ruleSubject: sessionFields(event, call),
        cosh: encodePayload(() => sessionHookPayload(event, call, context)),
        claude,
        hostEnvironment: options.env ?? process.env,
        cwd,
        hookRunner,
        httpClient: httpClientOfEngine,
        setupProblem,
        signal: call.signal,
        residents: residentsFor(cwd),
      },
      asyncHooks,
    );
  }

  async function preToolUse(call: ToolCall): Promise<PreToolUseResult> {
    const startedAt = monotonicNow();
    try {
      const problem = callProblem(call, 'PreToolUse');
      if (problem !== null) return failedPreToolUse(call, `invalid tool call: ${problem}`, startedAt);
      // SPEC S5: a config refused for want of trust denies every call, in both events.
      if (config.refusal !== null) return failedPreToolUse(call, config.refusal, startedAt);
      if (closed) return failedPreToolUse(call, closedEngineReason, startedAt);
      const run = await runHooksOf('PreToolUse', call);
      // Hooks stopped half-way said nothing to rely on: a cancelled call never runs (fail closed).
      if (call.signal?.aborted === true)
        return { ...failedPreToolUse(call, cancelledReason, startedAt), hooks: run.reports };
      const verdict = aggregatePreToolUse(call.toolInput, run.outcomes);
      // The verdict's fields written out rather than spread: the same object, made in one step.
      return {
        event: 'PreToolUse',
        toolName: call.toolName,
        decision: verdict.decision,
        halt: verdict.halt,
        reasons: verdict.reasons,
        context: verdict.context,
        toolInput: verdict.toolInput,
        // The verdict's own list is the call's when translating Claude inputs dropped nothing (the usual case).
        diagnostics: run.diagnostics.length === 0 ? verdict.diagnostics : [...verdict.diagnostics, ...run.diagnostics],
        hooks: run.reports,
        durationMs: monotonicNow() - startedAt,
      };
    } catch (error) {
      return failedPreToolUse(call, `hook engine failed: ${describeError(error)}`, startedAt);
    }
  }

  async function postToolUse(call: PostToolUseCall): Promise<PostToolUseResult> {
    const startedAt = monotonicNow();
    try {
      const problem = callProblem(call, 'PostToolUse');
      if (problem !== null) return failedPostToolUse(call, `invalid tool call: ${problem}`, startedAt);
      // SPEC S5: a config refused for want of trust denies every call, in both events.
      if (config.refusal !== null) return failedPostToolUse(call, config.refusal, startedAt);
      if (closed) return failedPostToolUse(call, closedEngineReason, startedAt);
      const run = await runHooksOf('PostToolUse', call);
      if (call.signal?.aborted === true)
        return { ...failedPostToolUse(call, cancelledReason, startedAt), hooks: run.reports };
      const verdict = aggregatePostToolUse(
        { toolOutput: call.toolOutput, preToolUseContext: call.preToolUseContext },
        run.outcomes,
      );
      return {
        event: 'PostToolUse',
        toolName: call.toolName,
        toolInput: call.toolInput,
        ...verdict,
        hooks: run.reports,
        durationMs: monotonicNow() - startedAt,
      };
    } catch (error) {
      return failedPostToolUse(call, `hook engine failed: ${describeError(error)}`, startedAt);
    }
  }

  /** E1–E4: one session event's hooks and its verdict. */
  async function sessionEvent<Event extends SessionEvent>(
    event: Event,
    call: SessionEventCall<Event>,
  ): Promise<SessionEventResult<Event>> {
    const startedAt = monotonicNow();
    try {
      const problem = sessionCallProblem(event, call);
      if (problem !== null) return failedSessionEvent(event, `invalid ${event} call: ${problem}`, startedAt);
      if (config.refusal !== null) return failedSessionEvent(event, config.refusal, startedAt);
      if (closed) return failedSessionEvent(event, closedEngineReason, startedAt);
      const run = await runSessionHooksOf(event, call);
      if (call.signal?.aborted === true)
        return { ...failedSessionEvent(event, cancelledReason, startedAt), hooks: run.reports };
      const stopHookActive = event === 'Stop' && (call as SessionEventCall<'Stop'>).stopHookActive === true;
      const verdict = aggregateSessionEvent(event, run.outcomes, { stopHookActive });
      return {
        event,
        ...verdict,
        diagnostics: run.diagnostics.length === 0 ? verdict.diagnostics : [...verdict.diagnostics, ...run.diagnostics],
        hooks: run.reports,
        durationMs: monotonicNow() - startedAt,
      };
    } catch (error) {
      return failedSessionEvent(event, `hook engine failed: ${describeError(error)}`, startedAt);
    }
  }

  const journal = options.journal;
  /** J1: the run goes to the journal after its verdict is made; a journal's failure is not the call's. */
  async function journaled<
    Call extends ToolCall | PostToolUseCall,
    Result extends PreToolUseResult | PostToolUseResult,
  >(call: Call, runCall: (call: Call) => Promise<Result>): Promise<Result> {
    const recordable = isRecord(call) && typeof call.toolName === 'string' && isRecord(call.toolInput);
    // J1's `paths` (F3): found while the hooks run, not after.
    const paths = recordable ? journalPaths(call) : Promise.resolve([]);
    const result = await runCall(call);
    if (journal !== undefined && recordable) {
      try {
        journal.record({ call, result, sessionId: sessionIdOfEngine(), paths: await paths });
      } catch {
        // The verdict stands (J4).
      }
    }
    return result;
  }
  /** The call's touched paths for its journal line; none when they cannot be told (the line is written all the same). */
  function journalPaths(call: ToolCall | PostToolUseCall): Promise<readonly string[]> {
    try {
      return touchedOf(call, call.cwd ?? options.cwd ?? process.cwd()).then(
        (touched) => touched.paths,
        () => [],
      );
    } catch {
      // process.cwd() throws when the host's directory was removed.
      return Promise.resolve([]);
    }
  }
  const journaledPreToolUse = journal === undefined ? preToolUse : (call: ToolCall) => journaled(call, preToolUse);
  const journaledPostToolUse =
    journal === undefined ? postToolUse : (call: PostToolUseCall) => journaled(call, postToolUse);

  /**
   * J1: a session event is journaled when at least one hook was selected (a prompt with no hooks
   * is not a decision); it has no tool, so its line's tool name is `""` and its input the event's
   * own fields.
   */
  async function journaledSessionEvent<Event extends SessionEvent>(
    event: Event,
    call: SessionEventCall<Event>,
  ): Promise<SessionEventResult<Event>> {
    const result = await sessionEvent(event, call);
    if (journal !== undefined && result.hooks.length > 0) {
      try {
        const toolInput = sessionFields(event, call);
        journal.record({ call: { toolName: '', toolInput }, result, sessionId: sessionIdOfEngine(), paths: [] });
      } catch {
        // The verdict stands (J4).
      }
    }
    return result;
  }

  /** E6: any event, by the verdict rule its entry of the events table names. */
  function run<Event extends HookEvent>(event: Event, call: EventCall<Event>): Promise<EventResult<Event>> {
    const aggregator = EVENTS[event as HookEvent].aggregator;
    switch (aggregator) {
      case 'tool-call':
        return journaledPreToolUse(call as ToolCall) as Promise<EventResult<Event>>;
      case 'tool-output':
        return journaledPostToolUse(call as PostToolUseCall) as Promise<EventResult<Event>>;
      case 'session':
        return journaledSessionEvent(event as SessionEvent, call as SessionEventCall<SessionEvent>) as Promise<
          EventResult<Event>
        >;
      default: {
        const never: never = aggregator;
        throw new Error(`unknown aggregator: ${JSON.stringify(never)}`);
      }
    }
  }

  return {
    config,
    run,
    // E6's wrappers: the same functions run() calls for these two events.
    preToolUse: journaledPreToolUse,
    postToolUse: journaledPostToolUse,

    async close() {
      closed = true;
      httpClient.close();
      // Async hooks first (they may be resident calls), then the resident processes.
      await Promise.all([...runningAsync]);
      await residentPool?.close();
      await journal?.close();
    },

    async endResidentHook(hook) {
      await residentPool?.end(residentKey(hook));
    },
  };
}
