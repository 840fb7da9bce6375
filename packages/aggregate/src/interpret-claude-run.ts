import type { Diagnostic, HookEvent, HookOutcome, OutcomeHook, RunFacts } from './hook-outcome.ts';
import {
  DENY_EXIT_CODE,
  TRUNCATED_OUTPUT_PROBLEM,
  asProcessRun,
  defaultAskReason,
  defaultDenyReason,
  defaultHaltReason,
  httpFailureOutcome,
  invalidOutputOutcome,
  isStdoutTruncated,
  outcome,
  pickReason,
  runFailureOutcome,
} from './interpret-run.ts';
import type { OutputParsers } from './output-parsers.ts';
import type { ClaudeHookOutput } from './parse-claude-output.ts';

/** `systemMessage` (K5): shown to the person as an `info` diagnostic, never to the model. */
function systemMessageDiagnostic(hook: OutcomeHook, output: ClaudeHookOutput | null): Diagnostic | null {
  if (output?.systemMessage == null) return null;
  return { level: 'info', hook: hook.name, message: `hook '${hook.name}': ${output.systemMessage}` };
}

/** A valid output's own answer (K5, K7): its decision, reason, context and rewritten input. */
function answerOutcome(event: HookEvent, hook: OutcomeHook, output: ClaudeHookOutput): HookOutcome {
  const common = { context: output.context, diagnostic: systemMessageDiagnostic(hook, output) };
  switch (output.decision) {
    case 'deny':
      // A deny ignores the rewritten input (K5): the call does not run.
      return outcome(hook, {
        kind: 'deny',
        reason: output.reason ?? defaultDenyReason(event, hook.name),
        ...common,
      });
    case 'ask':
      return outcome(hook, {
        kind: 'ask',
        reason: output.reason ?? defaultAskReason(hook.name),
        updatedInput: output.updatedInput,
        ...common,
      });
    case 'allow':
    case 'none':
      return outcome(hook, { kind: output.decision, updatedInput: output.updatedInput, ...common });
  }
}

/**
 * `interpretClaudeRun` (interpret-runs.ts) reading stdout with `parsers.claude` (see `outputParsersFor`), so a
 * caller whose hooks printed nothing need not load the output schema.
 */
export function interpretClaudeRunWith(
  event: HookEvent,
  hook: OutcomeHook,
  runFacts: RunFacts,
  parsers: Pick<OutputParsers, 'claude'>,
): HookOutcome {
  // An HTTP hook (H3): a whole 2xx answer is read as exit 0 with the body as stdout, anything else fails.
  const httpFailure = httpFailureOutcome(event, hook, runFacts);
  if (httpFailure !== null) return httpFailure;
  const facts = asProcessRun(runFacts);
  const ended = facts.startError === null && !facts.timedOut && facts.signal === null;
  if (!ended) return runFailureOutcome(event, hook, facts);

  // Exit 2 denies and any other non-zero exit fails, both without reading stdout, as Claude Code
  // does: a JSON allow printed by a hook that then failed must not allow.
  if (facts.exitCode === DENY_EXIT_CODE) {
    return outcome(hook, { kind: 'deny', reason: pickReason(null, facts.stderr, defaultDenyReason(event, hook.name)) });
  }
  if (facts.exitCode !== 0) return runFailureOutcome(event, hook, facts);

  if (isStdoutTruncated(facts)) return invalidOutputOutcome(event, hook, facts, TRUNCATED_OUTPUT_PROBLEM);
  const parsed = parsers.claude(facts.stdout);
  if (parsed.kind === 'plain') return outcome(hook, { kind: 'none' });
  const stop = parsed.kind === 'valid' ? parsed.output.stop : parsed.stop;
  if (stop !== null) {
    // A valid output lends its context and its message for the person to the halt.
    const output = parsed.kind === 'valid' ? parsed.output : null;
    return outcome(hook, {
      kind: 'halt',
      reason: stop.reason ?? defaultHaltReason(hook.name),
      context: output?.context ?? null,
      diagnostic: systemMessageDiagnostic(hook, output),
    });
  }
  if (parsed.kind === 'invalid') return invalidOutputOutcome(event, hook, facts, parsed.problem);
  return answerOutcome(event, hook, parsed.output);
}
