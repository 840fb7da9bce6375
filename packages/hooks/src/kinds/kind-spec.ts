// SPEC C5: what the engine's piece of one kind of hook is made of. Each kind's entry (kinds/) is
// one value of HookKindSpec; hook-kinds.ts puts them in one table.
import type { Diagnostic } from '@cosh/aggregate';
import type { HookEntry, HookRule } from '@cosh/config';
import type { RuleTest } from '@cosh/matcher';
import type { HookKindSpec as HookKindData } from '@cosh/spec';
import type { EventHooksInput } from '../event-hooks-setup.ts';
import type { HookRun } from '../hook-run.ts';
import type { KindClientOptions } from './kind-client.ts';

/**
 * What a hook runs, by kind: a shell command (R1), kept running (R12), an HTTP endpoint (H1) or a
 * rule (D1). Made from the entry once (`hookTargetOf`), so no code reads `command` or `url` as a
 * nullable field again.
 */
export type HookTarget =
  | { readonly kind: 'command'; readonly command: string }
  | { readonly kind: 'resident'; readonly command: string }
  | { readonly kind: 'http'; readonly url: string }
  /** D1: a rule, its test compiled once with the entry (M5). */
  | { readonly kind: 'rule'; readonly rule: HookRule; readonly test: RuleTest };

/** `@cosh/spec`'s kinds, each with its target. */
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

/** What a report adds for its kind (each key present only for its kind). */
export interface KindReportFields {
  /**
   * An HTTP hook's (H3): the response's status, `null` when no response came (or it did not run);
   * its `exitCode` is then always `null`.
   */
  readonly httpStatus?: number | null;
  /** A resident hook's (R12), `true`: its exit is its answer's `"exit"`. */
  readonly resident?: true;
  /** A rule hook's (D1), `'rule'`: it ran in Cosh's process, with no exit code. */
  readonly kind?: 'rule';
}

/** Everything that differs between two kinds of hook, in one place: the spec's data and the engine's piece. */
export interface HookKindSpec<Target extends HookTarget, Client> extends HookKindData {
  /** What it runs as written in the config (a report's `command`): the command, or the url. */
  written(target: Target): string;
  /** The hook as listings show it: its command, or `POST <url>`. */
  shown(target: Target): string;
  /**
   * What the kind keeps for one engine across its calls (kind-clients.ts), opened with the
   * engine and ended by its `close()`; `null` for a kind that keeps nothing.
   */
  openClient(options: KindClientOptions): Client;
  /** Runs it for one call. Never rejects; settles within its timeout plus the stop bound (L5, L6). */
  run(run: KindRun, target: Target): Promise<HookRun>;
  /** What its report carries beyond the common fields; `run` is `null` for a hook that did not run. */
  reportFields(run: HookRun | null): KindReportFields;
  /**
   * What a run adds to its call's diagnostics when its outcome has none (a failure's diagnostic
   * already says all): the hook's own log lines, for a kind whose process keeps them per call.
   */
  runDiagnostic(hookName: string, run: HookRun): Diagnostic | null;
}
