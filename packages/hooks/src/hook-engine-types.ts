import type { PostToolUseVerdict, PreToolUseVerdict, SessionEventVerdict } from '@cosh/aggregate';
import type { HookEntry, HooksConfig } from '@cosh/config';
import type { HttpHookClientOptions, RunnerOptions } from '@cosh/runner';
import type { HookEvent, SessionEvent } from '@cosh/spec';
import type { ToolResultParts } from './claude-tool-response.ts';
import type { HookReport } from './hook-report.ts';

/** Options of `createHookEngine`. */
export interface HookEngineOptions {
  /** Working directory of the hooks when a call names none (R5). Default: `process.cwd()` at call time. */
  readonly cwd?: string | undefined;
  /** The host environment hooks inherit (R4). Default: `process.env` at call time. */
  readonly env?: NodeJS.ProcessEnv | undefined;
  /**
   * Passed to `@cosh/runner` (shell, output cap, kill grace, drain, and
   * `maxConcurrentProcesses`: the engine's hook processes at once across all its calls, 64 by
   * default, R11); the defaults are SPEC's.
   */
  readonly runner?: RunnerOptions | undefined;
  /**
   * Passed to `@cosh/runner`'s HTTP client of the engine's HTTP hooks (H2): the body cap, how
   * long an idle connection stays open, extra certificate authorities for `https:` (a company
   * CA); the defaults are SPEC's.
   */
  readonly http?: HttpHookClientOptions | undefined;
  /**
   * `session_id` of a `protocol: "claude"` hook's payload (K4): one UUID per session, MCP server,
   * `exec` or `hooks run` process. Default: a random UUID made when the engine is created.
   */
  readonly sessionId?: string | undefined;
  /** `transcript_path` of a Claude hook's payload (K4): the history file; default `""`. */
  readonly transcriptPath?: string | undefined;
  /**
   * The folder holding the project layer's `.cosh/` (C10), or `null` without one: a Claude hook's
   * `CLAUDE_PROJECT_DIR` (K4). Without it, the nearest folder of the cwd holding `.claude/`, else
   * the git top level, else the cwd. A `CLAUDE_PROJECT_DIR` in {@link env} naming an existing
   * folder wins over all of these (K8); the rule is `@cosh/config`'s `claudeProjectDir`.
   */
  readonly projectFolder?: string | null | undefined;
  /**
   * SPEC S5 per call: asked before every call about each selected hook that would run; a string
   * (the S5 reason) makes that hook a deny that does not run, in both events. A host serving many
   * calls (a session, an MCP server, an embedded engine) passes `@cosh/config`'s
   * `createScriptCheck(loaded.trustedScripts)`, which re-hashes a script whose size, mtime or
   * inode changed; the engine itself reads no file for it.
   */
  readonly scriptCheck?: ((hook: HookEntry) => string | null) | undefined;
  /**
   * R12: `pool` (default) keeps one process per resident hook for the engine's life (long-lived
   * hosts: session, MCP server, an embedding program); `one-call` runs each resident call as a
   * process of its own, one line then stdin closes (one-shot commands: `hooks run`, `exec`,
   * `claude-hook`).
   */
  readonly residentHooks?: 'pool' | 'one-call' | undefined;
  /**
   * R13: the report of an async hook once it finished (its call did not wait for it). Not called
   * for a hook still running when the engine closes past its timeout.
   */
  readonly onAsyncResult?: ((report: HookReport) => void) | undefined;
  /**
   * SPEC J1: told of every event run (its call and result) once its verdict is made; `close()`
   * waits for its `close()`. `createJournal` makes the one every host uses. Never delays a
   * verdict: what it does with the run happens after.
   */
  readonly journal?: EventJournal | undefined;
}

/** One event run as the engine reports it to its {@link EventJournal} (J1). */
export interface EventRun {
  /**
   * The tool call; for a session event (E1–E4), which has no tool, the tool name is `""` and the
   * input is the event's own fields (`prompt`, `source`, …).
   */
  readonly call: ToolCall | PostToolUseCall;
  readonly result: PreToolUseResult | PostToolUseResult | SessionEventResult;
  /** The engine's session id (K4). */
  readonly sessionId: string;
  /**
   * The paths the tool call touches (F2, F3), absolute, as the selection of hooks with `paths`
   * reads them; empty for a session event and where they cannot be told.
   */
  readonly paths: readonly string[];
}

/** What the engine tells of each event run (J1): the journal writer, or a host's own. */
export interface EventJournal {
  /** Called once per event run, after its verdict; must not throw (the engine ignores it if it does). */
  record(run: EventRun): void;
  /** Settles once what was recorded is written (or given up on). */
  close(): Promise<void>;
}

/** One tool call as the hooks see it. */
export interface ToolCall {
  readonly toolName: string;
  /** A JSON object; it reaches hooks on stdin, never in the environment (R3, R4). */
  readonly toolInput: Readonly<Record<string, unknown>>;
  /** Working directory of this call's hooks; wins over {@link HookEngineOptions.cwd} (R5). */
  readonly cwd?: string | undefined;
  /**
   * The caller cancelled the call (an MCP client's `notifications/cancelled`): its running
   * hooks are stopped as a timeout stops them (R6), and the event's verdict is a deny (in
   * PostToolUse a `[hook]` line), since hooks cut short decided nothing.
   */
  readonly signal?: AbortSignal | undefined;
  /**
   * The proxied MCP server the tool comes from (`cosh mcp proxy --name`): Claude hooks see the
   * tool as `mcp__<server>__<tool>` (K3).
   */
  readonly mcpServer?: string | undefined;
  /**
   * The call's id, `tool_use_id` of a Claude hook's payload (K4): pass the same one to PreToolUse
   * and PostToolUse (`runToolCall` does). Default: a fresh id per event.
   */
  readonly toolUseId?: string | undefined;
  /** The agent's own name of the tool (`Bash` for `bash_run`), for the journal's `agent_tool_name` (J1). */
  readonly agentToolName?: string | undefined;
}

/** A tool call that ran and succeeded, for PostToolUse (P1). */
export interface PostToolUseCall extends ToolCall {
  /** The input as it ran (after A7). */
  readonly toolInput: Readonly<Record<string, unknown>>;
  /** The raw output; hooks receive it as `tool_output`. */
  readonly toolOutput: string;
  /** The PreToolUse result's `context`, appended first (P2). */
  readonly preToolUseContext?: string | undefined;
  /**
   * What the host knows of the result beyond its text (`bash_run`'s stdout and stderr apart,
   * whether `fs_write` created the file): a Claude hook's `tool_response` is built from it (K4).
   */
  readonly toolResult?: Omit<ToolResultParts, 'output'> | undefined;
}

/** What a Pre- and a PostToolUse result both add to their verdict. */
interface EventHooksResult {
  readonly toolName: string;
  /** Every selected hook, config order (M3), deduplicated ones included (M4). */
  readonly hooks: readonly HookReport[];
  /** Milliseconds the event took. */
  readonly durationMs: number;
}

/**
 * What the PreToolUse hooks decided about one call (A1–A7): the verdict of `@cosh/aggregate`,
 * and what happened to each hook.
 */
export interface PreToolUseResult extends PreToolUseVerdict, EventHooksResult {
  readonly event: 'PreToolUse';
}

/**
 * What the PostToolUse hooks made of one successful call (P1–P4): the verdict of
 * `@cosh/aggregate`, whose `toolOutput` enters history, and what happened to each hook.
 */
export interface PostToolUseResult extends PostToolUseVerdict, EventHooksResult, Pick<PostToolUseCall, 'toolInput'> {
  readonly event: 'PostToolUse';
}

/** The fields of a session event's call (E1–E4), one entry per session event of `@cosh/spec`'s table. */
export interface SessionEventFields {
  /** E1: the prompt about to reach the model. */
  readonly UserPromptSubmit: { readonly prompt: string };
  /** E2: why the session starts: `startup`, `resume` or `clear` (the matcher tests it). */
  readonly SessionStart: { readonly source: string };
  /** E3: true when this stop follows one a Stop hook already refused (a deny is then not honoured). */
  readonly Stop: { readonly stopHookActive?: boolean | undefined };
  /** E4: why the session ends (the matcher tests it). */
  readonly SessionEnd: { readonly reason: string };
}

/** One call of a session event (E1–E4): its own fields, and where and how its hooks run. */
export type SessionEventCall<Event extends SessionEvent> = SessionEventFields[Event] & {
  /** Working directory of this call's hooks, and the payload's `cwd`; wins over {@link HookEngineOptions.cwd}. */
  readonly cwd?: string | undefined;
  /** The caller cancelled the call: its running hooks are stopped as a timeout stops them (R6). */
  readonly signal?: AbortSignal | undefined;
};

/** What the hooks of one session event decided (E1–E4) and what happened to each hook. */
export interface SessionEventResult<Event extends SessionEvent = SessionEvent> extends SessionEventVerdict {
  readonly event: Event;
  /** Every selected hook, config order (M3), deduplicated ones included (M4). */
  readonly hooks: readonly HookReport[];
  /** Milliseconds the event took. */
  readonly durationMs: number;
}

/** The call `engine.run(event, …)` takes for each event (E6). */
export type EventCall<Event extends HookEvent> = Event extends 'PreToolUse'
  ? ToolCall
  : Event extends 'PostToolUse'
    ? PostToolUseCall
    : Event extends SessionEvent
      ? SessionEventCall<Event>
      : never;

/** What `engine.run(event, …)` answers for each event (E6). */
export type EventResult<Event extends HookEvent> = Event extends 'PreToolUse'
  ? PreToolUseResult
  : Event extends 'PostToolUse'
    ? PostToolUseResult
    : Event extends SessionEvent
      ? SessionEventResult<Event>
      : never;

/** The hooks of one config, compiled once (M5), ready for any number of calls. */
export interface HookEngine {
  /** The config the engine was created with. */
  readonly config: HooksConfig;
  /**
   * Runs the hooks of any event and aggregates them by the event's rule (E6): a tool call's
   * (A1–A7), a tool output's (P1–P4) or a session event's (E1–E4). Never rejects; settles within
   * the largest selected timeout plus two seconds (L5, L6).
   *
   * @example
   * const pre = await engine.run('PreToolUse', { toolName: 'bash_run', toolInput: { command: 'ls' } });
   * const prompt = await engine.run('UserPromptSubmit', { prompt: 'deploy to prod' });
   * if (prompt.decision === 'deny') showPerson(prompt.reasons); // the prompt is not sent
   */
  run<Event extends HookEvent>(event: Event, call: EventCall<Event>): Promise<EventResult<Event>>;
  /**
   * `run('PreToolUse', call)`: runs the PreToolUse hooks matching `call.toolName` and aggregates them (A1–A7). Never
   * rejects; settles within the largest selected timeout plus two seconds (L5, L6).
   */
  preToolUse(call: ToolCall): Promise<PreToolUseResult>;
  /**
   * `run('PostToolUse', call)`: runs the PostToolUse hooks of a call that succeeded and composes the output that enters
   * history (P1–P4). Never rejects; bounded like {@link HookEngine.preToolUse}.
   */
  postToolUse(call: PostToolUseCall): Promise<PostToolUseResult>;
  /**
   * Closes the HTTP hooks' kept-alive connections (H2); HTTP calls still in flight end as
   * failed. Calls made afterwards are refused (a deny), since their hooks can no longer all run.
   * Idempotent. A host that runs no HTTP hook loses nothing by never calling it: idle connections
   * never keep the process alive. Resident processes (R12) get their stdin closed, 1 s to exit,
   * then are ended as R6 ends a hook; running async hooks (R13) are waited for (up to their
   * timeout). The promise settles once every resident and async process has ended.
   */
  close(): Promise<void>;
  /**
   * Ends the resident process of `hook` (R12, S5: its script changed): its stdin closes, it gets
   * 1 s to exit, then it is ended as R6 ends a hook. The next call of that hook checks trust and
   * starts it afresh. Settles once it ended; nothing to do for a hook with no process.
   */
  endResidentHook?(hook: HookEntry): Promise<void>;
}
