import type { ConfigLayer } from '../config-types.ts';
import type { HookEvent } from '../hook-events.ts';
import type { TrustRecord } from './trust-store.ts';

/**
 * A file's trust state (SPEC S5, S7): `managed` (the managed file, trusted as it is), `trusted`
 * (as it was approved, scripts included), `changed` (it or a script it names differs from what
 * was approved), `untrusted` (never approved), `env` (`COSH_TRUST=all`: used as it is).
 */
export type TrustState = 'managed' | 'trusted' | 'changed' | 'untrusted' | 'env';

/** What of a file runs: the file as it is, its trusted copy, or nothing. */
export type TrustLoad = 'file' | 'snapshot' | 'nothing';

/** The script paths one hook's command names (SPEC S2), for one text of a file. */
export interface HookScripts {
  readonly event: HookEvent;
  readonly index: number;
  readonly name: string;
  /** Absolute, as `commandScriptPaths` gives them; the hook's `enabled` does not matter. */
  readonly scripts: readonly string[];
}

/** What was found about one file, for {@link decideTrust}. Plain data. */
export interface TrustFacts {
  readonly layer: ConfigLayer;
  readonly file: string;
  /** False for a user file that is gone though the store has a record of it. */
  readonly exists: boolean;
  /** SHA-256 of the file's bytes; `null` when it is gone or was not hashed (managed, env). */
  readonly sha256: string | null;
  /** The scripts of each hook of the file as it is; `null` when it does not parse. */
  readonly fileHooks: readonly HookScripts[] | null;
  /** The same for the trusted copy; `null` when there is none or it does not parse. */
  readonly snapshotHooks: readonly HookScripts[] | null;
  /** SHA-256 of each script path either text names, `null` for one that is not a regular file now. */
  readonly scriptHashes: ReadonlyMap<string, string | null>;
  /** Whether the running user (not root) can write the file: matters for the managed file. */
  readonly writableByUser: boolean;
}

/** How the command loading the file may trust. */
export interface TrustContext {
  /** `COSH_TRUST=all` is set: user and project files are used as they are (SPEC S4). */
  readonly trustAll: boolean;
  /**
   * A never-trusted user file is trusted on first use (SPEC S4): only for `hooks list`,
   * `hooks validate`, `settings` and `exec`, and only with a controlling terminal.
   */
  readonly trustOnFirstUse: boolean;
}

/** How a script differs from what was trusted. */
export type ScriptChangeKind = 'changed' | 'new' | 'missing';

/** One script that differs from the trusted one. */
export interface ScriptChange {
  readonly path: string;
  readonly change: ScriptChangeKind;
  /**
   * For the review (SPEC S4): its text now and its trusted text (S3), `null` where there is none
   * (gone, too large, not UTF-8 text, trusted before texts were kept). Filled in by the load.
   */
  readonly text?: string | null | undefined;
  readonly trustedText?: string | null | undefined;
}

/** A hook that must not run: it names a script that changed (SPEC S5). */
export interface HookTrustProblem {
  readonly event: HookEvent;
  readonly index: number;
  /** `hook '<name>': script <path> changed since it was trusted (run cosh hooks trust)`. */
  readonly reason: string;
}

/** What {@link decideTrust} decided for one file. */
export interface TrustDecision {
  readonly state: TrustState;
  readonly load: TrustLoad;
  /** Trust on first use: record the file as it is now (once it has loaded). */
  readonly recordNow: boolean;
  /** Hooks of the loaded text that name a changed script: each counts as a deny, never runs. */
  readonly hookProblems: readonly HookTrustProblem[];
  /** The scripts of the loaded text that differ from the trusted ones, each once. */
  readonly scriptChanges: readonly ScriptChange[];
  /** Every tool call is refused with this reason (SPEC S5); `null` otherwise. */
  readonly refusal: string | null;
  /** A warning for the person (a changed file, an untrusted project file, a writable managed file). */
  readonly warning: string | null;
}

/**
 * SPEC S1, S4, S5 for one file, from plain facts: which state it is in, which of its texts runs,
 * and which hooks must not run. Pure.
 *
 * - managed: used as it is (a warning when the running user can write it);
 * - `COSH_TRUST=all`: a user or project file is used as it is (`env`);
 * - never trusted: a project file is not loaded (a warning); a user file is trusted on first use
 *   where the context allows, else not loaded and every call is refused;
 * - trusted and the same bytes: used; a script that changed, appeared or vanished since makes each
 *   hook naming it a deny (`changed`);
 * - trusted but different bytes, or gone: its trusted copy runs instead (`changed`, a warning);
 *   a copy that cannot be read back refuses every call, never the changed file.
 */
export function decideTrust(facts: TrustFacts, record: TrustRecord | undefined, context: TrustContext): TrustDecision {
  const { file } = facts;
  if (facts.layer === 'managed') {
    const warning = facts.writableByUser
      ? `${file} is the managed file, but this user can write it, so it does not protect against an agent running as this user: make it owned by root and read-only`
      : null;
    return decision({ state: 'managed', load: 'file', warning });
  }
  if (context.trustAll) return decision({ state: 'env', load: 'file' });

  if (record === undefined) {
    if (facts.layer === 'project') {
      return decision({
        state: 'untrusted',
        load: 'nothing',
        warning: `${file} is not trusted yet, so its hooks do not run: review it with cosh hooks trust`,
      });
    }
    if (context.trustOnFirstUse)
      return decision({ state: 'trusted', load: 'file', recordNow: facts.fileHooks !== null });
    return decision({
      state: 'untrusted',
      load: 'nothing',
      refusal: `${file} is not trusted yet; run cosh hooks trust in a terminal`,
    });
  }

  if (facts.exists && facts.sha256 === record.sha256) {
    const scripts = compareScripts(facts.fileHooks ?? [], facts.scriptHashes, record);
    if (scripts.scriptChanges.length === 0) return decision({ state: 'trusted', load: 'file' });
    const names = scripts.scriptChanges.map((script) => script.path).join(', ');
    return decision({
      state: 'changed',
      load: 'file',
      warning: `${file}: ${scripts.scriptChanges.length === 1 ? 'a script' : 'scripts'} its hooks run changed since it was trusted (${names}): each hook naming one denies the calls it matches until you review the change with cosh hooks trust`,
      ...scripts,
    });
  }
  if (facts.snapshotHooks === null) {
    return decision({
      state: 'changed',
      load: 'nothing',
      refusal: `${file} changed since it was trusted, and its trusted copy cannot be read back; run cosh hooks trust in a terminal`,
    });
  }
  const scripts = compareScripts(facts.snapshotHooks, facts.scriptHashes, record);
  const how = facts.exists ? 'changed since it was trusted' : 'was removed since it was trusted';
  return decision({
    state: 'changed',
    load: 'snapshot',
    warning: `${file} ${how}: its trusted copy is used until you review the change with cosh hooks trust`,
    ...scripts,
  });
}

/** The reason a hook naming a changed script is denied with (SPEC S5), in both events. */
export function scriptChangedReason(hookName: string, script: string): string {
  return `hook '${hookName}': script ${script} changed since it was trusted (run cosh hooks trust)`;
}

function decision(fields: Partial<TrustDecision> & Pick<TrustDecision, 'state' | 'load'>): TrustDecision {
  return {
    recordNow: false,
    hookProblems: [],
    scriptChanges: [],
    refusal: null,
    warning: null,
    ...fields,
  };
}

/** The scripts of `hooks` that differ from the record's, and the hooks that name one. */
function compareScripts(
  hooks: readonly HookScripts[],
  hashes: ReadonlyMap<string, string | null>,
  record: TrustRecord,
): Pick<TrustDecision, 'hookProblems' | 'scriptChanges'> {
  const trusted = new Map(record.scripts.map((script) => [script.path, script.sha256]));
  const changes = new Map<string, ScriptChangeKind>();
  const hookProblems: HookTrustProblem[] = [];
  for (const hook of hooks) {
    let firstChanged: string | undefined;
    for (const path of hook.scripts) {
      const change = changeOf(trusted.get(path), hashes.get(path) ?? null);
      if (change === null) continue;
      changes.set(path, change);
      firstChanged ??= path;
    }
    if (firstChanged !== undefined) {
      hookProblems.push({ event: hook.event, index: hook.index, reason: scriptChangedReason(hook.name, firstChanged) });
    }
  }
  return { hookProblems, scriptChanges: [...changes].map(([path, change]) => ({ path, change })) };
}

function changeOf(trusted: string | undefined, current: string | null): ScriptChangeKind | null {
  if (trusted === undefined) return current === null ? null : 'new';
  if (current === null) return 'missing';
  return current === trusted ? null : 'changed';
}
