import type { HookEvent, HookOutcome, OutcomeHook } from '../hook-outcome.ts';
import { interpretRun } from '../interpret-runs.ts';
import { outcomeHook, runFacts } from './run-facts.ts';

type Policy = Partial<Omit<OutcomeHook, 'name'>>;

/** Outcomes made the real way, through interpretRun, from fabricated runs of named hooks. */
export function outcomesFor(event: HookEvent) {
  const make = (name: string, exitCode: number | null, stdout = '', stderr = '', policy: Policy = {}): HookOutcome =>
    interpretRun(event, outcomeHook(name, policy), runFacts({ exitCode, stdout, stderr }));
  return {
    allow: (name: string, extra: Record<string, unknown> = {}) =>
      make(name, 0, JSON.stringify({ decision: 'allow', ...extra })),
    ask: (name: string, extra: Record<string, unknown> = {}) =>
      make(name, 0, JSON.stringify({ decision: 'ask', ...extra })),
    none: (name: string, extra: Record<string, unknown> = {}) => make(name, 0, JSON.stringify(extra)),
    denyJson: (name: string, extra: Record<string, unknown> = {}) =>
      make(name, 0, JSON.stringify({ decision: 'deny', ...extra })),
    exit2: (name: string, stderr = '', stdout = '') => make(name, 2, stdout, stderr),
    halt: (name: string, stderr = '', stdout = '') => make(name, 49, stdout, stderr),
    crash: (name: string, policy: Policy = {}) => make(name, 1, '', 'boom', policy),
    invalid: (name: string, policy: Policy = {}) => make(name, 0, '{"decision":"block","context":"lost"}', '', policy),
  };
}
