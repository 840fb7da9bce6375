// SPEC C5, R1–R12, H1–H3, D1: the engine's table of the kinds of hook: how each is run, kept,
// reported and shown. What a kind is (its fields, label, dedupe key) is `@cosh/spec`'s
// HOOK_KINDS, spread into each entry; each kind's piece is its own module under kinds/. Adding a
// kind is one entry there, one member of HookTarget (kinds/kind-spec.ts), its line in
// kinds/kind-clients.ts and one entry here: the compiler then names every switch that must handle
// it (see docs/architecture.md).
import type { HookEntry, HookRule } from '@cosh/config';
import { compileRule } from '@cosh/matcher';
import { HOOK_KIND_NAMES, hookKindOf, type KindFields, type HookKind as SpecHookKind } from '@cosh/spec';
import type { Diagnostic } from '@cosh/aggregate';
import type { HookRun } from './hook-run.ts';
import { COMMAND_KIND } from './kinds/command-kind.ts';
import { HTTP_KIND } from './kinds/http-kind.ts';
import type { KindClientOptions } from './kinds/kind-client.ts';
import type { KindClients } from './kinds/kind-clients.ts';
import type { HookKind, HookKindSpec, HookTarget, KindReportFields, KindRun } from './kinds/kind-spec.ts';
import { RESIDENT_KIND } from './kinds/resident/resident-kind.ts';
import { RULE_KIND } from './kinds/rule-kind.ts';

export type { KindClients } from './kinds/kind-clients.ts';
export type { HookKind, HookTarget, KindReportFields, KindRun } from './kinds/kind-spec.ts';
export { ruleRun } from './kinds/rule-kind.ts';

/** The table itself, typed so that each kind's entry sees its own target and client. */
type HookKindTable = {
  readonly [Kind in SpecHookKind]: HookKindSpec<Extract<HookTarget, { kind: Kind }>, KindClients[Kind]>;
};

/** The kinds of hook (C5): how each is validated, selected, run, kept, reported and shown. */
export const HOOK_KINDS = {
  command: COMMAND_KIND,
  resident: RESIDENT_KIND,
  http: HTTP_KIND,
  rule: RULE_KIND,
} as const satisfies HookKindTable;

/** Every kind's client for a new engine (`HookKindSpec.openClient`). */
export function openKindClients(options: KindClientOptions): KindClients {
  return {
    command: HOOK_KINDS.command.openClient(),
    resident: HOOK_KINDS.resident.openClient(options),
    http: HOOK_KINDS.http.openClient(),
    rule: HOOK_KINDS.rule.openClient(),
  };
}

/** Ends what the engine's clients keep for one hook (S5); nothing for a kind that keeps nothing. */
export async function endKindClientHook(clients: KindClients, hook: HookEntry): Promise<void> {
  await clients[hookTargetOf(hook).kind]?.end(hook);
}

/** Ends every kind's client of an engine (its `close()`); settles once all ended. */
export async function closeKindClients(clients: KindClients): Promise<void> {
  await Promise.all(HOOK_KIND_NAMES.map((kind) => clients[kind]?.close()));
}

/** The fields of an entry that decide its kind (`@cosh/spec`'s), with a rule hook's rule as config typed it. */
export type KindOf = KindFields & { readonly rule?: HookRule | null };

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
  use: <Target extends HookTarget>(spec: HookKindSpec<Target, unknown>, target: Target) => Result,
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

/** What a run adds to its call's diagnostics for its kind when its outcome has none (R12's stderr). */
export function kindRunDiagnostic(hook: KindOf & Pick<HookEntry, 'name'>, run: HookRun): Diagnostic | null {
  return HOOK_KINDS[hookTargetOf(hook).kind].runDiagnostic(hook.name, run);
}

/** What a report of this hook carries for its kind (H3's `httpStatus`). */
export function kindReportFields(hook: KindOf, run: HookRun | null): KindReportFields {
  return HOOK_KINDS[hookTargetOf(hook).kind].reportFields(run);
}
