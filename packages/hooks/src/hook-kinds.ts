// SPEC C5, R1–R11, H1–H3: the engine's piece of each kind of hook: how it is run and reported.
// What a kind is (its fields, label, dedupe key) is `@cosh/spec`'s HOOK_KINDS, spread into each
// entry here. Adding a kind is one entry there, one member of HookTarget and one entry here: the
// compiler then names every switch that must handle it (see docs/architecture.md).
import { describeRule, type HookEntry, type HookRule } from '@cosh/config';
import { compileRule, type RuleTest } from '@cosh/matcher';
import {
  type HookKindSpec as HookKindData,
  hookKindOf,
  HOOK_KINDS as KIND_TABLE,
  type HookKind as SpecHookKind,
} from '@cosh/spec';
import { headersNameVariables, monotonicNow } from '@cosh/runner';
import { httpStopSlackMs, runGuarded, runHttpGuarded } from './guarded-runs.ts';
import { callResident, residentKey, runResidentOnce } from './resident-hook-run.ts';
import type { HookRun } from './hook-run.ts';
import type { EventHooksInput } from './event-hooks-setup.ts';
import { environmentOf } from './hook-environment.ts';

/**
 * What a hook runs, by kind: a shell command (R1) or an HTTP endpoint (H1). Made from the entry
 * once ({@link hookTargetOf}), so no code reads `command` or `url` as a nullable field again.
 */
export type HookTarget =
  | { readonly kind: 'command'; readonly command: string }
  | { readonly kind: 'resident'; readonly command: string }
  | { readonly kind: 'http'; readonly url: string }
  /** D1: a rule, its test compiled once with the entry (M5). */
  | { readonly kind: 'rule'; readonly rule: HookRule; readonly test: RuleTest };

/** `command`, `resident` or `http`: `@cosh/spec`'s kinds, each with its target. */
export type HookKind = HookTarget['kind'];

/** One hook about to run for one call: the entry and the call's shared set-up (its target comes apart). */
export interface KindRun {
  readonly hook: HookEntry;
  readonly setup: EventHooksInput;
  /** The payload of the hook's protocol (R3, K4), one buffer shared by the call's hooks (R11). */
  readonly stdin: Uint8Array;
  /** The runner's bound for stopping a hook after its timeout (`stopBoundMs`). */
  readonly stopBoundMs: number;
}

/** What a report adds for its kind: an HTTP hook's status (H3), a resident hook's mark (R12), a rule's kind (D1). */
export interface KindReportFields {
  readonly httpStatus?: number | null;
  readonly resident?: true;
  readonly kind?: 'rule';
}

/** Everything that differs between two kinds of hook, in one place: the spec's data and the engine's piece. */
export interface HookKindSpec<Target extends HookTarget> extends HookKindData {
  /** What it runs as written in the config (a report's `command`): the command, or the url. */
  written(target: Target): string;
  /** The hook as listings show it: its command, or `POST <url>`. */
  shown(target: Target): string;
  /** Runs it for one call. Never rejects; settles within its timeout plus the stop bound (L5, L6). */
  run(run: KindRun, target: Target): Promise<HookRun>;
  /** What its report carries beyond the common fields; `run` is `null` for a hook that did not run. */
  reportFields(run: HookRun | null): KindReportFields;
}

/** The table itself, typed so that each kind's entry sees its own target. */
type HookKindTable = { readonly [Kind in SpecHookKind]: HookKindSpec<Extract<HookTarget, { kind: Kind }>> };

/** The kinds of hook (C5): how each is validated, selected, run, reported and shown. */
export const HOOK_KINDS = {
  command: {
    ...KIND_TABLE.command,
    written: (target) => target.command,
    shown: (target) => target.command,
    run({ hook, setup, stdin, stopBoundMs }, target) {
      const timeoutMs = hook.timeout * 1000;
      // R4 (plus K4's CLAUDE_PROJECT_DIR).
      const env = environmentOf(hook, setup);
      return runGuarded(
        setup.hookRunner,
        { command: target.command, stdin, env, cwd: setup.cwd, timeoutMs, signal: setup.signal },
        timeoutMs + stopBoundMs,
      );
    },
    reportFields: () => ({}),
  },
  resident: {
    ...KIND_TABLE.resident,
    written: (target) => target.command,
    shown: (target) => target.command,
    run({ hook, setup, stdin, stopBoundMs }, target) {
      // R12: R4 without COSH_TOOL_NAME, since one process serves every tool; built only at a start.
      const env = (): Record<string, string> => {
        const { COSH_TOOL_NAME: _tool, ...rest } = environmentOf(hook, setup);
        return rest;
      };
      const residents = setup.residents;
      const timeoutMs = hook.timeout * 1000;
      // The engine's folder: the process outlives the call whose cwd it was started for.
      const cwd = residents?.cwd ?? setup.cwd;
      const call = {
        key: residentKey(hook),
        command: target.command,
        env,
        cwd,
        payload: stdin,
        timeoutMs,
        signal: setup.signal,
      };
      // Long-lived hosts share one process per entry; one-shot commands run a one-call process.
      if (residents?.pool != null) return callResident(residents.pool, call);
      return runResidentOnce(setup.hookRunner, call, timeoutMs + stopBoundMs);
    },
    reportFields: () => ({ resident: true }),
  },
  http: {
    ...KIND_TABLE.http,
    written: (target) => target.url,
    shown: (target) => `POST ${target.url}`,
    run({ hook, setup, stdin }, target) {
      const timeoutMs = hook.timeout * 1000;
      // Its `${NAME}` headers are read from R4's environment (H1); without one, the environment is
      // not built: copying process.env costs a call 2–25 µs, and 55–120 µs right after a spawn.
      const env = headersNameVariables(hook.headers) ? environmentOf(hook, setup) : {};
      // The body is the hook's protocol's payload: a Claude HTTP hook gets Claude's (K4).
      return runHttpGuarded(
        setup.httpClient(),
        { url: target.url, headers: hook.headers, env, body: stdin, timeoutMs, signal: setup.signal },
        timeoutMs + httpStopSlackMs,
      );
    },
    // H3: an HTTP hook's report carries its status (`null` when none came, or it did not run).
    reportFields: (run) => ({ httpStatus: run?.httpStatus ?? null }),
  },
  rule: {
    ...KIND_TABLE.rule,
    written: (target) => target.rule.text,
    shown: (target) => describeRule(target.rule),
    // D1: evaluated here, in Cosh's own process: no runner, no payload, no process.
    run({ setup }, target) {
      return Promise.resolve(ruleRun(target, setup.ruleSubject));
    },
    // A rule's report says its kind; it has no exit code (`exit_code: null`).
    reportFields: () => ({ kind: 'rule' }),
  },
} as const satisfies HookKindTable;

/**
 * D1: a rule's run, evaluated at once: its answer when its test holds on the subject (the tool
 * input), `null` when it does not. No process, so no exit code, signal or output.
 */
export function ruleRun(target: Extract<HookTarget, { kind: 'rule' }>, subject: unknown): HookRun {
  const startedAt = monotonicNow();
  const { rule, test } = target;
  const holds = test(subject);
  return {
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    timedOut: false,
    truncated: false,
    startError: null,
    ruleAnswer: holds ? { decision: rule.decision, reason: rule.reason, context: rule.context } : null,
    durationMs: monotonicNow() - startedAt,
  };
}

/** The fields of an entry that decide its kind (C5, H1, R12, D1). */
type KindOf = Pick<HookEntry, 'command' | 'url'> & {
  readonly resident?: boolean;
  readonly rule?: HookRule | null;
};

/**
 * The kind and target of a validated entry. `@cosh/config` made sure exactly one of `command` and
 * `url` is set (C5, C6); an entry with neither (only a config forged by a cast) is a command hook
 * with an empty command, which the shell runs as nothing. Made once per entry (entries do not
 * change): a call asks for it several times (to run the hook, then for its report).
 */
export function hookTargetOf(hook: KindOf): HookTarget {
  let target = targets.get(hook);
  if (target === undefined) {
    target = targetOfEntry(hook);
    targets.set(hook, target);
  }
  return target;
}

const targets = new WeakMap<KindOf, HookTarget>();

function targetOfEntry(hook: KindOf): HookTarget {
  const kind = hookKindOf(hook);
  switch (kind) {
    case 'http':
      return { kind, url: hook.url ?? '' };
    case 'rule':
      // Made once per entry: its regexes and globs are compiled here (M5).
      return hook.rule == null
        ? { kind: 'command', command: '' }
        : { kind, rule: hook.rule, test: compileRule(hook.rule) };
    case 'resident':
    case 'command':
      return { kind, command: hook.command ?? '' };
    default: {
      const never: never = kind;
      throw new Error(`unknown hook kind: ${JSON.stringify(never)}`);
    }
  }
}

/**
 * The table's entry for a target, with the target it takes. The one switch over kinds: a new kind
 * that is not handled here fails to compile.
 */
function withSpec<Result>(
  target: HookTarget,
  use: <Target extends HookTarget>(spec: HookKindSpec<Target>, target: Target) => Result,
): Result {
  switch (target.kind) {
    case 'command':
      return use(HOOK_KINDS.command, target);
    case 'resident':
      return use(HOOK_KINDS.resident, target);
    case 'http':
      return use(HOOK_KINDS.http, target);
    case 'rule':
      return use(HOOK_KINDS.rule, target);
    default: {
      const never: never = target;
      throw new Error(`unknown hook kind: ${JSON.stringify(never)}`);
    }
  }
}

/** Runs one selected hook by its kind (R1–R11, H1–H3). Never rejects. */
export function runHookOfKind(run: KindRun, target: HookTarget): Promise<HookRun> {
  return withSpec(target, (spec, narrowed) => spec.run(run, narrowed));
}

/** How a hook is shown in listings and reports: its command, or `POST <url>` (C5, H1). */
export function shownHook(hook: KindOf): string {
  return withSpec(hookTargetOf(hook), (spec, target) => spec.shown(target));
}

/** What a hook runs as written in the config (a report's `command`): its command, or its url. */
export function writtenHook(hook: KindOf): string {
  return withSpec(hookTargetOf(hook), (spec, target) => spec.written(target));
}

/** The kind of a hook, as data (`command`, `resident`, `http`, `rule`): `hooks list --json`'s `kind`. */
export function hookKindOfEntry(hook: KindOf): HookKind {
  return hookTargetOf(hook).kind;
}

/** The kind's word for listings (`command`, `HTTP`). */
export function hookKindLabel(hook: KindOf): string {
  return HOOK_KINDS[hookTargetOf(hook).kind].label;
}

/** What a report of this hook carries for its kind (H3's `httpStatus`). */
export function kindReportFields(hook: KindOf, run: HookRun | null): KindReportFields {
  return HOOK_KINDS[hookTargetOf(hook).kind].reportFields(run);
}
