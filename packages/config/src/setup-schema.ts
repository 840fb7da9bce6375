import * as z from 'zod/mini';
import { DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS } from './hook-defaults.ts';
import { HOOK_EVENTS, HOOK_PROTOCOLS, type HookEvent, ON_ERROR_VALUES, SANDBOX_MODES } from './hook-events.ts';
import { RULE_DECISIONS } from './config-types.ts';

/** What a hook's `url` must look like before it is parsed as a URL (SPEC H1). */
// Written without the `i` flag, which a JSON Schema pattern cannot carry (C9): `HTTP://` is fine.
const HTTP_URL = /^[hH][tT][tT][pP][sS]?:\/\/\S+$/;

// One schema serves two jobs: validating a parsed file (C5, C6) and generating the JSON Schema
// editors use for completion (C9). Defaults are therefore documented as metadata rather than
// applied with a default, which would make the fields required in the generated schema; they are
// applied when the validated value becomes a HookEntry.
//
// Every `cosh hooks run` evaluates this module, so it is written with zod/mini (a fraction of
// full zod's start-up cost), and metadata goes straight into the global registry with
// `register`, which returns the schema itself, where the `meta` check would clone it again.

const ruleTextValues = z.union([z.string(), z.array(z.string())]);
const ruleScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

// SPEC D1: a rule hook's test and verdict. Exactly one operator, a decision from the list, and
// regexes and globs that compile are checked by validate-rule.ts (zod's shape cannot say them).
const ruleSchema = z
  .object({
    field: z.string().register(z.globalRegistry, {
      description:
        'What the rule tests: a dot path into the tool input ("command", "edits.0.new_string"; numeric segments index arrays), or "*" for the whole input as JSON text. A missing field never holds (with "not", always).',
      examples: ['command', 'path', '*'],
    }),
    regex: z.optional(ruleTextValues).register(z.globalRegistry, {
      description:
        'A regular expression (or a list: any of them) searched in the field, as a matcher is (no flags, case-sensitive).',
      examples: ['\\brm\\s+-[a-zA-Z]*[rR][a-zA-Z]*[fF]'],
    }),
    glob: z.optional(ruleTextValues).register(z.globalRegistry, {
      description:
        'A path glob (or a list: any of them) the whole field must match: *, **, ?, [...], {a,b}; a glob without "/" matches the last part of a path (".env" matches "/app/.env").',
      examples: ['.env', '**/secrets/**'],
    }),
    equals: z.optional(z.union([ruleScalar, z.array(ruleScalar)])).register(z.globalRegistry, {
      description: 'A value (or a list: any of them) the field must equal exactly.',
      examples: ['main', ['main', 'master']],
    }),
    contains: z.optional(ruleTextValues).register(z.globalRegistry, {
      description: 'A text (or a list: any of them) the field must contain (case-sensitive).',
      examples: ['--force'],
    }),
    not: z.optional(z.boolean()).register(z.globalRegistry, {
      description: 'true inverts the test: the rule holds when the field does not match (and when it is missing).',
      default: false,
    }),
    decision: z.enum(RULE_DECISIONS).register(z.globalRegistry, {
      description:
        'What the rule answers when its test holds, as a command hook would: "deny", "allow", "ask", "halt" (stop the turn), or "context" (no verdict, only the context).',
    }),
    reason: z.optional(z.string()).register(z.globalRegistry, {
      description: 'The reason given with deny, ask or halt (the model sees it).',
    }),
    context: z.optional(z.string()).register(z.globalRegistry, {
      description: 'Text added to what the model receives when the rule holds.',
    }),
  })
  .register(z.globalRegistry, {
    title: 'Rule',
    description:
      'A hook that needs no process: one test on one field of the tool input, and the verdict when it holds. Exactly one of regex, glob, equals, contains.',
  });

const hookEntrySchema = z
  .object({
    name: z.optional(z.string()).register(z.globalRegistry, {
      description: 'Shown in listings and diagnostics. Defaults to the command (or the url).',
    }),
    command: z.optional(z.string().check(z.minLength(1), z.regex(/\S/))).register(z.globalRegistry, {
      description:
        'Run as `/bin/sh -c <command>`, with {"event","tool_name","tool_input"} (and "tool_output" after the call) as one line of JSON on stdin, and COSH_EVENT, COSH_TOOL_NAME, COSH_HOOK_NAME, COSH_CONFIG_DIR in the environment. Exit 0 with nothing or {"decision","reason","context","updated_input"} on stdout, exit 2 to deny, exit 49 to halt the turn. Give either command or url.',
    }),
    url: z.optional(z.string().check(z.regex(HTTP_URL))).register(z.globalRegistry, {
      description:
        "An http:// or https:// address: the same JSON is POSTed to it, and a 2xx response body is read as the hook's stdout. Give either command or url.",
      examples: ['http://127.0.0.1:8787/cosh'],
    }),
    rule: z.optional(ruleSchema).register(z.globalRegistry, {
      description:
        'Instead of command or url: a test run in Cosh\'s own process (no process per call), e.g. {"field": "command", "regex": "rm\\s+-rf", "decision": "deny", "reason": "no rm -rf"}.',
    }),
    headers: z.optional(z.record(z.string(), z.string())).register(z.globalRegistry, {
      description:
        'HTTP headers sent with a url hook; ${NAME} in a value is replaced from the environment (unset: empty).',
      examples: [{ authorization: 'Bearer ${POLICY_TOKEN}' }],
    }),
    matcher: z.optional(z.string()).register(z.globalRegistry, {
      description:
        'A regular expression searched in the tool name (case-sensitive, no flags): "bash_run" also matches "my_bash_runner", "^fs_read$" only fs_read. Absent or "" matches every tool. A matcher that does not compile means the hook never runs. With "protocol": "claude", Claude Code\'s rules on Claude\'s tool names ("Bash", "Read|Write", "*").',
      examples: ['^bash_run$', '^fs_(read|write)$', ''],
    }),
    timeout: z.optional(z.number().check(z.gt(0), z.maximum(MAX_TIMEOUT_SECONDS))).register(z.globalRegistry, {
      description:
        'Seconds before the hook and everything it started are killed (SIGTERM, then SIGKILL). Fractions allowed. Default 60 (600 with "protocol": "claude").',
      default: DEFAULT_TIMEOUT_SECONDS,
    }),
    onError: z.optional(z.enum(ON_ERROR_VALUES)).register(z.globalRegistry, {
      description:
        'What a hook that fails (crashes, times out, exits with another code) or prints invalid output counts as: "ignore" (no opinion) or "deny" (fail closed).',
      default: 'ignore',
    }),
    enabled: z.optional(z.boolean()).register(z.globalRegistry, {
      description: 'false turns this one hook off, as if it were not there.',
      default: true,
    }),
    protocol: z.optional(z.enum(HOOK_PROTOCOLS)).register(z.globalRegistry, {
      description:
        'The hook protocol the command speaks: "cosh" (default) or "claude" (a Claude Code hook, run unchanged: Claude\'s tool names, stdin and outputs).',
      default: 'cosh',
    }),
    resident: z.optional(z.boolean()).register(z.globalRegistry, {
      description:
        'true: the command is started once and kept running; each call is one line of JSON with an "id" on its stdin, answered by one line of JSON with the same "id" (plus "exit": 0, 2 or 49) on its stdout. A warm guard answers in microseconds instead of a process start. Command hooks only.',
      default: false,
    }),
    paths: z.optional(z.array(z.string())).register(z.globalRegistry, {
      description:
        'Globs of the files this hook guards: it runs only when the call touches a matching path (a file a tool reads or writes, a word or redirection of a shell command, an MCP argument such as "path"). "*", "**", "?", "[...]", "{a,b}"; a glob without "/" matches the last part of a path anywhere (".env"), "~/" is your home folder, a relative glob is taken from this file\'s folder (the project root for .cosh/setup.json), a trailing "/" means the folder and everything in it. A shell command Cosh cannot split selects the hook.',
      examples: [['.env', '.env.*'], ['~/.ssh/'], ['src/**/*.ts']],
    }),
    if: z.optional(z.string()).register(z.globalRegistry, {
      description:
        'With "protocol": "claude" only: Claude Code\'s "if" rule, e.g. "Bash(git push:*)", "Edit(*.ts)", "Write(src/**)"; the hook runs only for calls the rule matches (relative patterns from the project root). A shell command Cosh cannot split selects the hook.',
      examples: ['Bash(git push:*)', 'Edit(*.ts)'],
    }),
    async: z.optional(z.boolean()).register(z.globalRegistry, {
      description:
        'true: the call does not wait for this hook; its result is only logged. PostToolUse only (logging, notifications).',
      default: false,
    }),
  })
  .register(z.globalRegistry, {
    title: 'Hook',
    description: 'A shell command (or an HTTP endpoint) run for every tool call its matcher selects.',
  });

const hookListSchema = z.array(hookEntrySchema);

/** What the JSON Schema says of each event's list (C9). */
const EVENT_DESCRIPTIONS = {
  PreToolUse:
    'Run before a tool call is dispatched: they can deny it, auto-approve it, rewrite its input, add context, or halt the turn.',
  PostToolUse:
    'Run after a tool call succeeded, before its output enters history: they can add context, flag the output (deny), or halt the turn.',
  UserPromptSubmit:
    'Run before a prompt reaches the model (payload: prompt): they can block it (deny), add context, or halt the turn. A matcher is ignored.',
  SessionStart:
    'Run when a session starts or resumes (payload: source, which the matcher tests: startup, resume, clear): only their context counts.',
  Stop: 'Run when the agent is about to end its turn (payload: stop_hook_active): a deny means "not yet", its reasons tell the agent to go on.',
  SessionEnd: 'Run when a session ends (payload: reason, which the matcher tests): nothing is enforced.',
} as const satisfies Record<HookEvent, string>;

/** One value per event of the events table, keyed by its name. */
function perEvent<Value>(make: (event: HookEvent) => Value): { [Event in HookEvent]: Value } {
  return Object.fromEntries(HOOK_EVENTS.map((event) => [event, make(event)])) as { [Event in HookEvent]: Value };
}

const hooksSchema = z
  .object(
    perEvent((event) =>
      z.optional(hookListSchema).register(z.globalRegistry, { description: EVENT_DESCRIPTIONS[event] }),
    ),
  )
  .register(z.globalRegistry, { description: 'Event name → the hooks run for it, in order.' });

const hooksEnabledSchema = z
  .object(perEvent(() => z.optional(z.boolean()).register(z.globalRegistry, { default: true })))
  .register(z.globalRegistry, { description: 'Turns every hook of an event on or off. A missing key means enabled.' });

const sandboxSchema = z
  .object({
    mode: z.optional(z.enum(SANDBOX_MODES)).register(z.globalRegistry, {
      description:
        '"auto": bash_run runs in a sandbox when one can start, else unsandboxed with a warning on every load; "required": without a sandbox bash_run is refused; "off": no sandbox (warned on every load).',
      default: 'auto',
    }),
    writable: z.optional(z.array(z.string())).register(z.globalRegistry, {
      description:
        'Folders bash_run may write besides its working folder and a private /tmp ("~/" is your home folder). Cosh\'s own files stay read-only inside them.',
      examples: [['~/.npm', '~/.cache/pip']],
    }),
    network: z.optional(z.boolean()).register(z.globalRegistry, {
      description: 'false: bash_run gets a network with loopback only.',
      default: true,
    }),
    unixSockets: z.optional(z.boolean()).register(z.globalRegistry, {
      description:
        'true: bash_run may create Unix sockets and so reach your local services (tmux, D-Bus, docker, ssh and gpg agents, the X server). Default false: a seccomp filter refuses them; where the filter cannot load there is no sandbox.',
      default: false,
    }),
  })
  .register(z.globalRegistry, {
    description:
      "The sandbox every bash_run runs in (bubblewrap on Linux). In the user or managed file only (the managed file's values win).",
  });

const journalSchema = z
  .object({
    file: z.optional(z.string().check(z.minLength(1), z.regex(/\S/))).register(z.globalRegistry, {
      description:
        'The decision journal (SPEC J1, J2): one hash-chained JSON line per event run of every host and bridge ("~/" is your home folder; a relative path is relative to this file\'s folder).',
      examples: ['~/.local/state/cosh/journal.jsonl'],
    }),
    otlp: z.optional(z.string().check(z.regex(HTTP_URL))).register(z.globalRegistry, {
      description:
        'An OpenTelemetry collector\'s OTLP/HTTP base URL (SPEC J3): each record is also sent as a log record ("/v1/logs" is appended unless present).',
      examples: ['http://127.0.0.1:4318'],
    }),
  })
  .register(z.globalRegistry, {
    description: "The decision journal (SPEC J1–J3). In the user or managed file only (the managed file's values win).",
  });

/**
 * setup.json: a shared settings file, so keys other than these are kept and ignored (SPEC C3).
 * `hooks` and its entries are closed objects, which makes editors flag misspelt events and
 * fields the way `cosh hooks validate` warns about them (C4, C5).
 */
export const setupFileSchema = z
  .looseObject({
    $schema: z
      .optional(z.string())
      .register(z.globalRegistry, { description: 'The JSON Schema of this file, for editors.' }),
    hooks: z.optional(hooksSchema),
    hooksEnabled: z.optional(hooksEnabledSchema),
    allowManagedHooksOnly: z.optional(z.boolean()).register(z.globalRegistry, {
      description:
        'In the managed file (/etc/cosh/setup.json) only: true loads no user or project hooks. Ignored, with a warning, elsewhere.',
      default: false,
    }),
    sandbox: z.optional(sandboxSchema),
    journal: z.optional(journalSchema),
  })
  .register(z.globalRegistry, {
    title: 'Cosh setup.json',
    description: 'Cosh settings. The hooks section configures lifecycle hooks run around every tool call.',
  });

/** The known fields of `sandbox` (SPEC C5), for "did you mean" suggestions. */
export const SANDBOX_FIELDS: readonly string[] = Object.keys(sandboxSchema.shape);

/** The known fields of `journal` (SPEC J1), for "did you mean" suggestions. */
export const JOURNAL_FIELDS: readonly string[] = Object.keys(journalSchema.shape);

/** The known fields of a hook entry, for "did you mean" suggestions. */
export const HOOK_ENTRY_FIELDS: readonly string[] = Object.keys(hookEntrySchema.shape);

/** The fields of a hook entry that hold true or false (`enabled`, …): C6's messages and hints say so of them. */
export const BOOLEAN_ENTRY_FIELDS: readonly string[] = HOOK_ENTRY_FIELDS.filter((field) => {
  const { def } = (hookEntrySchema.shape as Record<string, z.ZodMiniType>)[field]?._zod ?? {};
  return def?.type === 'optional' && (def as z.core.$ZodOptionalDef).innerType._zod.def.type === 'boolean';
});

/** The known fields of a rule (SPEC D1), for "did you mean" suggestions. */
export const RULE_FIELDS: readonly string[] = Object.keys(ruleSchema.shape);

/** The schema of a rule, whose operators the JSON Schema makes "exactly one" (D1). */
export const ruleShape = ruleSchema;

/** The schema of one hook entry, so the JSON Schema can state "command or url, not both". */
export const hookEntryShape = hookEntrySchema;

/** The schema of `hooks`, whose PreToolUse list the JSON Schema closes to `async` hooks (R13). */
export const hooksShape = hooksSchema;

/** The schema of `hooksEnabled`, whose unknown keys the JSON Schema lets through (a warning). */
export const hooksEnabledShape = hooksEnabledSchema;
