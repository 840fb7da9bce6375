// interpretRun and interpretClaudeRun: the readers of interpret-run.ts and interpret-claude-run.ts
// with the real output parsers bound, for callers that may load zod whenever (tests, a host that
// runs for long). Kept apart from those two: a bundler keeps every module a static import names in
// the start-up order, even when the imported name goes unused, and the output schemas would then
// be built on every start of `cosh hooks run`, whose hooks mostly print nothing (see
// output-parsers.ts).
import type { HookEvent, HookOutcome, OutcomeHook, RunFacts } from './hook-outcome.ts';
import { interpretClaudeRunWith } from './interpret-claude-run.ts';
import { interpretRunWith } from './interpret-run.ts';
import { parseClaudeOutput } from './parse-claude-output.ts';
import { parseHookOutput } from './parse-hook-output.ts';
import { ruleOutcome } from './rule-outcome.ts';

/**
 * Interpret one finished run of a Cosh-protocol hook (O1–O6, K7). Pure and total: every
 * combination of facts, however broken, gives an outcome; nothing throws.
 *
 * Order of precedence: failed to start, timed out, killed by a signal (O5); then exit 2 deny
 * (O3), exit 49 halt (O4), exit 0 per stdout (O1, O2, O6); any other exit code (O5).
 *
 * An HTTP hook's run (H3, `httpStatus` present): a 2xx response read whole is a run that exited
 * 0 with the body as its stdout; anything else (another status, a timeout, a body over the cap,
 * a connection failure) is `error` (O5), which `onError: 'deny'` turns into a deny. It is never
 * R9's "could not start": that fail-closed rule is for processes only.
 *
 * @example
 * interpretRun('PreToolUse', { name: 'No rm', onError: 'ignore' },
 *   { exitCode: 2, signal: null, stdout: '', stderr: 'rm -rf is not allowed\n',
 *     timedOut: false, truncated: false, startError: null });
 * // { hook: 'No rm', kind: 'deny', reason: 'rm -rf is not allowed', countsAsDeny: true, … }
 */
export function interpretRun(event: HookEvent, hook: OutcomeHook, runFacts: RunFacts): HookOutcome {
  // D1: a rule hook ran in Cosh's process; its answer is the outcome.
  if (runFacts.ruleAnswer !== undefined) return ruleOutcome(event, hook, runFacts.ruleAnswer);
  return interpretRunWith(event, hook, runFacts, { cosh: parseHookOutput });
}

/**
 * Interpret one finished run of a `protocol: "claude"` hook (K5): Claude Code's exit codes and
 * JSON read into Cosh's outcomes. Pure and total: every combination of facts gives an outcome;
 * nothing throws. The first rule that applies decides:
 *
 * 1. failed to start, killed by a signal, timed out → `error` (O5; a hook that could not start
 *    counts as a deny, R9);
 * 2. exit 2 → `deny`, reason stderr trimmed, else the default (O3); stdout is not read;
 * 3. any other non-zero exit code, 49 included → `error` (O5); stdout is not read, so a JSON
 *    allow printed by a hook that then failed does not allow (Claude Code ignores it too);
 * 4. exit 0, stdout cut at the cap (R8) → `invalid`;
 * 5. exit 0, stdout a JSON object with `continue: false` → `halt`, reason `stopReason`;
 * 6. exit 0, a JSON object that breaks Claude's schema → `invalid` (O2);
 * 7. exit 0, a valid JSON object → its answer: `permissionDecision` `allow|deny|ask|defer` →
 *    allow, deny, ask (K7), none; else the deprecated `decision` `approve|block` → allow, deny;
 *    `updatedInput` (ignored with deny), `additionalContext` → context, `systemMessage` → an
 *    `info` diagnostic;
 * 8. exit 0 with blank or non-JSON stdout (even starting with `{`) → `none`.
 *
 * An HTTP hook's run (H3, `httpStatus` present) is read as for the Cosh protocol: a 2xx response
 * read whole is exit 0 with the body as stdout, anything else an `error` that `onError` decides.
 *
 * The outcome's `updatedInput` is Claude's, in Claude's fields (`file_path`, `timeout` in ms):
 * translate it back to the Cosh tool's fields before aggregating.
 *
 * @example
 * interpretClaudeRun('PreToolUse', { name: 'guard', onError: 'ignore' },
 *   { exitCode: 2, signal: null, stdout: '', stderr: 'rm -rf is not allowed\n',
 *     timedOut: false, truncated: false, startError: null });
 * // { hook: 'guard', kind: 'deny', reason: 'rm -rf is not allowed', countsAsDeny: true, … }
 */
export function interpretClaudeRun(event: HookEvent, hook: OutcomeHook, runFacts: RunFacts): HookOutcome {
  return interpretClaudeRunWith(event, hook, runFacts, { claude: parseClaudeOutput });
}
